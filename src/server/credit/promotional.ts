/**
 * Promotional credit (spec 1 and 9: 10% up to 5 pounds per eligible item), earned by an order after
 * it commits (the `promotional-credit` subscriber of `order.placed`). An item is eligible when a
 * promotional-credit offer covering its deal's category ran when the order was placed, and the
 * order used no promotion code (one promotion per order: docs/decisions/021). The credit goes to
 * the wallet's marketing balance with spec 4's 12-month expiry, in one transaction with its grant
 * row (once per order).
 */
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { promotionalCreditFor } from '@/domain/credit';
import { walletCreditExpiry } from '@/domain/wallet';
import { deals } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { orderLines, orders } from '@/server/orders/schema';
import { retrieveOrderPromotion } from '@/server/promotions';
import { creditWallet } from '@/server/wallet';
import { creditGrants, promotionalCreditOffers } from './schema';

/** The promotional credit an order earns (0 when none), from its lines as stored. */
export async function promotionalCreditOfOrder(
  db: Db,
  orderId: number,
  /** When the order was placed, as its `order.placed` event carries it (docs/decisions/072). */
  placedAt?: Date,
): Promise<number> {
  // Knowing when the order was placed, the offers running then are read first: most of the time
  // none ran, and the order is never read (docs/decisions/072).
  const early = placedAt === undefined ? null : await offersRunningAt(db, placedAt);
  if (early !== null && early.length === 0) return 0;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (order === undefined || order.status !== 'placed') return 0;
  if ((await retrieveOrderPromotion(db, orderId)) !== null) return 0;
  const offers = early ?? (await offersRunningAt(db, order.createdAt));
  if (offers.length === 0) return 0;
  const lines = await db
    .select({
      quantity: orderLines.quantity,
      unitPaidMinor: orderLines.unitPriceMinor,
      categoryId: deals.categoryId,
      subCategoryId: deals.subCategoryId,
    })
    .from(orderLines)
    .innerJoin(deals, eq(deals.id, orderLines.dealId))
    .where(eq(orderLines.orderId, orderId));
  const covered = (line: (typeof lines)[number]) =>
    offers.some(
      (offer) =>
        offer.categoryIds.length === 0 ||
        offer.categoryIds.includes(line.categoryId) ||
        (line.subCategoryId !== null && offer.categoryIds.includes(line.subCategoryId)),
    );
  return promotionalCreditFor(lines.filter(covered));
}

/**
 * An offer ran at some moment between `from` and `to` (the same moment for "running at"): it had
 * started by `to`, and neither its planned end nor an operator's early end came before `from`.
 */
function ranBetween(from: Date, to: Date) {
  return and(
    lte(promotionalCreditOffers.startsAt, to),
    or(isNull(promotionalCreditOffers.endsAt), gt(promotionalCreditOffers.endsAt, from)),
    or(isNull(promotionalCreditOffers.endedAt), gt(promotionalCreditOffers.endedAt, from)),
  );
}

/** The promotional-credit offers running at `at`. */
function offersRunningAt(db: Db, at: Date): Promise<{ categoryIds: number[] }[]> {
  return db
    .select({ categoryIds: promotionalCreditOffers.categoryIds })
    .from(promotionalCreditOffers)
    .where(ranBetween(at, at));
}

/**
 * Whether any offer ran at some moment between `from` and `to` (docs/decisions/075): the drain's
 * batch of orders asks once, and when none ran (the usual case) none of its orders is read.
 */
export async function anyOfferRanBetween(db: Db, from: Date, to: Date): Promise<boolean> {
  const [offer] = await db
    .select({ id: promotionalCreditOffers.id })
    .from(promotionalCreditOffers)
    .where(ranBetween(from, to))
    .limit(1);
  return offer !== undefined;
}

/**
 * Run by the `promotional-credit` subscriber of `order.placed`: credits what the order earned, once
 * (a retry finds the grant).
 */
export async function grantPromotionalCredit(
  db: Db,
  orderId: number,
  now: Date = new Date(),
  /** When the order was placed, as its event carries it (docs/decisions/072). */
  placedAt?: Date,
): Promise<number> {
  const amountMinor = await promotionalCreditOfOrder(db, orderId, placedAt);
  if (amountMinor === 0) return 0;
  const [order] = await db
    .select({ userId: orders.userId, currency: orders.currency })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order === undefined) return 0;
  return db.transaction(async (tx) => {
    const [grant] = await tx
      .insert(creditGrants)
      .values({
        kind: 'promotional',
        userId: order.userId,
        orderId,
        amountMinor,
        currency: order.currency,
        status: 'granted',
        dueAt: now,
        grantedAt: now,
        note: `Promotional credit on order ${orderId}`,
      })
      .onConflictDoNothing()
      .returning({ id: creditGrants.id });
    if (grant === undefined) return 0;
    const entry = await creditWallet(tx, {
      userId: order.userId,
      currency: order.currency,
      kind: 'marketing',
      amountMinor,
      expiresAt: walletCreditExpiry(now),
      description: `Promotional credit on order ${orderId}`,
      orderId,
    });
    await tx.update(creditGrants).set({ walletEntryId: entry.id }).where(eq(creditGrants.id, grant.id));
    return amountMinor;
  });
}
