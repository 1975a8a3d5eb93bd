/**
 * The named failures of capture and void (STYLE "Errors"). An authorisation never throws: every
 * way it can end is an AuthorisationResult. Capture and void run after the order's transaction,
 * where the caller needs to know only whether to retry (unreachable, noResponse) or give up.
 */
export type PaymentProviderErrorCode = 'unreachable' | 'noResponse' | 'notFound' | 'invalidState';

/** A capture or void the provider did not do; `code` says why, never the message text. */
export class PaymentProviderError extends Error {
  constructor(
    readonly code: PaymentProviderErrorCode,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'PaymentProviderError';
  }

  /** Worth trying again later (the provider did not answer), as opposed to a refusal. */
  get isRetryable(): boolean {
    return this.code === 'unreachable' || this.code === 'noResponse';
  }
}
