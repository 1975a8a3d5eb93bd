/**
 * Emailed single-use links: password reset and sign-in (/consume-token). The token is random,
 * only its SHA-256 is stored, it is valid for 1 hour and works once.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { accountTokens, type UserRow } from '../db/schema';
import { enqueueMail } from '../mail';
import { AccountError } from './errors';
import { hashToken, newToken } from './secrets';
import type { LoginThrottle } from './throttle';
import { resetUserPassword, retrieveUser, retrieveUserByEmail } from './users';

/** Issue 6: reset links are valid for 1 hour. */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export type LinkPurpose = 'password_reset' | 'sign_in';

const LINKS: Readonly<Record<LinkPurpose, { path: string; subject: string; lead: string }>> = {
  password_reset: {
    path: '/forgot-password/reset',
    subject: 'Reset your Tuppence password',
    lead: 'Someone (hopefully you) asked to reset the password of your Tuppence account. Choose a new one here:',
  },
  sign_in: {
    path: '/consume-token',
    subject: 'Your Tuppence sign-in link',
    lead: 'Sign in to your Tuppence account with this link:',
  },
};

/**
 * Queues an email with a single-use link when an active account has this email; says nothing
 * either way (the caller shows one message), so accounts cannot be discovered here.
 */
export async function requestEmailLink(
  db: Db,
  request: { email: string; purpose: LinkPurpose; origin: string; now?: Date },
): Promise<void> {
  const user = await retrieveUserByEmail(db, request.email);
  if (user === null) return;
  const token = newToken();
  const now = request.now ?? new Date();
  const link = LINKS[request.purpose];
  await db.transaction(async (tx) => {
    await tx.insert(accountTokens).values({
      userId: user.id,
      purpose: request.purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    });
    await enqueueMail(tx, {
      userId: user.id,
      kind: request.purpose,
      recipient: user.email,
      subject: link.subject,
      body: `Hi ${user.firstName || 'there'},\n\n${link.lead}\n\n${request.origin}${link.path}?token=${token}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this email.\n`,
    });
  });
}

/** Whether a token is unused and unexpired (to show the reset form or an honest error first). */
export async function isLinkUsable(db: Db, token: string, purpose: LinkPurpose, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Uses a token up (atomically: a second use finds it spent) and returns its account. */
async function spendToken(db: Db, token: string, purpose: LinkPurpose, now: Date): Promise<UserRow> {
  const [spent] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId });
  const user = spent ? await retrieveUser(db, spent.userId) : null;
  if (user === null) throw new AccountError('linkInvalid');
  return user;
}

/** spec 7 password_reset: a new password through a reset link; lifts a lock (isLocked). */
export async function resetPassword(
  db: Db,
  throttle: LoginThrottle,
  reset: { token: string; newPassword: string; now?: Date },
): Promise<UserRow> {
  const user = await spendToken(db, reset.token, 'password_reset', reset.now ?? new Date());
  return resetUserPassword(db, throttle, user, reset.newPassword);
}

/** /consume-token: signs in with a single-use emailed token. */
export function consumeSignInToken(db: Db, token: string, now = new Date()): Promise<UserRow> {
  return spendToken(db, token, 'sign_in', now);
}
