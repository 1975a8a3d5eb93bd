/**
 * Vouchers issued for paid order lines (issue 7).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    index('vouchers_user_idx').on(t.userId, t.createdAt),
    index('vouchers_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('ready', 'booked')`),
  ],
);

export type VoucherRow = typeof vouchers.$inferSelect;
