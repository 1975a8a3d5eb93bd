/**
 * Account wording the spec does not quote. Spec strings stay in messages.ts; these are
 * ours, kept in one place so pages, endpoints and tests say the same thing.
 */
export const ACCOUNT_COPY = {
  /** Beside every new-password field: the stricter spec 5 rule (decision 009) in one sentence. */
  passwordHint: 'At least 8 characters, with an uppercase letter and a number or special character.',
  /** One message for a wrong email or a wrong password, so neither is revealed (decision 009). */
  signInRefused: 'That email and password do not match our records.',
  throttled:
    'Too many sign-in attempts. Please wait a few minutes, or sign in now with a link sent to your email (Forgotten your password?).',
  /**
   * One answer to every registration, whether or not the email had an account, so registering tells
   * no one which emails have accounts (decision 017).
   */
  registerCheckEmail:
    'Thanks. Check your email to finish creating your account: we have sent a link that works once, for 1 hour. If this email already has an account, the email tells you how to sign in.',
  /** express-register's one answer, account or not (decision 017). */
  expressRegistered: "Thanks. We'll use this email address for your order.",
  /** Too many anonymous account checks from one address (decision 017). */
  tooManyChecks: 'Too many requests. Please wait a few minutes and try again.',
  locked: 'This account is locked after too many sign-in attempts. Reset your password to unlock it.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  passwordTooLong: 'Password must be at most 128 characters long.',
  /** Social sign-in (decision 055): the return did not match the sign-in this browser started, or came too late. */
  socialSignInExpired: 'That sign-in did not complete or took too long. Please try again.',
  socialSignInCancelled: 'Sign-in was cancelled. You can try again or sign in with your email.',
  facebookSignInFailed: 'We could not sign you in with Facebook. Please try again or sign in with your email.',
  facebookEmailWithheld:
    'Facebook did not share your email address, so we could not sign you in. Allow Tuppence to see your email, or sign in with your email.',
  wrongCurrentPassword: 'Your current password is not correct.',
  passwordChanged: 'Your password has been changed.',
  passwordSet: 'Your password has been set.',
  profileSaved: 'Your details have been saved.',
  resetSent:
    'If an account exists for that email, we have sent a link to reset your password. It works once, for 1 hour.',
  linkInvalid: 'This link has expired or has already been used. Please ask for a new one.',
  resetDone: 'Your password has been reset. You are now signed in.',
  accountDeleted: 'Your account has been deleted. Your orders are kept for our accounts.',
  confirmDeletion: 'Please confirm that you want to delete your account.',
  signedOut: 'You have been signed out.',
  notSignedIn: 'Please sign in first.',
} as const;

/** Copy for a password set twice through password_activate. */
export const PASSWORD_ALREADY_SET = 'This account already has a password. Please use Change password instead.';
