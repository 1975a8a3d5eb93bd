/**
 * Inviting a colleague (docs/decisions/024). An owner invites by email; the invitation is a
 * single-use link, emailed through the outbox in the same transaction as its row, valid for
 * INVITE_LIFETIME_DAYS. Only a signed-in account with the invited email can accept it, so a
 * forwarded link is useless. An operator invites a merchant's first owner the same way.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { Conflict, Forbidden, Invalid, NotFound } from '@/domain/errors';
import { users } from '@/server/accounts/schema';
import { merchants } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { enqueueMail } from '@/server/mail';
import { requireMembership } from './membership';
import { type MerchantRole, merchantInvites, merchantUsers } from './schema';

export const INVITE_LIFETIME_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface InviteInput {
  merchantId: number;
  email: string;
  role: MerchantRole;
  /** The owner who invites; null for an operator. */
  byUserId: number | null;
  /** The shop's public origin, for the emailed link. */
  origin: string;
  now: Date;
}

/** Invites someone to a merchant and queues the email; answers the invite id. An earlier pending invite to the same email ends. */
export async function inviteColleague(db: Db, input: InviteInput): Promise<number> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new Invalid('Enter a valid email');
  let inviterName = 'Tuppence';
  if (input.byUserId !== null) {
    await requireMembership(db, input.byUserId, input.merchantId, 'owner');
    const [inviter] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, input.byUserId));
    inviterName = inviter?.firstName || 'A colleague';
  }
  const [merchant] = await db
    .select({ name: merchants.name })
    .from(merchants)
    .where(eq(merchants.id, input.merchantId));
  if (merchant === undefined) throw new NotFound('No merchant has this id.');
  const [already] = await db
    .select({ id: merchantUsers.id })
    .from(merchantUsers)
    .innerJoin(users, eq(users.id, merchantUsers.userId))
    .where(and(eq(merchantUsers.merchantId, input.merchantId), sql`lower(${users.email}) = ${email}`));
  if (already) throw new Conflict(`${email} is already a member of ${merchant.name}.`);

  const token = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    await tx
      .update(merchantInvites)
      .set({ revokedAt: input.now })
      .where(
        and(
          eq(merchantInvites.merchantId, input.merchantId),
          eq(merchantInvites.email, email),
          isNull(merchantInvites.acceptedAt),
          isNull(merchantInvites.revokedAt),
        ),
      );
    const [row] = await tx
      .insert(merchantInvites)
      .values({
        merchantId: input.merchantId,
        email,
        role: input.role,
        tokenHash: hashInviteToken(token),
        invitedBy: input.byUserId,
        createdAt: input.now,
        expiresAt: new Date(input.now.getTime() + INVITE_LIFETIME_DAYS * DAY_MS),
      })
      .returning({ id: merchantInvites.id });
    if (row === undefined) throw new Error('invite insert returned nothing');
    await enqueueMail(tx, {
      userId: null,
      kind: 'merchant_invite',
      recipient: email,
      subject: `Join ${merchant.name} on the Tuppence merchant dashboard`,
      template: 'notice',
      data: {
        title: `Join ${merchant.name} on Tuppence`,
        greeting: 'Hello,',
        paragraphs: [
          `${inviterName} has invited you to the Tuppence merchant dashboard for ${merchant.name}, where you can redeem customers' vouchers and see your deals.`,
          `Sign in (or create an account) with this email address, ${email}, to accept.`,
        ],
        facts: [
          ['Merchant', merchant.name],
          ['Your role', input.role === 'owner' ? 'Owner' : 'Staff'],
        ],
        action: { label: 'Accept the invitation', url: `${input.origin}/merchant/invite/${token}` },
        notes: [
          `The link works once and expires in ${INVITE_LIFETIME_DAYS} days. If you were not expecting it, ignore this email.`,
        ],
      },
    });
    return row.id;
  });
}

export interface InviteView {
  id: number;
  merchantId: number;
  merchantName: string;
  email: string;
  role: MerchantRole;
  expiresAt: Date;
}

const isOpen = (now: Date) =>
  and(isNull(merchantInvites.acceptedAt), isNull(merchantInvites.revokedAt), gt(merchantInvites.expiresAt, now));

/** Invitations as the dashboard shows them, with their merchant's name. */
function selectInvites(db: Db) {
  return db
    .select({
      id: merchantInvites.id,
      merchantId: merchantInvites.merchantId,
      merchantName: merchants.name,
      email: merchantInvites.email,
      role: merchantInvites.role,
      expiresAt: merchantInvites.expiresAt,
    })
    .from(merchantInvites)
    .innerJoin(merchants, eq(merchants.id, merchantInvites.merchantId));
}

/** The open invitation behind an emailed token, or null (used, withdrawn, expired or never issued). */
export async function retrieveInvite(db: Db, token: string, now: Date): Promise<InviteView | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await selectInvites(db).where(and(eq(merchantInvites.tokenHash, hashInviteToken(token)), isOpen(now)));
  return row ?? null;
}

/** The signed-in account accepts an invitation addressed to its email; answers the merchant id. */
export async function acceptInvite(
  db: Db,
  input: { token: string; userId: number; email: string; now: Date },
): Promise<number> {
  const invite = await retrieveInvite(db, input.token, input.now);
  if (invite === null)
    throw new NotFound('This invitation has been used, withdrawn or has expired. Ask for a new one.');
  if (invite.email !== input.email.toLowerCase()) {
    throw new Forbidden(`This invitation is for ${invite.email}. Sign in with that email address to accept it.`);
  }
  await db.transaction(async (tx) => {
    const used = await tx
      .update(merchantInvites)
      .set({ acceptedAt: input.now })
      .where(and(eq(merchantInvites.id, invite.id), isOpen(input.now)))
      .returning({ id: merchantInvites.id });
    if (used.length === 0) throw new NotFound('This invitation has already been used.');
    await tx
      .insert(merchantUsers)
      .values({ merchantId: invite.merchantId, userId: input.userId, role: invite.role, createdAt: input.now })
      .onConflictDoNothing({ target: [merchantUsers.merchantId, merchantUsers.userId] });
  });
  return invite.merchantId;
}

/** A merchant's invitations still waiting to be accepted, newest first. */
export async function listPendingInvites(db: Db, merchantId: number, now: Date): Promise<InviteView[]> {
  return selectInvites(db)
    .where(and(eq(merchantInvites.merchantId, merchantId), isOpen(now)))
    .orderBy(desc(merchantInvites.createdAt));
}

/** An owner withdraws an invitation that has not been accepted. */
export async function revokeInvite(
  db: Db,
  input: { merchantId: number; byUserId: number; inviteId: number; now: Date },
): Promise<void> {
  await requireMembership(db, input.byUserId, input.merchantId, 'owner');
  const revoked = await db
    .update(merchantInvites)
    .set({ revokedAt: input.now })
    .where(
      and(eq(merchantInvites.id, input.inviteId), eq(merchantInvites.merchantId, input.merchantId), isOpen(input.now)),
    )
    .returning({ id: merchantInvites.id });
  if (revoked.length === 0) throw new NotFound('That invitation is no longer open.');
}
