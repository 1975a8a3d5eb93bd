/**
 * Order events (issue 16.2): what follows a committed order, without growing the order
 * transaction. A feature registers a handler once (`onOrderPlaced('loyalty-points', handler)`);
 * the order transaction writes one `order_events` row per registered handler, so the event exists
 * exactly when the order does; after commit the rows are handled, and a handler that fails (or a
 * process that dies first) is retried by the hourly jobs, as the mail outbox is. A handler runs
 * at least once, so it must be safe to run again after a failure.
 *
 * Today's handlers: the confirmation email (`./confirmation.ts`) and spec 4's sign-in link for a
 * buyer without a password (`src/server/order-followups`).
 *
 * Issue 18: a second kind, `voucher.refunded`, written in the refund's transaction (one row per
 * handler and refunded voucher, the voucher's id as the row's subject) and handled the same way
 * (`onVoucherRefunded('loyalty-points', handler)`: points taken back, and so on).
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/server/db';
import { orderEvents } from '@/server/db';
import { describeError, logError } from '@/server/log';

/** What an `order.placed` event carries (stored as its payload). */
export interface OrderPlaced {
  orderId: number;
  buyer: { id: number; email: string; firstName: string };
  /** Site origin, for links in what the handlers send. */
  origin: string;
  /** spec 4: the buyer confirms their email from a sign-in link (decided by the checkout). */
  confirmEmail: boolean;
}

export type OrderPlacedHandler = (db: Db, event: OrderPlaced) => Promise<void>;

/** What a `voucher.refunded` event carries (issue 18): a voucher's money went back, to the card or the wallet. */
export interface VoucherRefunded {
  orderId: number;
  voucherId: number;
  userId: number;
  /** What the voucher was refunded for, in pence (card and wallet parts together). */
  amountPence: number;
  refundedTo: 'card' | 'wallet';
}

export type VoucherRefundedHandler = (db: Db, event: VoucherRefunded) => Promise<void>;

const ORDER_PLACED = 'order.placed';
const VOUCHER_REFUNDED = 'voucher.refunded';
type EventKind = typeof ORDER_PLACED | typeof VOUCHER_REFUNDED;
/** After this many failed attempts a row is left for a person to look at (last_error says why). */
export const MAX_ATTEMPTS = 5;
// biome-ignore lint/suspicious/noExplicitAny: each kind's handlers take that kind's payload.
type AnyHandler = (db: Db, event: any) => Promise<void>;
const handlers: Record<EventKind, Map<string, AnyHandler>> = {
  [ORDER_PLACED]: new Map(),
  [VOUCHER_REFUNDED]: new Map(),
};

/** Registers what a feature does after an order commits; a name is registered once. */
export function onOrderPlaced(name: string, handler: OrderPlacedHandler): void {
  handlers[ORDER_PLACED].set(name, handler);
}

/** Registers what a feature does after a voucher's refund commits (issue 18); a name is registered once. */
export function onVoucherRefunded(name: string, handler: VoucherRefundedHandler): void {
  handlers[VOUCHER_REFUNDED].set(name, handler);
}

/** The handlers registered in this process, by name. */
export function orderPlacedHandlers(): string[] {
  return [...handlers[ORDER_PLACED].keys()];
}

async function recordEvent(
  tx: Tx,
  kind: EventKind,
  orderId: number,
  subject: string,
  payload: object,
): Promise<number[]> {
  const names = [...handlers[kind].keys()];
  if (names.length === 0) return [];
  const rows = await tx
    .insert(orderEvents)
    .values(
      names.map((handler) => ({
        orderId,
        kind,
        subject,
        handler,
        payload: { ...payload } as Record<string, unknown>,
      })),
    )
    .returning({ id: orderEvents.id });
  return rows.map((row) => row.id);
}

/** Writes the order's `order.placed` rows; call inside the order transaction. Returns their ids. */
export function recordOrderPlaced(tx: Tx, event: OrderPlaced): Promise<number[]> {
  return recordEvent(tx, ORDER_PLACED, event.orderId, '', event);
}

/** Writes a voucher's `voucher.refunded` rows; call inside the refund's transaction. Returns their ids. */
export function recordVoucherRefunded(tx: Tx, event: VoucherRefunded): Promise<number[]> {
  return recordEvent(tx, VOUCHER_REFUNDED, event.orderId, String(event.voucherId), event);
}

function handlerOf(kind: string, name: string): AnyHandler | undefined {
  return kind in handlers ? handlers[kind as EventKind].get(name) : undefined;
}

/**
 * Takes a row for this process (one attempt more), or null when it is handled, taken or spent. A
 * claim older than ten minutes belongs to a process that died; another may take the row.
 */
async function claim(db: Db, id: number) {
  const [row] = await db
    .update(orderEvents)
    .set({ claimedAt: sql`now()`, attempts: sql`${orderEvents.attempts} + 1` })
    .where(
      and(
        eq(orderEvents.id, id),
        isNull(orderEvents.handledAt),
        lt(orderEvents.attempts, MAX_ATTEMPTS),
        or(isNull(orderEvents.claimedAt), lt(orderEvents.claimedAt, sql`now() - interval '10 minutes'`)),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Runs the handlers of these event rows (after commit), or of every pending row when no ids are
 * given (the hourly retry). Returns how many were handled; a failure is kept on its row and
 * logged, never thrown. Rows whose handler this process has not registered are left alone.
 */
export async function handleOrderEvents(db: Db, ids?: readonly number[], limit = 100): Promise<number> {
  const registered = [...new Set([...handlers[ORDER_PLACED].keys(), ...handlers[VOUCHER_REFUNDED].keys()])];
  if (registered.length === 0 || (ids !== undefined && ids.length === 0)) return 0;
  const pending = await db
    .select({ id: orderEvents.id, kind: orderEvents.kind, handler: orderEvents.handler })
    .from(orderEvents)
    .where(
      and(
        isNull(orderEvents.handledAt),
        lt(orderEvents.attempts, MAX_ATTEMPTS),
        inArray(orderEvents.handler, registered),
        ids === undefined ? undefined : inArray(orderEvents.id, [...ids]),
      ),
    )
    .orderBy(asc(orderEvents.id))
    .limit(limit);
  let handled = 0;
  for (const { id, kind, handler: name } of pending) {
    // A name registered for the other kind only is not this process's to claim.
    if (handlerOf(kind, name) === undefined) continue;
    const row = await claim(db, id);
    const handler = row === null ? undefined : handlerOf(row.kind, row.handler);
    if (row === null || handler === undefined) continue;
    try {
      await handler(db, row.payload);
      await db
        .update(orderEvents)
        .set({ handledAt: sql`now()`, claimedAt: null, lastError: null })
        .where(eq(orderEvents.id, row.id));
      handled += 1;
    } catch (error) {
      await db
        .update(orderEvents)
        .set({ claimedAt: null, lastError: describeError(error).slice(0, 500) })
        .where(eq(orderEvents.id, row.id));
      logError('orders', `order event ${row.id} (${row.handler}) failed, left for retry`, error);
    }
  }
  return handled;
}
