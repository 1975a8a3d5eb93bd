/**
 * A purchase scenario on a seeded catalogue, shared by the concurrency tests and `npm run bench`:
 * one deal whose only option has a fixed amount of stock and no other limit, and buyers who each
 * hold a basket with one unit of it.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { basketLines, baskets, dealProductStock, dealProducts, deals, users } from '../schema';

export interface LimitedDeal {
  dealId: number;
  productId: number;
  /** Price plus postage of one unit, in pence. */
  unitTotalMinor: number;
}

/** Picks a live, non-travel, not per-person deal and leaves it one option with exactly `stock` units. */
export async function prepareLimitedDeal(db: Db, stock: number): Promise<LimitedDeal> {
  const [deal] = await db
    .select({ id: deals.id })
    .from(deals)
    .where(
      and(
        eq(deals.status, 'live'),
        eq(deals.isTravel, false),
        eq(deals.pricePerPerson, false),
        gt(deals.closingDate, sql`now() + interval '30 days'`),
      ),
    )
    .orderBy(asc(deals.id))
    .limit(1);
  if (deal === undefined) throw new Error('the catalogue has no live deal to sell');
  await db.update(deals).set({ purchaseCap: null, maxPerUser: null }).where(eq(deals.id, deal.id));
  const [product] = await db
    .select()
    .from(dealProducts)
    .where(eq(dealProducts.dealId, deal.id))
    .orderBy(asc(dealProducts.sortOrder), asc(dealProducts.id))
    .limit(1);
  if (product === undefined) throw new Error(`deal ${deal.id} has no options`);
  await db
    .update(dealProducts)
    .set({
      purchaseCap: null,
      minPeople: 1,
      disabled: false,
      visibility: 'visible',
      vipExclusive: false,
      hasDeposit: false,
    })
    .where(eq(dealProducts.id, product.id));
  await db
    .insert(dealProductStock)
    .values({ productId: product.id, quantityRemaining: stock, dailyLimit: null, remainingForDay: null, soldCount: 0 })
    .onConflictDoUpdate({
      target: dealProductStock.productId,
      set: { quantityRemaining: stock, dailyLimit: null, remainingForDay: null, stockDay: null, soldCount: 0 },
    });
  return { dealId: deal.id, productId: product.id, unitTotalMinor: product.priceMinor + product.postagePriceMinor };
}

export interface ScenarioBuyer {
  user: { id: number; email: string; firstName: string };
  basketToken: string;
}

/** `count` new accounts, each with an open basket holding `quantity` of the product. */
export async function createBuyers(
  db: Db,
  deal: LimitedDeal,
  count: number,
  options: { quantity?: number; prefix?: string } = {},
): Promise<ScenarioBuyer[]> {
  const run = options.prefix ?? randomBytes(4).toString('hex');
  const buyers: ScenarioBuyer[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `buyer-${run}-${i}@example.test`;
    const [user] = await db
      .insert(users)
      .values({ email, firstName: `Buyer ${i}`, customerToken: randomBytes(16).toString('hex') })
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    if (user === undefined) throw new Error('users insert returned nothing');
    const basketToken = randomBytes(16).toString('hex');
    await db.insert(baskets).values({ id: basketToken });
    await db.insert(basketLines).values({
      basketId: basketToken,
      dealId: deal.dealId,
      dealProductId: deal.productId,
      quantity: options.quantity ?? 1,
    });
    buyers.push({ user, basketToken });
  }
  return buyers;
}
