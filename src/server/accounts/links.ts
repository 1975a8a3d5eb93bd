/**
 * The emailed links' rows and wording (docs/decisions/009) and the end of an account's outstanding
 * links (docs/decisions/017: one link ends the others). Shared by tokens.ts and users.ts inside
 * their transactions.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db';
import { enqueueMail } from '@/server/mail';
import { accountTokens, type UserRow } from './schema';
import { hashToken, newToken } from './secrets';

/** Reset and sign-in links are valid for 1 hour (docs/decisions/009). */
export const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** What an emailed link does; `set_password` is a reset link worded for an account without a password. */
export type LinkPurpose = 'password_reset' | 'sign_in' | 'confirm_email' | 'set_password';
export type StoredPurpose = 'password_reset' | 'sign_in' | 'confirm_email';

/** Every purpose that is an emailed link (device tokens are not links and stay). */
export const LINK_PURPOSES: StoredPurpose[] = ['password_reset', 'sign_in', 'confirm_email'];

const LINKS: Readonly<
  Record<LinkPurpose, { stored: StoredPurpose; path: string; subject: string; lead: string; action: string }>
> = {
  password_reset: {
    stored: 'password_reset',
    path: '/forgot-password/reset',
    subject: 'Reset your Tuppence password',
    lead: 'Someone (hopefully you) asked to reset the password of your Tuppence account. Choose a new one with this link.',
    action: 'Choose a new password',
  },
  set_password: {
    stored: 'password_reset',
    path: '/forgot-password/reset',
    subject: 'Set your Tuppence password',
    lead: 'Someone (hopefully you) asked to create a Tuppence account with this email. You already have one from an earlier order: choose its password with this link.',
    action: 'Set your password',
  },
  sign_in: {
    stored: 'sign_in',
    path: '/consume-token',
    subject: 'Your Tuppence sign-in link',
    lead: 'Sign in to your Tuppence account with this link.',
    action: 'Sign in to Tuppence',
  },
  confirm_email: {
    stored: 'confirm_email',
    path: '/consume-token',
    subject: 'Confirm your email to finish creating your Tuppence account',
    lead: 'Thanks for joining Tuppence. Confirm your email and sign in with this link.',
    action: 'Confirm your email',
  },
};

/** Ends every unused link of an account, in the caller's transaction (docs/decisions/017: one ends the others). */
export async function endOutstandingLinks(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, userId),
        isNull(accountTokens.usedAt),
        inArray(accountTokens.purpose, LINK_PURPOSES),
      ),
    );
}

/** Writes a link token and its email for this account inside a transaction (no commit of its own). */
export async function queueLink(
  tx: DbOrTx,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  request: { purpose: LinkPurpose; origin: string; now?: Date },
): Promise<void> {
  const token = newToken();
  const now = request.now ?? new Date();
  const link = LINKS[request.purpose];
  await tx.insert(accountTokens).values({
    userId: user.id,
    purpose: link.stored,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
  });
  await enqueueMail(tx, {
    userId: user.id,
    kind: request.purpose,
    recipient: user.email,
    subject: link.subject,
    template: 'notice',
    data: {
      preview: link.lead,
      greeting: `Hi ${user.firstName || 'there'},`,
      paragraphs: [link.lead],
      action: { label: link.action, url: `${request.origin}${link.path}?token=${token}` },
      notes: ['The link works once and expires in 1 hour. If you did not ask for it, ignore this email.'],
    },
  });
}
