/**
 * The sold-out sign-up's own rules, free of zod so the deal page's island stays light (decision 018).
 * The server validates with SoldOutNotificationEmailSchema (contracts/deal-detail); a test keeps
 * the two in step.
 */

/** What the page says after a sign-up (our wording; the spec gives none). */
export const SIGNED_UP_MESSAGE = "Thanks, we'll email you if this deal comes back.";

// zod 4's default email pattern (z.email()), so the browser and the server agree.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The trimmed email when the server would accept it, else null. */
export function readSignupEmail(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const email = raw.trim();
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}
