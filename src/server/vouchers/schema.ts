/**
 * Vouchers issued for paid order lines, one per unit, inside the order's transaction
 * (docs/decisions/015).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { dealProducts, deals } from '../catalog/schema';
import { orderLines, orders } from '../orders/schema';

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
    /** Protect my voucher (DVP) bought (docs/decisions/026): refundable after the 14-day window, until it expires. */
    isProtected: boolean('is_protected').notNull().default(false),
    /** spec 4: the shopper agreed that, unused at expiry, its paid value becomes wallet credit. */
    expiryCreditConsent: boolean('expiry_credit_consent').notNull().default(false),
    /** spec 9: months added by extensions (VVE), at most 3 in all. */
    extendedMonths: integer('extended_months').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    index('vouchers_user_idx').on(t.userId, t.createdAt),
    index('vouchers_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('ready', 'booked')`),
  ],
);

export type VoucherRow = typeof vouchers.$inferSelect;

/**
 * The audit of every voucher status change, written in the same transaction as the change
 * (src/domain/voucher-status.ts names the events; docs/decisions/026 prints the table).
 */
export const voucherStatusChanges = pgTable(
  'voucher_status_changes',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    fromStatus: text('from_status').$type<VoucherStatus>().notNull(),
    toStatus: text('to_status').$type<VoucherStatus>().notNull(),
    /** The state machine's event: redeem, refund, requestCredit, expire, ... */
    event: text('event').notNull(),
    /** shopper, merchant, system, operator. */
    actor: text('actor').notNull(),
    /** The account that moved it, when a person did. */
    actorUserId: integer('actor_user_id').references(() => users.id),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voucher_status_changes_voucher_idx').on(t.voucherId, t.createdAt)],
);

export type VoucherStatusChangeRow = typeof voucherStatusChanges.$inferSelect;
