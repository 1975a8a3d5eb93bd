/**
 * The accounts service (spec 7 account service; docs/decisions/009): users, passwords, emailed
 * links, throttles and known devices. Functions take a database handle and plain arguments;
 * failures are AccountError codes. Sessions and cookies are the web layer's (src/server/http).
 */

export { AccountError, type AccountErrorCode } from '@/domain/errors';
export { DEVICE_COOKIE, DEVICE_LIFETIME_SECONDS, knownDeviceId, rememberDevice } from './devices';
export { setVipFlag } from './flags';
export { type GoogleIdentity, googleKeySet, verifyGoogleIdToken } from './google';
export { hashPassword, verifyPassword } from './secrets';
export {
  authorizationUrl,
  beginSocialSignIn,
  completeFacebookSignIn,
  completeGoogleSignIn,
  type FacebookSettings,
  type GoogleSettings,
  isReturnOf,
  type PendingSocialSignIn,
  type SocialIdentity,
  type SocialProvider,
} from './social';
export { signInWithProvider, toSocialFlags } from './social-accounts';
export {
  ACCOUNT_FAILURE_LIMIT,
  type AccountCheck,
  type AccountCheckThrottle,
  createAccountCheckThrottle,
  createLoginThrottle,
  FREE_REVEALS_PER_IP,
  IP_ACCOUNT_LIMIT,
  type LoginThrottle,
  PAIR_FREE_FAILURES,
  REVEALS_PER_EMAIL,
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
