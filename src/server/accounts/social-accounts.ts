/**
 * Accounts from a social sign-in (docs/decisions/055; spec 7 registergoogleuser and
 * /facebook/authenticate): a new email registers an account with no password; an existing one is
 * linked and signed in. The provider has verified the email, so the account is registered at once.
 * spec 3 user flags: tpl (a third-party login), isFacebook (signed in with Facebook), FBO
 * (Facebook only: no password that signs in).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AccountError } from '@/domain/errors';
import type { Db } from '@/server/db';
import { endOutstandingLinks } from './links';
import { type UserRow, users } from './schema';
import { newToken } from './secrets';
import type { SocialIdentity } from './social';
import { hasUsablePassword } from './users';

const byEmail = (email: string) => and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.anonymizedAt));

/**
 * The account the provider's verified email names, made when there is none (no password), or linked
 * when there is. A locked account stays locked (a password reset lifts it). An unconfirmed
 * registration's password was chosen by whoever registered, not necessarily the email's owner, so
 * linking drops it: the provider proves the email, not that password.
 */
export async function signInWithProvider(db: Db, identity: SocialIdentity): Promise<{ user: UserRow; isNew: boolean }> {
  const isFacebook = identity.provider === 'facebook';
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const outcome = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(byEmail(identity.email)).limit(1).for('update');
      if (existing === undefined) {
        const [created] = await tx
          .insert(users)
          .values({
            email: identity.email,
            firstName: identity.firstName,
            lastName: identity.lastName,
            passwordHash: null,
            customerToken: newToken(),
            isRegistered: true,
            isThirdPartyLogin: true,
            isFacebook,
          })
          .onConflictDoNothing()
          .returning();
        return created === undefined ? null : { user: created, isNew: true };
      }
      if (existing.isLocked) throw new AccountError('locked');
      const dropsPassword = existing.passwordHash !== null && !existing.isRegistered;
      const [linked] = await tx
        .update(users)
        .set({
          isThirdPartyLogin: true,
          isFacebook: existing.isFacebook || isFacebook,
          isRegistered: true,
          passwordHash: dropsPassword ? null : existing.passwordHash,
          firstName: existing.firstName || identity.firstName,
          lastName: existing.lastName || identity.lastName,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, existing.id))
        .returning();
      if (linked === undefined) throw new Error('users update returned nothing');
      // The unconfirmed registration's emailed links end with its password.
      if (dropsPassword) await endOutstandingLinks(tx, existing.id);
      return { user: linked, isNew: false };
    });
    // null: a registration of the same email won the race; the second pass links to it.
    if (outcome !== null) return outcome;
  }
  throw new Error('social sign-in could not settle on an account');
}

/** spec 3 user flags isFacebook and FBO (Facebook only: signed in with Facebook and no usable password). */
export function toSocialFlags(user: UserRow): { isFacebook: boolean; FBO: boolean } {
  return { isFacebook: user.isFacebook, FBO: user.isFacebook && !hasUsablePassword(user) };
}
