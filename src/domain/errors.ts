/**
 * The small set of named errors services throw; one place (src/server/http.ts) maps them to HTTP.
 * No code compares error text.
 */
export class NotFound extends Error {
  override name = 'NotFound';
}

export class Invalid extends Error {
  override name = 'Invalid';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class Conflict extends Error {
  override name = 'Conflict';
}

export class PaymentDeclined extends Error {
  override name = 'PaymentDeclined';
}

/** One way to read a message out of anything thrown. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}
