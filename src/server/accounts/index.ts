/**
 * The accounts service (issue 6; spec 7 account service): the one module pages and endpoints use.
 * Functions take a database handle and plain arguments; failures are AccountError codes.
 */
export { AccountError, type AccountErrorCode, describeAccountError } from './errors';
export { type GoogleIdentity, googleKeySet, verifyGoogleIdToken } from './google';
export { hashPassword, verifyPassword } from './secrets';
export { ACCOUNT_FAILURE_LIMIT, createLoginThrottle, type LoginThrottle } from './throttle';
export {
  consumeSignInToken,
  isLinkUsable,
  type LinkPurpose,
  requestEmailLink,
  resetPassword,
  TOKEN_LIFETIME_MS,
} from './tokens';
export {
  activatePassword,
  anonymizeUser,
  authenticateUser,
  changePassword,
  expressRegisterUser,
  registerUser,
  retrieveUser,
  retrieveUserByEmail,
  toAccountStatus,
  toProfile,
  updateProfile,
} from './users';
