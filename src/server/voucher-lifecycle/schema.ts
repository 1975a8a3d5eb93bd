/**
 * What happens to a voucher after it is bought: add-ons (extend, protect), refunds (to the
 * card or the wallet) and returns of products. Each row is written in the transaction that moves the
 * voucher (docs/decisions/026-voucher-lifecycle.md).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { orders, payments } from '../orders/schema';
import { vouchers } from '../vouchers/schema';

/** spec 3 addonType: VVE (voucher validity extension) or DVP (protect my voucher). */
export type VoucherAddonType = 'VVE' | 'DVP';

/** An add-on bought for a voucher, paid as an order of its own (one charge per idempotency key). */
export const voucherAddons = pgTable(
  'voucher_addons',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    /** The add-on's own order (what was charged, how). */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    type: text('type').$type<VoucherAddonType>().notNull(),
    /** VVE: months added. */
    months: integer('months'),
    amountMinor: integer('amount_minor').notNull(),
    previousExpiresAt: timestamp('previous_expires_at', { withTimezone: true }).notNull(),
    newExpiresAt: timestamp('new_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voucher_addons_voucher_idx').on(t.voucherId), uniqueIndex('voucher_addons_order_key').on(t.orderId)],
);

/**
 * A voucher's refund (once: unique per voucher). Written with the move to Refunded (or Request
 * Processed, for credit); the card part is paid by the provider after commit and retried by the
 * hourly jobs until it is `done`.
 */
export const voucherRefunds = pgTable(
  'voucher_refunds',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** card (ON_DEMAND_REFUND through the provider) or wallet (credit). */
    refundedTo: text('refunded_to').$type<'card' | 'wallet'>().notNull(),
    /** spec 3 refund type. */
    refundType: text('refund_type').notNull().default('ON_DEMAND_REFUND'),
    currency: text('currency').$type<'GBP' | 'EUR'>().notNull().default('GBP'),
    cardMinor: integer('card_minor').notNull().default(0),
    walletMinor: integer('wallet_minor').notNull().default(0),
    /** The payment refunded to (card part). */
    paymentId: integer('payment_id').references(() => payments.id),
    /** pending (card part owed), done. */
    status: text('status').$type<'pending' | 'done'>().notNull(),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('voucher_refunds_voucher_key').on(t.voucherId),
    index('voucher_refunds_order_idx').on(t.orderId),
    index('voucher_refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** A product's return order: its reference for the returns label, and when it moved. */
export const voucherReturns = pgTable(
  'voucher_returns',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    /** Printed on the label: RT- and the voucher code. */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('voucher_returns_voucher_key').on(t.voucherId)],
);

export type VoucherAddonRow = typeof voucherAddons.$inferSelect;
export type VoucherRefundRow = typeof voucherRefunds.$inferSelect;
export type VoucherReturnRow = typeof voucherReturns.$inferSelect;
