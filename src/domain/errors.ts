/**
 * The one family of application errors. A service throws one of these, or returns a `Refusal` with
 * the same kinds where a refusal is an answer rather than an exception (a declined payment); the web
 * layer (src/server/http) answers either with the HTTP status of its kind and its message, spec 8's
 * wording where the spec has one (docs/decisions/038-one-http-edge.md). A kind names what went wrong;
 * which status it is on the wire is decided there, once, never here nor in a service. A page never
 * compares message text. Pure: no I/O, no Astro, no server code.
 */
import { ACCOUNT_COPY, PASSWORD_ALREADY_SET } from './account-copy';
import { type BasketErrorCode, basketErrorWording } from './basket-copy';
import { CHECKOUT_COPY, notEnoughLeftMessage } from './checkout-copy';
import { MESSAGES } from './messages';
import { type RedeemRefusal, refusalMessage } from './redemption';
import { LIFECYCLE_COPY } from './voucher-lifecycle';

/**
 * What kind of refusal: the caller's request is not found, invalid, in conflict, and so on.
 * `unprocessable`: understood but not done as asked (a payment method not offered, an Idempotency-Key
 * reused with another body); `failed`: the shop could not do it (not the caller's fault);
 * `unavailable` / `timedOut`: a provider could not be reached, or did not answer in time.
 */
export type ErrorKind =
  | 'notFound'
  | 'invalid'
  | 'conflict'
  | 'forbidden'
  | 'unauthorised'
  | 'paymentDeclined'
  | 'unprocessable'
  | 'rateLimited'
  | 'failed'
  | 'unavailable'
  | 'timedOut';

/**
 * A refusal returned as a result (`{ ok: false, ... }`) where the caller goes on after it: the same
 * kinds as the thrown family, the shopper-facing message, and where the answer has them the card's or
 * provider's reason and a code naming the case for code (spec 3 pay failures).
 */
export interface Refusal<Code extends string = never> {
  ok: false;
  kind: ErrorKind;
  message: string;
  reason?: string | null;
  code?: Code;
}

/** A refusal with its reason (`null` when it has none, as the pay calls answer it). */
export function refused(kind: ErrorKind, message: string, reason: string | null = null): Refusal {
  return { ok: false, kind, message, reason };
}

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
  // Social sign-in (decision 055)
  socialSignInExpired: ['invalid', ACCOUNT_COPY.socialSignInExpired],
  facebookSignInFailed: ['unauthorised', ACCOUNT_COPY.facebookSignInFailed],
  facebookEmailWithheld: ['invalid', ACCOUNT_COPY.facebookEmailWithheld],
} as const satisfies Record<string, readonly [ErrorKind, string]>;

export type AccountErrorCode = keyof typeof ACCOUNT_ERRORS;

/** A refused account operation (docs/decisions/009-accounts-and-identity.md). */
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
  | 'deliveryAddressRequired'
  | 'orderFailed';

const ORDER_KINDS: Readonly<Record<OrderFailureCode, ErrorKind>> = {
  emptyBasket: 'invalid',
  basketChanged: 'conflict',
  notEnoughLeft: 'conflict',
  paymentRequired: 'invalid',
  walletShort: 'conflict',
  promotionRefused: 'conflict',
  deliveryAddressRequired: 'invalid',
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
      deliveryAddressRequired: CHECKOUT_COPY.deliveryAddressRequired,
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

/** A voucher the merchant may not redeem (docs/decisions/024); raised after the attempt's audit row has committed. */
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
  | 'notYours'
  | 'giftWaiting'
  | 'membership';

/** A voucher lifecycle move that is refused (docs/decisions/026; wording in voucher-lifecycle.ts). */
export class LifecycleError extends AppError {
  declare readonly code: LifecycleRefusal;
  constructor(code: LifecycleRefusal, message?: string) {
    super(code === 'notYours' ? 'notFound' : 'conflict', message ?? LIFECYCLE_COPY[code], { code });
    this.name = 'LifecycleError';
  }
}

/** A thrown refusal as a returned one (its kind and message). */
export function refusalOf(error: AppError, reason: string | null = null): Refusal {
  return refused(error.kind, error.message, reason);
}

export { getErrorMessage } from './error-message';
