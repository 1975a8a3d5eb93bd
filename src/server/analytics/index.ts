/**
 * The shop's own analytics (spec 7 Analytics; decision 059): the public face of src/server/analytics.
 * The caller has checked the visitor's consent and, for an order, that the order is theirs; this
 * writes the row. An order is tracked once: a second report of it writes nothing.
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { pagePathOf } from '@/domain/analytics';
import type { Db } from '@/server/db';
import { type AnalyticsEventRow, type AnalyticsEventType, analyticsEvents } from './schema';

export { type AnalyticsEventRow, analyticsEvents } from './schema';

/** A page view or a click position, as the browser described it. */
export type PageEvent =
  | { type: 'page_view'; path: string; pageType?: string | undefined }
  | { type: 'click_position'; path: string; dealId: number; list: string; position: number };

/** An order to track, read from the database by the caller (never the browser's figures). */
export interface TrackedOrder {
  orderId: number;
  totalMinor: number;
  currency: string;
  /** The purchase source the order is attributed to (the newest of the visitor's history), or null. */
  purchaseSource: string | null;
}

/** Writes a page view or a click position. Answers how many rows were written. */
export async function recordPageEvent(db: Db, event: PageEvent): Promise<{ recorded: number }> {
  const path = pagePathOf(event.path);
  const row =
    event.type === 'page_view'
      ? { type: event.type, path, pageType: event.pageType ?? null }
      : { type: event.type, path, dealId: event.dealId, list: event.list, position: event.position };
  await db.insert(analyticsEvents).values(row);
  return { recorded: 1 };
}

/** spec 9 order tracking, once per order: answers 0 when the order was tracked already. */
export async function recordOrderTracking(db: Db, order: TrackedOrder): Promise<{ recorded: number }> {
  const written = await db
    .insert(analyticsEvents)
    .values({
      type: 'order',
      path: '/myaccount/vouchers',
      orderId: order.orderId,
      totalMinor: order.totalMinor,
      currency: order.currency,
      purchaseSource: order.purchaseSource,
    })
    .onConflictDoNothing({ target: analyticsEvents.orderId, where: sql`${analyticsEvents.type} = 'order'` })
    .returning({ id: analyticsEvents.id });
  return { recorded: written.length };
}

/** What an operator (or a test) asks of the events: one type, optionally one order, one path, or newer than an id. */
export interface AnalyticsEventQuery {
  type: AnalyticsEventType;
  orderId?: number | undefined;
  path?: string | undefined;
  afterId?: number | undefined;
}

/** The newest 100 events of one type, newest first (operator figures; tests). */
export async function listAnalyticsEvents(db: Db, query: AnalyticsEventQuery): Promise<AnalyticsEventRow[]> {
  return db
    .select()
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.type, query.type),
        query.orderId === undefined ? undefined : eq(analyticsEvents.orderId, query.orderId),
        query.path === undefined ? undefined : eq(analyticsEvents.path, query.path),
        query.afterId === undefined ? undefined : gt(analyticsEvents.id, query.afterId),
      ),
    )
    .orderBy(desc(analyticsEvents.id))
    .limit(100);
}
