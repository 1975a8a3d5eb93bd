/**
 * Orders, their lines, payment records and per-shopper purchase counts. An order and
 * everything it writes change in one transaction (docs/decisions/012).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ThreeDSecureStatus } from '@/contracts/three-d-secure';
import type { ShippingMethod } from '@/domain/delivery';
import { users } from '../accounts/schema';
import type { GiftDetails } from '../basket/schema';
import { dealProducts, deals } from '../catalog/schema';

/** A placed order: what was charged, how, and from which basket. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    basketId: text('basket_id'),
    currency: text('currency').$type<'GBP' | 'EUR'>().notNull().default('GBP'),
    totalMinor: integer('total_minor').notNull(),
    /** spec 3 payment data: walletUsed plus cashAmount make the total. */
    walletUsedMinor: integer('wallet_used_minor').notNull().default(0),
    cashAmountMinor: integer('cash_amount_minor').notNull(),
    /** spec 3 payment methods: credit_card, paypal, ... or wallet for a wholly wallet-paid order. */
    paymentMethod: text('payment_method').notNull(),
    cardType: text('card_type'),
    /** The Idempotency-Key of the submit that placed it: one key, one order. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<'placed' | 'refunded'>().notNull().default('placed'),
    /**
     * The 3-D Secure authentication the card payment went on with (PAYMENTS.md "3-D Secure 2";
     * docs/decisions/043-three-d-secure.md): authenticated or attempted; null when the payment had
     * none (a wallet, PayPal, pay later, the wallet balance alone, a saved card).
     */
    threeDSecureStatus: text('three_d_secure_status').$type<ThreeDSecureStatus>(),
    /** Whether liability for a fraudulent card payment shifted to the card's issuer (decision 043). */
    liabilityShifted: boolean('liability_shifted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
  ],
);

/** spec 3 order lines, priced from the catalogue at the moment of the order. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    dealProductId: integer('deal_product_id')
      .notNull()
      .references(() => dealProducts.id),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    postageMinor: integer('postage_minor').notNull().default(0),
    lineTotalMinor: integer('line_total_minor').notNull(),
    deliveryOptionType: text('delivery_option_type').notNull().default('none'),
    /** How a posted product's line ships (docs/decisions/051); null for a line that does not ship. */
    shippingMethod: text('shipping_method').$type<ShippingMethod>(),
    gift: boolean('gift').notNull().default(false),
    /** The line's gift wrap and pack (quantities and what they cost), and its gift's details. */
    giftWrapQuantity: integer('gift_wrap_quantity').notNull().default(0),
    giftPackQuantity: integer('gift_pack_quantity').notNull().default(0),
    giftingMinor: integer('gifting_minor').notNull().default(0),
    giftDetails: jsonb('gift_details').$type<GiftDetails>(),
    checkInDate: date('check_in_date'),
    checkOutDate: date('check_out_date'),
    /** The stay's nights, the departure airport chosen (its name), and a deposit's balance. */
    numberOfNights: integer('number_of_nights'),
    departureAirport: text('departure_airport'),
    balanceDueMinor: integer('balance_due_minor'),
    balanceDueDate: date('balance_due_date'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    // Buy again and the social cue (spec 7 socialcue/deal) read a deal's purchases.
    index('order_lines_deal_idx').on(t.dealId),
  ],
);

/**
 * One payment attempt at a provider. Written as `authorising` before the provider is called, so
 * an authorisation whose order never committed (a crash, a lost race for stock) is found and voided.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').references(() => orders.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** spec 3 provider types: BRAINTREE, CLEARPAY, KLARNA. */
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    transactionId: text('transaction_id'),
    status: text('status')
      .$type<'authorising' | 'authorised' | 'settled' | 'voided' | 'declined' | 'failed'>()
      .notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('GBP'),
    cardType: text('card_type'),
    lastFour: text('last_four'),
    expiryMonth: text('expiry_month'),
    expiryYear: text('expiry_year'),
    /** The provider's code for a refusal (2000, 2001, gateway_rejected, three_d_secure_other_amount, ...). */
    responseCode: text('response_code'),
    /** The 3-D Secure authentication the sale went on with, null when it named none (decision 043). */
    threeDSecureStatus: text('three_d_secure_status').$type<ThreeDSecureStatus>(),
    /** Whether liability for fraud shifted to the card's issuer (decision 043). */
    liabilityShifted: boolean('liability_shifted').notNull().default(false),
    /** The card network's reference for the sale, when the gateway gave one. */
    networkTransactionId: text('network_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_unsettled_idx').on(t.createdAt).where(sql`${t.status} in ('authorising', 'authorised')`),
  ],
);

/** spec 5 per-user maximum: how many of a deal each account has bought (a conditional upsert guards it). */
export const userDealPurchases = pgTable(
  'user_deal_purchases',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dealId] })],
);

/**
 * Stock held for a submit before its card is authorised (docs/decisions/026), so a buyer who loses
 * the race for the last units is refused before any money is held. Taken with the same conditional
 * update as the order's stock; the order transaction consumes the hold (deletes the row), a failed
 * payment or order releases it (gives the units back), and the hourly jobs release holds a crash
 * left behind.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    idempotencyKey: text('idempotency_key').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => dealProducts.id),
    quantity: integer('quantity').notNull(),
    /** The day whose allowance (remaining_for_day) the hold took from. */
    stockDay: date('stock_day', { mode: 'string' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.idempotencyKey, t.productId] }), index('stock_holds_expiry_idx').on(t.expiresAt)],
);

/**
 * spec 5 per-user maximum held for a submit before its card is authorised (docs/decisions/044): the
 * hold adds the units to the buyer's `user_deal_purchases` with the order's own conditional upsert, so
 * a buyer who would go over their maximum is refused before any money is held. The order transaction
 * consumes the hold (the units are the order's purchase now), a failed payment or order releases it
 * (takes the units off again), and the hourly jobs release holds a crash left behind.
 */
export const purchaseCapHolds = pgTable(
  'purchase_cap_holds',
  {
    idempotencyKey: text('idempotency_key').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    quantity: integer('quantity').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.idempotencyKey, t.dealId] }),
    index('purchase_cap_holds_expiry_idx').on(t.expiresAt),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

export type OrderLineRow = typeof orderLines.$inferSelect;

export type PaymentRow = typeof payments.$inferSelect;
