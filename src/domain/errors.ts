/**
 * Issue 16.3: the one family of application errors. A service throws one of these; the HTTP boundary
 * (src/server/endpoints: spec 7 endpoints, Astro Actions, form pages) answers it with the status of its
 * kind and its message, spec 8's wording where the spec has one. Status and wording are decided here
 * and nowhere else: a service never builds a Response and a page never compares message text.
 * Pure: no I/O, no Astro, no server code.
 */
import { ACCOUNT_COPY, PASSWORD_ALREADY_SET } from './account-copy';
import { type BasketErrorCode, basketErrorWording } from './basket-copy';
import { CHECKOUT_COPY, notEnoughLeftMessage } from './checkout-copy';
import { MESSAGES } from './messages';
import { type RedeemRefusal, refusalMessage } from './redemption';
import { LIFECYCLE_COPY } from './voucher-lifecycle';

/** What kind of refusal: the caller's request is not found, invalid, in conflict, and so on. */
export type ErrorKind =
  | 'notFound'
  | 'invalid'
  | 'conflict'
  | 'forbidden'
  | 'unauthorised'
  | 'paymentDeclined'
  | 'rateLimited'
  | 'failed';

/** The one mapping of a kind to its HTTP status. `failed`: the shop could not do it (not the caller's fault). */
export const STATUS_OF_KIND: Readonly<Record<ErrorKind, number>> = {
  notFound: 404,
  invalid: 400,
  conflict: 409,
  forbidden: 403,
  unauthorised: 401,
  paymentDeclined: 402,
  rateLimited: 429,
  failed: 500,
};

/** A refusal the caller may read: `message` is the shopper-facing wording; `code` names it for code. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  /** Seconds before trying again (a Retry-After header), for rate limits. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: ErrorKind, message: string, options: { code?: string; retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.code = options.code ?? kind;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): number {
    return STATUS_OF_KIND[this.kind];
  }
}

type Options = { code?: string; retryAfterSeconds?: number };
export class NotFound extends AppError {
  constructor(message: string, options?: Options) {
    super('notFound', message, options);
  }
}
export class Invalid extends AppError {
  constructor(message: string, options?: Options) {
    super('invalid', message, options);
  }
}
export class Conflict extends AppError {
  constructor(message: string, options?: Options) {
    super('conflict', message, options);
  }
}
export class Forbidden extends AppError {
  constructor(message: string, options?: Options) {
    super('forbidden', message, options);
  }
}
export class Unauthorised extends AppError {
  constructor(message: string, options?: Options) {
    super('unauthorised', message, options);
  }
}
export class PaymentDeclined extends AppError {
  constructor(message: string, options?: Options) {
    super('paymentDeclined', message, options);
  }
}
export class RateLimited extends AppError {
  constructor(message: string, options?: Options) {
    super('rateLimited', message, options);
  }
}

// The services' named refusals: each code is a kind of the family with its catalogue wording.

const ACCOUNT_ERRORS = {
  signInRefused: ['unauthorised', ACCOUNT_COPY.signInRefused],
  throttled: ['rateLimited', ACCOUNT_COPY.throttled],
  tooManyChecks: ['rateLimited', ACCOUNT_COPY.tooManyChecks],
  locked: ['rateLimited', ACCOUNT_COPY.locked],
  emailTaken: ['conflict', ACCOUNT_COPY.emailTaken],
  wrongCurrentPassword: ['invalid', ACCOUNT_COPY.wrongCurrentPassword],
  linkInvalid: ['invalid', ACCOUNT_COPY.linkInvalid],
  notSignedIn: ['unauthorised', ACCOUNT_COPY.notSignedIn],
  // spec 8, exactly
  invalidGoogleToken: ['unauthorised', MESSAGES.invalidGoogleToken],
  emailNotRegistered: ['notFound', MESSAGES.emailNotRegistered],
  passwordAlreadySet: ['conflict', PASSWORD_ALREADY_SET],
} as const satisfies Record<string, readonly [ErrorKind, string]>;

export type AccountErrorCode = keyof typeof ACCOUNT_ERRORS;

/** A refused account operation (issue 6). */
export class AccountError extends AppError {
  declare readonly code: AccountErrorCode;
  constructor(code: AccountErrorCode, retryAfterSeconds?: number) {
    const [kind, message] = ACCOUNT_ERRORS[code];
    super(kind, message, { code, retryAfterSeconds });
    this.name = 'AccountError';
  }
}

const BASKET_KINDS: Readonly<Record<BasketErrorCode, ErrorKind>> = {
  noBasketToken: 'invalid',
  argsMalformed: 'invalid',
  basketNotFound: 'notFound',
  lineNotFound: 'notFound',
  unknownProduct: 'notFound',
  dealEnded: 'conflict',
  productDisabled: 'conflict',
  vipOnly: 'forbidden',
  soldOut: 'conflict',
  cannotBuy: 'conflict',
  basketOwned: 'forbidden',
  deliveryOptionUnavailable: 'invalid',
};

export type { BasketErrorCode };

/** A refused basket operation (spec 5; wording in basket-copy.ts). */
export class BasketError extends AppError {
  declare readonly code: BasketErrorCode;
  constructor(code: BasketErrorCode) {
    super(BASKET_KINDS[code], basketErrorWording(code), { code });
    this.name = 'BasketError';
  }
}

export type OrderFailureCode =
  | 'emptyBasket'
  | 'basketChanged'
  | 'notEnoughLeft'
  | 'paymentRequired'
  | 'walletShort'
  | 'promotionRefused'
  | 'orderFailed';

const ORDER_KINDS: Readonly<Record<OrderFailureCode, ErrorKind>> = {
  emptyBasket: 'invalid',
  basketChanged: 'conflict',
  notEnoughLeft: 'conflict',
  paymentRequired: 'invalid',
  walletShort: 'conflict',
  promotionRefused: 'conflict',
  orderFailed: 'failed',
};

/** A refusal raised inside the order transaction; it rolls the transaction back. */
export class OrderError extends AppError {
  declare readonly code: OrderFailureCode;
  readonly detail: { title?: string; available?: number; message?: string };
  /** promotionRefused carries the promotion's own message (domain/promotions, spec 5 classes). */
  constructor(code: OrderFailureCode, detail: { title?: string; available?: number; message?: string } = {}) {
    const message = {
      emptyBasket: CHECKOUT_COPY.emptyBasket,
      basketChanged: CHECKOUT_COPY.basketChanged,
      notEnoughLeft: notEnoughLeftMessage(detail.title ?? 'this deal', detail.available ?? 0),
      paymentRequired: CHECKOUT_COPY.needCard,
      walletShort: CHECKOUT_COPY.walletShort,
      promotionRefused: detail.message ?? CHECKOUT_COPY.basketChanged,
      orderFailed: MESSAGES.purchaseNotCompleted,
    }[code];
    super(ORDER_KINDS[code], message, { code });
    this.name = 'OrderError';
    this.detail = detail;
  }
}

const REDEEM_KINDS: Readonly<Record<RedeemRefusal, ErrorKind>> = {
  not_found: 'notFound',
  already_redeemed: 'conflict',
  refunded: 'conflict',
  expired: 'conflict',
  other_merchant: 'forbidden',
  not_redeemable: 'conflict',
};

/** A voucher the merchant may not redeem (issue 23 item 2); raised after the attempt's audit row has committed. */
export class RedeemError extends AppError {
  declare readonly code: RedeemRefusal;
  constructor(code: RedeemRefusal, status: string) {
    super(REDEEM_KINDS[code], refusalMessage(code, status), { code });
    this.name = 'RedeemError';
  }
}

export type LifecycleRefusal =
  | 'alreadyRefunded'
  | 'windowClosed'
  | 'notReturnable'
  | 'expired'
  | 'notExtendable'
  | 'extensionUsed'
  | 'alreadyProtected'
  | 'notProtectable'
  | 'physicalNeedsReturn'
  | 'notPhysical'
  | 'notYours';

/** A voucher lifecycle move that is refused (issue 18; wording in voucher-lifecycle.ts). */
export class LifecycleError extends AppError {
  declare readonly code: LifecycleRefusal;
  constructor(code: LifecycleRefusal, message?: string) {
    super(code === 'notYours' ? 'notFound' : 'conflict', message ?? LIFECYCLE_COPY[code], { code });
    this.name = 'LifecycleError';
  }
}

/** The status and message a caller reads for a refusal. */
export function describeError(error: AppError): { status: number; message: string } {
  return { status: error.status, message: error.message };
}

export { getErrorMessage } from './error-message';
