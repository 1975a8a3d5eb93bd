/**
 * Who works for which merchant (docs/decisions/024). A merchant user is an ordinary account that is
 * a member of a merchant; the dashboard asks here before showing anything.
 */
import { and, asc, eq } from 'drizzle-orm';
import { Forbidden, NotFound } from '@/domain/errors';
import { users } from '@/server/accounts/schema';
import { merchants } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { type MerchantRole, merchantUsers } from './schema';

export interface Membership {
  merchantId: number;
  merchantName: string;
  town: string;
  role: MerchantRole;
}

/** The merchants this account works for, by name. */
export async function listMemberships(db: Db, userId: number): Promise<Membership[]> {
  return db
    .select({ merchantId: merchants.id, merchantName: merchants.name, town: merchants.town, role: merchantUsers.role })
    .from(merchantUsers)
    .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
    .where(eq(merchantUsers.userId, userId))
    .orderBy(asc(merchants.name), asc(merchants.id));
}

/** This account's membership of this merchant, or null (a stranger to it). */
export async function retrieveMembership(db: Db, userId: number, merchantId: number): Promise<Membership | null> {
  const [row] = await db
    .select({ merchantId: merchants.id, merchantName: merchants.name, town: merchants.town, role: merchantUsers.role })
    .from(merchantUsers)
    .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
    .where(and(eq(merchantUsers.userId, userId), eq(merchantUsers.merchantId, merchantId)));
  return row ?? null;
}

/**
 * The membership a dashboard page needs: a stranger to the merchant gets the same 404 as a merchant
 * that does not exist (ids cannot be probed); `owner` pages refuse staff with a 403.
 */
export async function requireMembership(
  db: Db,
  userId: number,
  merchantId: number,
  role: MerchantRole | 'any' = 'any',
): Promise<Membership> {
  const membership = await retrieveMembership(db, userId, merchantId);
  if (membership === null) throw new NotFound('No merchant dashboard here.');
  if (role === 'owner' && membership.role !== 'owner')
    throw new Forbidden('Only an owner of this merchant can do that.');
  return membership;
}

export interface Member {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  role: MerchantRole;
  since: Date;
}

/** A merchant's members, owners first. */
export async function listMembers(db: Db, merchantId: number): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: merchantUsers.role,
      since: merchantUsers.createdAt,
    })
    .from(merchantUsers)
    .innerJoin(users, eq(users.id, merchantUsers.userId))
    .where(eq(merchantUsers.merchantId, merchantId))
    .orderBy(asc(merchantUsers.createdAt), asc(users.id));
  return rows.sort((a, b) => (a.role === b.role ? 0 : a.role === 'owner' ? -1 : 1));
}

/**
 * An owner removes a colleague. The last owner cannot remove themselves (the merchant would be left
 * with nobody who can invite); anyone else goes at once and their next page load shows no dashboard.
 */
export async function removeMember(
  db: Db,
  input: { merchantId: number; byUserId: number; userId: number },
): Promise<void> {
  await requireMembership(db, input.byUserId, input.merchantId, 'owner');
  await db.transaction(async (tx) => {
    const members = await tx
      .select({ userId: merchantUsers.userId, role: merchantUsers.role })
      .from(merchantUsers)
      .where(eq(merchantUsers.merchantId, input.merchantId))
      .for('update');
    const target = members.find((member) => member.userId === input.userId);
    if (target === undefined) throw new NotFound('That person is not a member of this merchant.');
    const owners = members.filter((member) => member.role === 'owner');
    if (target.role === 'owner' && owners.length === 1) {
      throw new Forbidden('You are the only owner, so you cannot be removed. Invite another owner first.');
    }
    await tx
      .delete(merchantUsers)
      .where(and(eq(merchantUsers.merchantId, input.merchantId), eq(merchantUsers.userId, input.userId)));
  });
}
