/**
 * The shop's own analytics events (spec 7 Analytics; decision 059): page views, the positions of the
 * deal cards shoppers click, and tracked orders, one row each. Nothing personal is kept (no account,
 * no address, no query string), and a row is written only with the visitor's analytics consent.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export type AnalyticsEventType = 'page_view' | 'click_position' | 'order';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    type: text('type').$type<AnalyticsEventType>().notNull(),
    /** The page's path without its query ('/london/restaurants'). */
    path: text('path').notNull(),
    /** A page view's page type (the layout's data-page-type), when the page names one. */
    pageType: text('page_type'),
    /** A click position's deal, the list it sat in (a rail's name, 'listing', ...) and its 1-based place. */
    dealId: integer('deal_id'),
    list: text('list'),
    position: integer('position'),
    /** A tracked order: its id (tracked once), total and the purchase source it is attributed to. */
    orderId: integer('order_id'),
    totalMinor: integer('total_minor'),
    currency: text('currency'),
    purchaseSource: text('purchase_source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_type_created_idx').on(t.type, t.createdAt),
    // spec 9 order tracking: once per order, however often the confirmation is loaded.
    uniqueIndex('analytics_events_order_key').on(t.orderId).where(sql`${t.type} = 'order'`),
  ],
);

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
