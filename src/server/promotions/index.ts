/**
 * The promotions service (docs/decisions/021): promotion codes. `checkPromoCode` tells the checkout
 * and the order whether a code applies and to which lines (the rules are domain/promotions);
 * `redeemPromoCode` counts a use inside the order's own transaction with a conditional update, so
 * a code limited to N uses is used at most N times however many orders race for it, and writes the
 * use to the `promo_redemptions` ledger naming its order. Operators create and end codes here too.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { OrderError } from '@/domain/errors';
import {
  evaluatePromoCode,
  normalisePromoCode,
  PROMO_CODE_MAX_LENGTH,
  PROMO_MESSAGES,
  type PromoCodeRule,
  type PromoLine,
  type PromoVerdict,
} from '@/domain/promotions';
import { users } from '@/server/accounts/schema';
import type { Db } from '@/server/db';
import { orders } from '@/server/orders/schema';
import { type PromoCodeRow, promoCodes, promoRedemptions } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;

export type { PricingPromotion, PromoLine, PromoVerdict } from '@/domain/promotions';

function ruleOf(row: PromoCodeRow): PromoCodeRule {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOffMinor: row.amountOffMinor,
    currency: row.currency,
    minSpendMinor: row.minSpendMinor,
    maxUses: row.maxUses,
    usesCount: row.usesCount,
    perUserLimit: row.perUserLimit,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    endedAt: row.endedAt,
    categoryIds: row.categoryIds,
    subCategoryIds: row.subCategoryIds,
    firstOrderOnly: row.firstOrderOnly,
  };
}

/** The code as stored, or null (unknown, or not something a code could be). */
export async function retrievePromoCode(db: DbOrTx, raw: string): Promise<PromoCodeRow | null> {
  const code = normalisePromoCode(raw);
  if (code === '' || code.length > PROMO_CODE_MAX_LENGTH) return null;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  return row ?? null;
}

async function shopperUses(db: DbOrTx, promoCodeId: number, userId: number | null) {
  if (userId === null) return { userId, usesByShopper: 0, ordersPlaced: 0 };
  const [uses] = await db
    .select({ n: count() })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), eq(promoRedemptions.userId, userId)));
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return { userId, usesByShopper: Number(uses?.n ?? 0), ordersPlaced: Number(placed?.n ?? 0) };
}

/** Whether `code` applies to these lines for this shopper (null: a guest, checked again at payment). */
export async function checkPromoCode(
  db: DbOrTx,
  input: { code: string; userId: number | null; lines: readonly PromoLine[]; now: Date },
): Promise<PromoVerdict> {
  const row = await retrievePromoCode(db, input.code);
  if (row === null)
    return evaluatePromoCode(null, input.lines, { userId: null, usesByShopper: 0, ordersPlaced: 0 }, input.now);
  return evaluatePromoCode(ruleOf(row), input.lines, await shopperUses(db, row.id, input.userId), input.now);
}

/**
 * Counts one use of the code for this order, inside the order transaction: throws
 * OrderError('promotionRefused') (rolling the order back) when the code has run out, ended, or the
 * shopper has used their share or is not eligible any more. Call it after the shopper's row is
 * locked (the wallet debit locks it; this takes the lock itself otherwise).
 */
export async function redeemPromoCode(
  tx: Tx,
  input: { promoCodeId: number; userId: number; orderId: number; discountMinor: number; now: Date },
): Promise<void> {
  const refuse = (message: string) => new OrderError('promotionRefused', { message });
  // The shopper's row serialises one shopper's orders, so a per-shopper limit holds under races.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, input.promoCodeId));
  if (row === undefined) throw refuse(PROMO_MESSAGES.invalid);
  const shopper = await shopperUses(tx, row.id, input.userId);
  // This order is already written: it does not count as an earlier one.
  const verdict = evaluatePromoCode(ruleOf(row), [], { ...shopper, ordersPlaced: shopper.ordersPlaced - 1 }, input.now);
  if (!verdict.ok && verdict.refusal !== 'notApplicable') throw refuse(verdict.message);
  // The conditional update is the limit: a use is taken only while one is left.
  const taken = await tx
    .update(promoCodes)
    .set({ usesCount: sql`${promoCodes.usesCount} + 1` })
    .where(
      and(
        eq(promoCodes.id, row.id),
        sql`(${promoCodes.maxUses} is null or ${promoCodes.usesCount} < ${promoCodes.maxUses})`,
        sql`(${promoCodes.endedAt} is null or ${promoCodes.endedAt} > ${input.now.toISOString()}::timestamptz)`,
        sql`(${promoCodes.endsAt} is null or ${promoCodes.endsAt} > ${input.now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: promoCodes.id });
  if (taken.length === 0) throw refuse(PROMO_MESSAGES.usedUp);
  await tx.insert(promoRedemptions).values({
    promoCodeId: row.id,
    userId: input.userId,
    orderId: input.orderId,
    discountMinor: input.discountMinor,
    createdAt: input.now,
  });
}

export { createPromoCode, endPromoCode, listPromoCodes, type PromoCodeSummary } from './operator';

/** The promotion code use an order made (from the ledger), or null. */
export async function retrieveOrderPromotion(
  db: DbOrTx,
  orderId: number,
): Promise<{ code: string; discountMinor: number } | null> {
  const [row] = await db
    .select({ code: promoCodes.code, discountMinor: promoRedemptions.discountMinor })
    .from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
    .where(eq(promoRedemptions.orderId, orderId))
    .limit(1);
  return row ?? null;
}
