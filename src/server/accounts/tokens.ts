/**
 * Emailed single-use links: password reset, sign-in (/consume-token) and the confirmation of a
 * new registration. The token is random, only its SHA-256 is stored, it is valid for 1 hour and
 * works once. Using any link, or changing the password, ends every other outstanding link of
 * that account in the same transaction (docs/decisions/017).
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { AccountError } from '@/domain/errors';
import type { Db, DbOrTx } from '@/server/db';
import { endOutstandingLinks, type LinkPurpose, queueLink, type StoredPurpose } from './links';
import { accountTokens, type UserRow, users } from './schema';
import { hashPassword, hashToken } from './secrets';
import type { LoginThrottle, ThrottleKey } from './throttle';
import { retrieveUser, retrieveUserByEmail, writePassword } from './users';

export { type LinkPurpose, TOKEN_LIFETIME_MS } from './links';

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
  await db.transaction((tx) => queueLink(tx, user, request));
}

/** Whether a token is unused and unexpired (to show the reset form or an honest error first). */
export async function isLinkUsable(
  db: Db,
  token: string,
  purpose: 'password_reset' | 'sign_in',
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        inArray(accountTokens.purpose, accepted(purpose)),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** /consume-token takes sign-in links and registration confirmations. */
const accepted = (purpose: 'password_reset' | 'sign_in'): StoredPurpose[] =>
  purpose === 'sign_in' ? ['sign_in', 'confirm_email'] : ['password_reset'];

/**
 * Uses a token up (atomically: a second use finds it spent) and ends the account's other links,
 * in the caller's transaction. Returns the account id and which kind of link it was.
 */
async function spendToken(
  tx: DbOrTx,
  token: string,
  purpose: 'password_reset' | 'sign_in',
  now: Date,
): Promise<{ userId: number; purpose: StoredPurpose }> {
  const [spent] = await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        inArray(accountTokens.purpose, accepted(purpose)),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId, purpose: accountTokens.purpose });
  if (spent === undefined) throw new AccountError('linkInvalid');
  await endOutstandingLinks(tx, spent.userId);
  return { userId: spent.userId, purpose: spent.purpose as StoredPurpose };
}

/**
 * spec 7 password_reset: a new password through a reset link, in one transaction with the
 * token's use and the end of every other link; the failures counted against the account go.
 */
export async function resetPassword(
  db: Db,
  throttle: LoginThrottle,
  reset: { token: string; newPassword: string; now?: Date; attempt?: Omit<ThrottleKey, 'email'> },
): Promise<UserRow> {
  const passwordHash = await hashPassword(reset.newPassword);
  const updated = await db.transaction(async (tx) => {
    const { userId } = await spendToken(tx, reset.token, 'password_reset', reset.now ?? new Date());
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (user === undefined || user.anonymizedAt !== null) throw new AccountError('linkInvalid');
    return writePassword(tx, user, passwordHash, 'password_reset_done');
  });
  await throttle.clearAccount({ email: updated.email, ip: reset.attempt?.ip ?? '', device: reset.attempt?.device });
  return updated;
}

/**
 * /consume-token: signs in with a single-use emailed token (works while sign-in by password is
 * throttled). A registration's confirmation link also makes the account registered, so the
 * password chosen at registration starts to work.
 */
export async function consumeSignInToken(db: Db, token: string, now = new Date()): Promise<UserRow> {
  const userId = await db.transaction(async (tx) => {
    const spent = await spendToken(tx, token, 'sign_in', now);
    if (spent.purpose === 'confirm_email') {
      await tx.update(users).set({ isRegistered: true, updatedAt: sql`now()` }).where(eq(users.id, spent.userId));
    }
    return spent.userId;
  });
  const user = await retrieveUser(db, userId);
  if (user === null) throw new AccountError('linkInvalid');
  return user;
}
