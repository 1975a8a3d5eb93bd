/**
 * The named failures of the accounts service (STYLE "Errors"). Pages and endpoints map them to a
 * status and the catalogue's wording in one place (`describeAccountError`).
 */
import { ACCOUNT_COPY, PASSWORD_ALREADY_SET } from '../../domain/account-copy';
import { MESSAGES } from '../../domain/messages';

export type AccountErrorCode =
  | 'signInRefused'
  | 'throttled'
  | 'tooManyChecks'
  | 'locked'
  | 'emailTaken'
  | 'wrongCurrentPassword'
  | 'linkInvalid'
  | 'notSignedIn'
  | 'invalidGoogleToken'
  | 'emailNotRegistered'
  | 'passwordAlreadySet';

/** A refused account operation; `code` says which, never the message text. */
export class AccountError extends Error {
  constructor(
    readonly code: AccountErrorCode,
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = 'AccountError';
  }
}

const STATUS: Readonly<Record<AccountErrorCode, number>> = {
  signInRefused: 401,
  throttled: 429,
  tooManyChecks: 429,
  locked: 429,
  emailTaken: 409,
  wrongCurrentPassword: 400,
  linkInvalid: 400,
  notSignedIn: 401,
  invalidGoogleToken: 401,
  emailNotRegistered: 404,
  passwordAlreadySet: 409,
};

const WORDING: Readonly<Record<AccountErrorCode, string>> = {
  signInRefused: ACCOUNT_COPY.signInRefused,
  throttled: ACCOUNT_COPY.throttled,
  tooManyChecks: ACCOUNT_COPY.tooManyChecks,
  locked: ACCOUNT_COPY.locked,
  emailTaken: ACCOUNT_COPY.emailTaken,
  wrongCurrentPassword: ACCOUNT_COPY.wrongCurrentPassword,
  linkInvalid: ACCOUNT_COPY.linkInvalid,
  notSignedIn: ACCOUNT_COPY.notSignedIn,
  // spec 8, exactly
  invalidGoogleToken: MESSAGES.invalidGoogleToken,
  emailNotRegistered: MESSAGES.emailNotRegistered,
  passwordAlreadySet: PASSWORD_ALREADY_SET,
};

/** The HTTP status and user-facing message of an account failure. */
export function describeAccountError(error: AccountError): { status: number; message: string } {
  return { status: STATUS[error.code], message: WORDING[error.code] };
}
