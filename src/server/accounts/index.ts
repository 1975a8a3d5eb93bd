/**
 * The accounts service (issue 6; spec 7 account service): the one module pages and endpoints use.
 * Functions take a database handle and plain arguments; failures are AccountError codes.
 */

export { AccountError, type AccountErrorCode } from '@/domain/errors';
export { DEVICE_COOKIE, knownDeviceId, rememberDevice } from './devices';
export { type GoogleIdentity, googleKeySet, verifyGoogleIdToken } from './google';
export { isPersonalRoute, loadRequestUser, PERSONAL_CACHE_CONTROL } from './request-user';
export { hashPassword, verifyPassword } from './secrets';
export { currentUser, refreshSessionEpoch, rememberDeletedEmail, signIn, signOut } from './session';
export {
  ACCOUNT_CHECK_LIMIT,
  ACCOUNT_FAILURE_LIMIT,
  type AccountCheckThrottle,
  createAccountCheckThrottle,
  createLoginThrottle,
  IP_ACCOUNT_LIMIT,
  type LoginThrottle,
  PAIR_FREE_FAILURES,
} from './throttle';
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
  canSignIn,
  changePassword,
  expressRegisterUser,
  hasUsablePassword,
  registerUser,
  retrieveUser,
  retrieveUserByEmail,
  toAccountStatus,
  toGuestAccountStatus,
  toProfile,
  updateProfile,
} from './users';
