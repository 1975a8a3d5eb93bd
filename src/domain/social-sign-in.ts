/**
 * How a Google or Facebook sign-in ended when it did not sign the shopper in (docs/decisions/055):
 * the flow sends the browser back to /login?signin=<outcome>, and the login page shows the outcome's
 * message. spec 8's "Invalid google token id" for every failure of Google's token.
 */
import { ACCOUNT_COPY } from './account-copy';
import { MESSAGES } from './messages';

export const SOCIAL_SIGN_IN_OUTCOMES = {
  invalidGoogleToken: MESSAGES.invalidGoogleToken,
  socialSignInExpired: ACCOUNT_COPY.socialSignInExpired,
  cancelled: ACCOUNT_COPY.socialSignInCancelled,
  facebookSignInFailed: ACCOUNT_COPY.facebookSignInFailed,
  facebookEmailWithheld: ACCOUNT_COPY.facebookEmailWithheld,
  locked: ACCOUNT_COPY.locked,
  failed: MESSAGES.somethingWentWrong,
} as const;

export type SocialSignInOutcome = keyof typeof SOCIAL_SIGN_IN_OUTCOMES;

/** The message for `?signin=` on the login page, or null for none or an unknown value. */
export function socialSignInMessage(outcome: string | null): string | null {
  if (outcome === null || !Object.hasOwn(SOCIAL_SIGN_IN_OUTCOMES, outcome)) return null;
  return SOCIAL_SIGN_IN_OUTCOMES[outcome as SocialSignInOutcome];
}

/** An AccountError code as an outcome, or 'failed' for one the login page has no words for. */
export function socialSignInOutcomeOf(code: string): SocialSignInOutcome {
  return code !== 'cancelled' && code !== 'failed' && Object.hasOwn(SOCIAL_SIGN_IN_OUTCOMES, code)
    ? (code as SocialSignInOutcome)
    : 'failed';
}
