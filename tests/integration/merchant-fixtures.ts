/**
 * Merchant members for tests: a user made a member of a deal's merchant, and a voucher to redeem.
 * Needs a seeded catalogue (seedCatalogue).
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../src/server/db';
import { deals, type MerchantRole, merchantUsers } from '../../src/server/db/schema';
import { insertTestOrder, insertTestUser } from './commerce-fixtures';

/** A new account that is a member of this merchant. */
export async function insertMerchantMember(db: Db, merchantId: number, role: MerchantRole = 'staff') {
  const user = await insertTestUser(db);
  await db.insert(merchantUsers).values({ merchantId, userId: user.id, role });
  return user;
}

/** The first live non-travel deal, its merchant, and a deal of another merchant. */
export async function twoMerchants(db: Db) {
  const [deal] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.status, 'live'), eq(deals.isTravel, false)))
    .orderBy(asc(deals.id))
    .limit(1);
  if (!deal) throw new Error('seed the catalogue first');
  const [other] = await db
    .select()
    .from(deals)
    .where(and(eq(deals.status, 'live'), eq(deals.isTravel, false), ne(deals.merchantId, deal.merchantId)))
    .orderBy(asc(deals.id))
    .limit(1);
  if (!other) throw new Error('a second merchant expected in the seed');
  return { deal, merchantId: deal.merchantId, otherDeal: other, otherMerchantId: other.merchantId };
}

/** A customer's order of one voucher for this deal; answers the voucher. */
export async function boughtVoucher(db: Db, dealId: number, now = new Date(), firstName?: string) {
  const customer = await insertTestUser(db);
  if (firstName) {
    const { users } = await import('../../src/server/db/schema');
    await db.update(users).set({ firstName }).where(eq(users.id, customer.id));
  }
  const { vouchers } = await insertTestOrder(db, { userId: customer.id, dealId, quantity: 1, now });
  const [voucher] = vouchers;
  if (!voucher) throw new Error('a voucher expected');
  return { voucher, customer };
}
