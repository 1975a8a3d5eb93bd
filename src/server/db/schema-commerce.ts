/**
 * The money path (issue 7): baskets, orders, payments, vouchers, the wallet ledger and
 * idempotency records. Money is integer pence with its currency beside it. An order and
 * everything it writes (lines, payment record, vouchers, wallet debits, stock) change in one
 * transaction; the only thing outside it is the payment authorisation, which is voided when the
 * transaction fails (docs/decisions/012).
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
import { dealProducts, deals } from './schema';
import { users } from './schema-accounts';

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

/** spec 3 Basket line. Prices are never stored here: the basket is priced from the catalogue on every read. */
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
    gift: boolean('gift').notNull().default(false),
    giftClaim: boolean('gift_claim').notNull().default(false),
    payDeposit: boolean('pay_deposit').notNull().default(false),
    /** spec 3 delivery options: e-gift, ndd-gpk, std-gpk, none. */
    deliveryOptionType: text('delivery_option_type').notNull().default('none'),
    purchaseLocation: text('purchase_location'),
    purchaseUrl: text('purchase_url'),
    purchaseGclid: text('purchase_gclid'),
    sessionPurchaseSource: text('session_purchase_source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('basket_lines_product_key').on(t.basketId, t.dealProductId)],
);

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
    gift: boolean('gift').notNull().default(false),
    checkInDate: date('check_in_date'),
    checkOutDate: date('check_out_date'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * What follows a committed order (issue 16.2): one row per event and handler, written in the order
 * transaction (so it exists exactly when the order does) and handled after commit by the handler
 * its feature registered (`onOrderPlaced`). A failure is kept on the row and retried by the
 * hourly jobs, like the mail outbox, up to a few attempts.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** What happened, e.g. `order.placed`. */
    kind: text('kind').notNull(),
    /** The registered handler that owns this row, e.g. `confirmation-email`. */
    handler: text('handler').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Set while a process runs the handler, so two never run it at once. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('order_events_pending_idx').on(t.createdAt).where(sql`${t.handledAt} is null`),
    uniqueIndex('order_events_order_handler_key').on(t.orderId, t.kind, t.handler),
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
    /** The provider's code for a refusal (2000, 2001, gateway_rejected, ...). */
    responseCode: text('response_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    index('payments_unsettled_idx').on(t.createdAt).where(sql`${t.status} in ('authorising', 'authorised')`),
  ],
);

/** spec 3 voucher statuses, as stored. */
export type VoucherStatus =
  | 'ready'
  | 'redeemed'
  | 'booked'
  | 'credit_requested'
  | 'request_processed'
  | 'return_requested'
  | 'return_in_transit'
  | 'returned_to_merchant'
  | 'refunded'
  | 'expired';

/** A bought voucher: one per unit of an order line. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    dealProductId: integer('deal_product_id')
      .notNull()
      .references(() => dealProducts.id),
    /** What the merchant types in: unique, easy to read aloud (no 0/O or 1/I). */
    code: text('code').notNull(),
    securityCode: text('security_code').notNull(),
    status: text('status').$type<VoucherStatus>().notNull().default('ready'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    index('vouchers_user_idx').on(t.userId, t.createdAt),
    index('vouchers_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('ready', 'booked')`),
  ],
);

/**
 * spec 3 Wallet as an append-only ledger. A credit is a positive row of one kind with its expiry;
 * a debit is a negative row that names the credit it consumes (`creditId`), so a balance is
 * "unexpired credits less what was taken from them" and can always be rebuilt from the rows.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').$type<'GBP' | 'EUR'>().notNull().default('GBP'),
    /** cash (bought or refunded to wallet), marketing (promotional credit), refundable. */
    kind: text('kind').$type<'cash' | 'marketing' | 'refundable'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    creditId: integer('credit_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.userId, t.currency, t.createdAt),
    index('wallet_entries_credit_idx').on(t.creditId),
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
 * PAYMENTS.md idempotency: the first response to a key, errors included, replayed for 24 hours.
 * `requestHash` refuses the same key with a different body; `in_flight` answers a concurrent repeat with 409.
 * `owner` (issue 14.2) is who made it: `customer:<id>`, or `guest:<sha256 of a secret in the guest's
 * session>`; the key replays for that owner only (null, a row from before the column, for no one).
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  scope: text('scope').notNull(),
  owner: text('owner'),
  requestHash: text('request_hash').notNull(),
  state: text('state').$type<'in_flight' | 'done'>().notNull().default('in_flight'),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The local sandbox gateway's own records (PAYMENTS.md). In production these live at the provider;
 * here they sit in our database under a `sandbox_` prefix and hold no card number or CVV, only
 * what the provider's nonce stands for (brand, last four, expiry, and which test card behaviour).
 */
export const sandboxNonces = pgTable('sandbox_nonces', {
  nonce: text('nonce').primaryKey(),
  /** card, paypal, apple_pay, google_pay */
  kind: text('kind').notNull(),
  cardType: text('card_type'),
  lastFour: text('last_four'),
  expiryMonth: text('expiry_month'),
  expiryYear: text('expiry_year'),
  /** The gateway's fingerprint of the card (a keyed hash of the number), so a card saved twice is one. */
  fingerprint: text('fingerprint'),
  /** The test behaviour of the card: ok, verify_declined, fraud, 3ds_fail, cvv_mismatch, postcode_mismatch, ... */
  behaviour: text('behaviour').notNull().default('ok'),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: text('id').primaryKey(),
    /** braintree, klarna, clearpay: which sandbox provider holds the transaction. */
    provider: text('provider').notNull().default('braintree'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The nonce, vault token, Klarna authorization token or Clearpay order token paid with. */
    nonce: text('nonce').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** authorized, submitted_for_settlement, settled, voided, processor_declined, gateway_rejected, failed */
    status: text('status').notNull(),
    responseCode: text('response_code'),
    responseText: text('response_text'),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_transactions_idempotency_key').on(t.idempotencyKey)],
);

export type BasketRow = typeof baskets.$inferSelect;
export type BasketLineRow = typeof basketLines.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;
export type WalletEntryRow = typeof walletEntries.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
