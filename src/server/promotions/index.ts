/**
 * The promotions service (docs/decisions/021): promotion codes. `checkPromoCode` tells the checkout
 * and the order whether a code applies and to which lines (the rules are domain/promotions);
 * `holdPromoUse` holds one use for a submit before its card is authorised, inside the order's hold
 * transaction, so a shopper who cannot have a use is refused before any money is held
 * (docs/decisions/044); `redeemPromoCode` consumes that hold and counts the use inside the order's own
 * transaction with a conditional update, so a code limited to N uses is used at most N times however
 * many orders race for it, and writes the use to the `promo_redemptions` ledger naming its order.
 * Uses held and not yet expired count as uses wherever a code's uses left are decided. Operators
 * create and end codes here too.
 */
import { and, count, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
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
import { type PromoCodeRow, promoCodes, promoRedemptions, promoUseHolds } from './schema';

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
    audience: row.audience,
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
  // docs/decisions/048: a code's audience (VIP or not) is checked on apply and again at commit.
  const [member] = await db.select({ isVip: users.isVip }).from(users).where(eq(users.id, userId));
  const [uses] = await db
    .select({ n: count() })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.promoCodeId, promoCodeId), eq(promoRedemptions.userId, userId)));
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return {
    userId,
    usesByShopper: Number(uses?.n ?? 0),
    ordersPlaced: Number(placed?.n ?? 0),
    isVip: member?.isVip ?? false,
  };
}

/**
 * Uses of the code that unexpired holds keep (docs/decisions/044), in all and by this shopper; the
 * hold of `ownKey` (the submit asking) is its own, so it is left out.
 */
async function heldUses(db: DbOrTx, promoCodeId: number, userId: number | null, now: Date, ownKey: string | null) {
  const [held] = await db
    .select({
      total: count(),
      byShopper: sql<string>`count(*) filter (where ${promoUseHolds.userId} = ${userId ?? -1})`,
    })
    .from(promoUseHolds)
    .where(
      and(
        eq(promoUseHolds.promoCodeId, promoCodeId),
        gt(promoUseHolds.expiresAt, now),
        ownKey === null ? undefined : ne(promoUseHolds.idempotencyKey, ownKey),
      ),
    );
  return { total: Number(held?.total ?? 0), byShopper: Number(held?.byShopper ?? 0) };
}

/** The code's rule and the shopper's uses, each counting the uses other submits hold as taken. */
async function withHeldUses(db: DbOrTx, row: PromoCodeRow, userId: number | null, now: Date, ownKey: string | null) {
  const shopper = await shopperUses(db, row.id, userId);
  const held = await heldUses(db, row.id, userId, now, ownKey);
  return {
    rule: { ...ruleOf(row), usesCount: row.usesCount + held.total },
    shopper: { ...shopper, usesByShopper: shopper.usesByShopper + held.byShopper },
  };
}

/**
 * Whether `code` applies to these lines for this shopper (null: a guest, checked again at payment).
 * Uses held by submits under way count as taken; `heldFor` names the submit asking, whose own hold does not.
 */
export async function checkPromoCode(
  db: DbOrTx,
  input: { code: string; userId: number | null; lines: readonly PromoLine[]; now: Date; heldFor?: string },
): Promise<PromoVerdict> {
  const row = await retrievePromoCode(db, input.code);
  if (row === null)
    return evaluatePromoCode(null, input.lines, { userId: null, usesByShopper: 0, ordersPlaced: 0 }, input.now);
  const { rule, shopper } = await withHeldUses(db, row, input.userId, input.now, input.heldFor ?? null);
  return evaluatePromoCode(rule, input.lines, shopper, input.now);
}

/**
 * Holds one use of the code for this submit (docs/decisions/044), inside the order's hold transaction
 * and before the card is authorised: throws OrderError('promotionRefused') with the code's message
 * (used up, the shopper's share used, ended) and holds nothing when no use is left for this shopper.
 * A submit that already holds its use holds nothing more. The hold lasts until `expiresAt`. Call it
 * before the hold takes stock, as the order transaction counts the use before it takes stock.
 */
export async function holdPromoUse(
  tx: Tx,
  input: { promoCodeId: number; userId: number; idempotencyKey: string; now: Date; expiresAt: Date },
): Promise<void> {
  const [mine] = await tx
    .select({ key: promoUseHolds.idempotencyKey })
    .from(promoUseHolds)
    .where(eq(promoUseHolds.idempotencyKey, input.idempotencyKey));
  if (mine !== undefined) return;
  // Locked in the order transaction's order (the shopper's row, then the code's), so a hold and an
  // order never wait on each other in a cycle. The code's row serialises the holds on it and the
  // orders recording its uses, so uses recorded plus uses held never pass the code's limit, nor a
  // shopper's own share.
  // NO KEY UPDATE: rows the order already wrote point at the shopper (KEY SHARE), as in debitWallet.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('no key update');
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, input.promoCodeId)).for('update');
  if (row === undefined) throw new OrderError('promotionRefused', { message: PROMO_MESSAGES.invalid });
  const { rule, shopper } = await withHeldUses(tx, row, input.userId, input.now, input.idempotencyKey);
  // The lines were checked when the order was priced: only the code's dates and uses are asked again.
  const verdict = evaluatePromoCode(rule, [], shopper, input.now);
  if (!verdict.ok && verdict.refusal !== 'notApplicable')
    throw new OrderError('promotionRefused', { message: verdict.message });
  await tx.insert(promoUseHolds).values({
    idempotencyKey: input.idempotencyKey,
    promoCodeId: row.id,
    userId: input.userId,
    expiresAt: input.expiresAt,
  });
}

/** Releases this submit's held use (a declined card, a failed order); releasing nothing is harmless. */
export async function releasePromoHold(tx: DbOrTx, idempotencyKey: string): Promise<number> {
  const released = await tx
    .delete(promoUseHolds)
    .where(eq(promoUseHolds.idempotencyKey, idempotencyKey))
    .returning({ key: promoUseHolds.idempotencyKey });
  return released.length;
}

/**
 * The hourly jobs: deletes held uses past their expiry (their submit crashed or never finished). An
 * expired hold already stopped counting as a use; this only tidies it away.
 */
export async function releaseExpiredPromoHolds(tx: DbOrTx, now: Date): Promise<number> {
  const released = await tx
    .delete(promoUseHolds)
    .where(lte(promoUseHolds.expiresAt, now))
    .returning({ key: promoUseHolds.idempotencyKey });
  return released.length;
}

/**
 * Counts one use of the code for this order, inside the order transaction, consuming the use its
 * submit held (docs/decisions/044): throws OrderError('promotionRefused') (rolling the order back)
 * when the code has run out, ended, or the shopper has used their share or is not eligible any more.
 * Call it after the shopper's row is locked (the wallet debit locks it; this takes the lock itself
 * otherwise).
 */
export async function redeemPromoCode(
  tx: Tx,
  input: {
    promoCodeId: number;
    userId: number;
    orderId: number;
    discountMinor: number;
    now: Date;
    /** The submit's key: the use it held is the order's now. */
    idempotencyKey: string;
  },
): Promise<void> {
  const refuse = (message: string) => new OrderError('promotionRefused', { message });
  // The shopper's row serialises one shopper's orders, so a per-shopper limit holds under races.
  // NO KEY UPDATE: rows the order already wrote point at the shopper (KEY SHARE), as in debitWallet.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('no key update');
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, input.promoCodeId)).for('update');
  if (row === undefined) throw refuse(PROMO_MESSAGES.invalid);
  const consumed = await tx
    .delete(promoUseHolds)
    .where(and(eq(promoUseHolds.idempotencyKey, input.idempotencyKey), eq(promoUseHolds.promoCodeId, row.id)))
    .returning({ key: promoUseHolds.idempotencyKey });
  // A held use is this order's own; without one (its hold expired and was released) the uses others
  // hold are theirs, so they count as taken.
  const { rule, shopper } =
    consumed.length > 0
      ? { rule: ruleOf(row), shopper: await shopperUses(tx, row.id, input.userId) }
      : await withHeldUses(tx, row, input.userId, input.now, input.idempotencyKey);
  // This order is already written: it does not count as an earlier one.
  const verdict = evaluatePromoCode(rule, [], { ...shopper, ordersPlaced: shopper.ordersPlaced - 1 }, input.now);
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
  return (await retrieveOrderPromotions(db, [orderId])).get(orderId) ?? null;
}

/** `retrieveOrderPromotion` of several orders in one statement (docs/decisions/075): the orders that used a code. */
export async function retrieveOrderPromotions(
  db: DbOrTx,
  orderIds: readonly number[],
): Promise<Map<number, { code: string; discountMinor: number }>> {
  const used = new Map<number, { code: string; discountMinor: number }>();
  if (orderIds.length === 0) return used;
  const rows = await db
    .select({ orderId: promoRedemptions.orderId, code: promoCodes.code, discountMinor: promoRedemptions.discountMinor })
    .from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
    .where(inArray(promoRedemptions.orderId, [...orderIds]));
  for (const { orderId, ...promotion } of rows)
    if (orderId !== null && !used.has(orderId)) used.set(orderId, promotion);
  return used;
}
