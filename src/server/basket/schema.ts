/**
 * Baskets and their lines (docs/decisions/014). The id is the basket token.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ShippingMethod } from '@/domain/delivery';
import { dealProducts, deals } from '../catalog/schema';

/** spec 3 Basket: the id is the basket token (longer than 10 characters, spec 5). */
export const baskets = pgTable(
  'baskets',
  {
    id: text('id').primaryKey(),
    /** spec 3: set once a signed-in customer owns the basket. */
    customerToken: text('customer_token'),
    brand: text('brand').notNull().default('tuppence'),
    eligibleForVip: boolean('eligible_for_vip').notNull().default(false),
    /** open (being shopped), ordered (turned into an order; a new basket starts next time). */
    status: text('status').$type<'open' | 'ordered'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('baskets_customer_idx').on(t.customerToken, t.updatedAt).where(sql`${t.status} = 'open'`)],
);

/**
 * spec 3 Basket line. The basket is priced from the catalogue on every read; the one price kept is
 * the lower price a dynamic price variant showed (decision 058), which only ever lowers the charge.
 */
export const basketLines = pgTable(
  'basket_lines',
  {
    id: serial('id').primaryKey(),
    basketId: text('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    dealProductId: integer('deal_product_id')
      .notNull()
      .references(() => dealProducts.id),
    quantity: integer('quantity').notNull(),
    checkInDate: date('check_in_date'),
    checkOutDate: date('check_out_date'),
    numberOfNights: integer('number_of_nights'),
    /** The departure airport (IATA code) chosen on a choose-your-flight option. */
    departureAirport: text('departure_airport'),
    gift: boolean('gift').notNull().default(false),
    giftClaim: boolean('gift_claim').notNull().default(false),
    payDeposit: boolean('pay_deposit').notNull().default(false),
    /** spec 3 delivery options: e-gift, ndd-gpk, std-gpk, none. */
    deliveryOptionType: text('delivery_option_type').notNull().default('none'),
    /** How a posted product's line ships: standard or next-day (docs/decisions/051); ignored for vouchers. */
    shippingMethod: text('shipping_method').$type<ShippingMethod>().notNull().default('standard'),
    /** spec 3 gifting state: how many of the line's vouchers are gift-wrapped, and in its gift pack. */
    giftWrapQuantity: integer('gift_wrap_quantity').notNull().default(0),
    giftPackQuantity: integer('gift_pack_quantity').notNull().default(0),
    /** An e-gift's recipient and send date, or a gift pack's delivery address. */
    giftDetails: jsonb('gift_details').$type<GiftDetails>(),
    purchaseLocation: text('purchase_location'),
    purchaseUrl: text('purchase_url'),
    purchaseGclid: text('purchase_gclid'),
    sessionPurchaseSource: text('session_purchase_source'),
    /**
     * spec 4 dynamic price variant (decision 058): the unit price shown when the line was added, when
     * below the catalogue price, and when it was shown. The charge is never more than it while it holds.
     */
    shownUnitPriceMinor: integer('shown_unit_price_minor'),
    shownPriceAt: timestamp('shown_price_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('basket_lines_product_key').on(t.basketId, t.dealProductId)],
);

/** What a gifted line carries besides its delivery option (docs/decisions/028-gifting.md). */
export type GiftDetails =
  | { kind: 'e-gift'; recipientName: string; recipientEmail: string; message: string; sendOn: string }
  | { kind: 'pack'; name: string; line1: string; line2: string; town: string; postcode: string };

export type BasketRow = typeof baskets.$inferSelect;

export type BasketLineRow = typeof basketLines.$inferSelect;
