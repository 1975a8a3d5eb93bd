/**
 * Deal impressions by location (spec 7 "deal impressions by location", docs/decisions/033): how
 * many times a deal's card was seen on a listing page of a location, one row per deal, location and
 * day (UTC), counted up by each batch the browser sends.
 */
import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { deals, locations } from '../catalog/schema';

export const dealImpressions = pgTable(
  'deal_impressions',
  {
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The UTC day the cards were seen ('2026-11-24'). */
    day: date('day').notNull(),
    impressions: integer('impressions').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.locationId, t.day] }),
    index('deal_impressions_location_day_idx').on(t.locationId, t.day),
  ],
);
