/**
 * Sponsored deals in search (docs/decisions/030; spec 3 Sponsored deal, spec 4 sponsored search,
 * spec 7 sponsored/customer and sponsored/impressionAndClick). An ad promotes one deal for the
 * searches that name one of its keywords; a visitor's sponsored session collects the ads'
 * impressions and clicks.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { deals } from '../catalog/schema';

export const sponsoredDeals = pgTable(
  'sponsored_deals',
  {
    /** spec 3 Sponsored deal adId. */
    adId: text('ad_id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    /** Lower-case words; a search naming any of them shows the ad. */
    keywords: text('keywords').array().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sponsored_deals_deal_idx').on(t.dealId)],
);

/** spec 7 POST sponsored session: one per visitor (the browser keeps its id), tied to a customer once signed in. */
export const sponsoredSessions = pgTable('sponsored_sessions', {
  id: text('id').primaryKey(),
  customerToken: text('customer_token'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** spec 7 POST sponsored event: an impression (a sponsored card seen) or a click (its deal opened). */
export const sponsoredEvents = pgTable(
  'sponsored_events',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sponsoredSessions.id, { onDelete: 'cascade' }),
    adId: text('ad_id')
      .notNull()
      .references(() => sponsoredDeals.adId),
    dealId: integer('deal_id').notNull(),
    type: text('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sponsored_events_ad_idx').on(t.adId, t.type),
    check('sponsored_events_type_check', sql`${t.type} in ('impression', 'click')`),
  ],
);
