/**
 * Travel (docs/decisions/029): rooms per night for dated options (standard-travel and calendar
 * deals), the departure airports of choose-your-flight options with their supplements, and the
 * evergreen mapping that points an evergreen path at the deal live now. Money is integer pence.
 */
import { date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { dealProducts, deals } from '../catalog/schema';

/**
 * One night an option can be stayed: how many rooms are left and what that night costs on top of
 * the option's price (a Saturday, a bank holiday). An option with rows here is sold by check-in date:
 * a stay of N nights takes one room from each of its N nights in the order transaction.
 */
export const dealProductNights = pgTable(
  'deal_product_nights',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => dealProducts.id, { onDelete: 'cascade' }),
    night: date('night').notNull(),
    roomsRemaining: integer('rooms_remaining').notNull(),
    supplementMinor: integer('supplement_minor').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.night] })],
);

/** spec 3 flights / spec 7 flights: a departure airport of a choose-your-flight option and its supplement. */
export const dealProductFlights = pgTable(
  'deal_product_flights',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => dealProducts.id, { onDelete: 'cascade' }),
    /** IATA code, e.g. MAN. */
    airportCode: text('airport_code').notNull(),
    airportName: text('airport_name').notNull(),
    supplementMinor: integer('supplement_minor').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('deal_product_flights_product_airport_key').on(t.productId, t.airportCode)],
);

/**
 * spec 2 evergreen paths (`/deals/{location}/e/{slug}`): a stable URL (in emails, adverts) that
 * shows whichever of its deals is live now, first by position.
 */
export const evergreenDeals = pgTable(
  'evergreen_deals',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('evergreen_deals_slug_deal_key').on(t.slug, t.dealId),
    index('evergreen_deals_slug_idx').on(t.slug, t.position),
  ],
);

export type DealProductNightRow = typeof dealProductNights.$inferSelect;
export type DealProductFlightRow = typeof dealProductFlights.$inferSelect;
