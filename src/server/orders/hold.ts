/**
 * Hold everything an order contends for before the card is authorised, so a buyer who cannot have
 * their purchase is refused before any money is held (docs/decisions/026, 044): the units (the
 * catalogue's conditional update, `takeStock`), the buyer's spec 5 per-user allowance of each capped
 * deal (the order's own conditional upsert, `recordUserPurchase`) and one use of the promotion code
 * (the promotions service's `holdPromoUse`), all in one short transaction under the submit's
 * idempotency key: all are held or none. The order transaction consumes the holds; a decline or a
 * failed order releases them; holds a crash left behind are released by the hourly jobs once they
 * expire.
 */
import { eq, lte, type SQL, sql } from 'drizzle-orm';
import { PAYMENT_SESSION_SECONDS } from '@/domain/checkout';
import { OrderError } from '@/domain/errors';
import { type PaymentMethod, PROVIDER_OF } from '@/domain/payment-methods';
import { afterStockTaken, returnStock, stockLeft, takeStock, takeStockStatement } from '@/server/catalog';
import type { Db, Tx } from '@/server/db';
import { holdPromoUse, releaseExpiredPromoHolds, releasePromoHold } from '@/server/promotions';
import type { OrderLineSource } from './lines';
import { purchaseCapHolds, stockHolds } from './schema';
import { recordUserPurchase, returnUserPurchase } from './stock';

/** How long a submit's holds wait for its order: the checkout's payment session (spec 9, 300 s). */
export const HOLD_SECONDS = PAYMENT_SESSION_SECONDS;

/**
 * A pay-later submit's holds keep the 15 minutes decision 026 gave every hold for pay-later approvals
 * (docs/decisions/044), so a slow Klarna or Clearpay authorisation never outlives its holds.
 */
export const PAY_LATER_HOLD_SECONDS = 15 * 60;

/** When the holds of a submit paying this way expire (null: the wallet pays everything). */
export function holdExpiry(method: PaymentMethod | null, now: Date): Date {
  const isPayLater = method !== null && PROVIDER_OF[method] !== 'BRAINTREE';
  return new Date(now.getTime() + (isPayLater ? PAY_LATER_HOLD_SECONDS : HOLD_SECONDS) * 1000);
}

/** What a submit holds before its card is authorised. */
export interface PurchaseHold {
  /** The submit's idempotency key: every hold is recorded under it. */
  key: string;
  buyerId: number;
  lines: readonly OrderLineSource[];
  /** The code whose use the order will record (it takes money off), or null. */
  promoCodeId: number | null;
  now: Date;
  expiresAt: Date;
  /**
   * The `payments` row the card's authorisation starts from, written `authorising` in the same
   * statement as the usual order's hold (docs/decisions/072); null when nothing is to be authorised.
   */
  authorising?: AuthorisingPayment | null;
}

/** A payment about to be authorised (`authorisePayment` writes it itself when the hold did not). */
export interface AuthorisingPayment {
  provider: string;
  method: string;
  amountMinor: number;
  currency: string;
}

/**
 * Holds the order's units, the buyer's per-user allowance and the code's use for this key (again:
 * nothing more when it already holds them). Throws OrderError ('notEnoughLeft' for stock or the
 * spec 5 per-user maximum, 'promotionRefused' with the code's message) and holds nothing when any
 * of them cannot be had. Answers the id of the `authorising` payment row when the hold wrote it
 * (docs/decisions/072), else null.
 */
export async function holdPurchase(db: Db, hold: PurchaseHold): Promise<{ paymentId: number | null }> {
  const { key, buyerId, now, expiresAt } = hold;
  const units = new Map<number, { quantity: number; title: string }>();
  const capped = new Map<number, { quantity: number; maxPerUser: number; title: string }>();
  for (const line of hold.lines) {
    const unit = units.get(line.dealProductId) ?? { quantity: 0, title: line.headline };
    unit.quantity += line.quantity;
    units.set(line.dealProductId, unit);
    if (line.maxPerUser === null) continue;
    const deal = capped.get(line.dealId) ?? { quantity: 0, maxPerUser: line.maxPerUser, title: line.headline };
    deal.quantity += line.quantity;
    capped.set(line.dealId, deal);
  }
  const [only, ...more] = units;
  if (only !== undefined && more.length === 0 && hold.promoCodeId === null && capped.size === 0) {
    // The usual order: one option, no code, no per-user maximum: one statement holds it.
    return { paymentId: await holdUnits(db, hold, only[0], only[1]) };
  }
  await db.transaction(async (tx) => {
    // Every order holds at least one product, so a stock hold says the whole hold was taken.
    const held = await tx
      .select({ productId: stockHolds.productId })
      .from(stockHolds)
      .where(eq(stockHolds.idempotencyKey, key));
    if (held.length > 0) return;
    // In the order transaction's order (the code's use, then stock in product order, then the
    // buyer's purchases in deal order), so a hold and an order never wait on each other in a cycle.
    if (hold.promoCodeId !== null) {
      await holdPromoUse(tx, { promoCodeId: hold.promoCodeId, userId: buyerId, idempotencyKey: key, now, expiresAt });
    }
    const stockDay = now.toISOString().slice(0, 10);
    for (const [productId, { quantity, title }] of [...units].sort(([a], [b]) => a - b)) {
      const left = await takeStock(tx, productId, quantity, now);
      if (left !== null) throw new OrderError('notEnoughLeft', { title, available: left });
      await tx.insert(stockHolds).values({ idempotencyKey: key, productId, quantity, stockDay, expiresAt });
    }
    for (const [dealId, { quantity, maxPerUser, title }] of [...capped].sort(([a], [b]) => a - b)) {
      // spec 5 per-user maximum, with the refusal the order transaction gives.
      if (!(await recordUserPurchase(tx, { userId: buyerId, dealId, quantity, maxPerUser }))) {
        throw new OrderError('notEnoughLeft', { title, available: 0 });
      }
      await tx.insert(purchaseCapHolds).values({ idempotencyKey: key, userId: buyerId, dealId, quantity, expiresAt });
    }
  });
  return { paymentId: null };
}

/**
 * Holds one product's units in ONE statement (docs/decisions/063): the catalogue's conditional
 * update (`takeStockStatement`) and the `stock_holds` row it feeds, taken together or not at all, and
 * nothing when this key holds them already (a retried submit). A statement is atomic on its own, so
 * no transaction is opened; PostgreSQL's row lock on the stock makes a concurrent buyer wait and
 * re-check the condition, as in the transaction (docs/decisions/012). When the card is to be
 * authorised next, the same statement writes its `authorising` payment row, only if the units were
 * held (docs/decisions/072: a buyer refused here still leaves no payment row); answers its id.
 */
async function holdUnits(
  db: Db,
  hold: PurchaseHold,
  productId: number,
  unit: { quantity: number; title: string },
): Promise<number | null> {
  const { key, now, expiresAt, authorising } = hold;
  const stockDay = now.toISOString().slice(0, 10);
  const alreadyHeld = sql`exists (select 1 from stock_holds where idempotency_key = ${key})`;
  // The same insert as authorisePayment's (a retry under the key keeps its row, docs/decisions/012).
  const payment =
    authorising == null
      ? sql`, payment as (select null::int as id)`
      : sql`, payment as (
      insert into payments (idempotency_key, provider, method, status, amount_minor, currency)
      select ${key}, ${authorising.provider}, ${authorising.method}, 'authorising', ${authorising.amountMinor},
        ${authorising.currency} from held
      on conflict (idempotency_key) do update set updated_at = now()
      returning id
    )`;
  const result = await db.execute<{
    already: boolean;
    held: number;
    quantity_remaining: number | null;
    payment_id: number | null;
  }>(sql`
    with taken as (${takeStockStatement(productId, unit.quantity, now, alreadyHeld)}),
    held as (
      insert into stock_holds (idempotency_key, product_id, quantity, stock_day, expires_at)
      select ${key}, product_id, ${unit.quantity}, ${stockDay}::date, ${expiresAt.toISOString()}::timestamptz from taken
      returning product_id
    )${payment}
    select ${alreadyHeld} as already, (select count(*)::int from held) as held,
      (select quantity_remaining from taken) as quantity_remaining, (select id from payment) as payment_id
  `);
  const [row] = result.rows;
  if (row === undefined || row.already) return null;
  if (Number(row.held) > 0) {
    await afterStockTaken(db, productId, row.quantity_remaining);
    return row.payment_id === null ? null : Number(row.payment_id);
  }
  // Not taken: sold out, or a product without a stock row (unlimited), whose hold is still recorded.
  const left = await stockLeft(db, productId, now);
  if (left !== null) throw new OrderError('notEnoughLeft', { title: unit.title, available: left });
  await db
    .insert(stockHolds)
    .values({ idempotencyKey: key, productId, quantity: unit.quantity, stockDay, expiresAt })
    .onConflictDoNothing();
  return null;
}

type StockHoldRow = typeof stockHolds.$inferSelect;
type CapHoldRow = typeof purchaseCapHolds.$inferSelect;

/** Gives released holds back: units to stock (and to the day's allowance, when it is still that day), allowances to the buyer. */
async function giveBack(tx: Tx, stock: StockHoldRow[], caps: CapHoldRow[]): Promise<void> {
  for (const hold of stock) await returnStock(tx, hold);
  for (const hold of caps) await returnUserPurchase(tx, hold);
}

/** Releases this key's holds (a declined card, a failed order); releasing nothing is harmless. */
export async function releaseHold(db: Db, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const stock = await tx.delete(stockHolds).where(eq(stockHolds.idempotencyKey, key)).returning();
    const caps = await tx.delete(purchaseCapHolds).where(eq(purchaseCapHolds.idempotencyKey, key)).returning();
    await giveBack(tx, stock, caps);
    await releasePromoHold(tx, key);
  });
}

/** What the order transaction found held for its submit. */
export interface ConsumedHold {
  /** Products whose units are the order's already. */
  products: ReadonlySet<number>;
  /** Deals whose units are already in the buyer's per-user total. */
  deals: ReadonlySet<number>;
}

/**
 * Inside the order transaction: the stock and allowances this key holds, consumed (they are the
 * order's now). What a released hold gave back is taken again by the order as before. The code's
 * held use is consumed by `redeemPromoCode`, which records it.
 *
 * Both deletes are parts of the order's own statement (./order-statement.ts, docs/decisions/086),
 * so consuming the holds costs no round trip: `held_units` returns the held products' ids and
 * `held_allowances` the held deals'. `key` is the submit's idempotency key as SQL.
 */
export function consumeHoldStatement(key: SQL): SQL {
  return sql`held_units as (delete from stock_holds where idempotency_key = ${key} returning product_id),
  held_allowances as (delete from purchase_cap_holds where idempotency_key = ${key} returning deal_id)`;
}

/**
 * The hourly jobs: releases holds past their expiry (their submit crashed or never finished): stock,
 * per-user allowances and promotion code uses. Answers how many holds were released.
 */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const stock = await tx.delete(stockHolds).where(lte(stockHolds.expiresAt, now)).returning();
    const caps = await tx.delete(purchaseCapHolds).where(lte(purchaseCapHolds.expiresAt, now)).returning();
    await giveBack(tx, stock, caps);
    const uses = await releaseExpiredPromoHolds(tx, now);
    return stock.length + caps.length + uses;
  });
}
