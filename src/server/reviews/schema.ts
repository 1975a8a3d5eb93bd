/**
 * Verified reviews (docs/decisions/046): a shopper rates and reviews a deal only through a voucher of
 * theirs that was redeemed, once per voucher, so every review traces to a real customer (the DMCC Act
 * 2024 bans fake reviews and reviews that cannot be traced). A review waits for an operator
 * (pending), who publishes or rejects it with a reason; only published reviews count on the deal.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { deals } from '../catalog/schema';
import { orders } from '../orders/schema';
import { vouchers } from '../vouchers/schema';

export type ReviewStatus = 'pending' | 'published' | 'rejected';

/** A shopper's review of a deal, made through one redeemed voucher of theirs. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    /** The redeemed voucher it was written through: one review per voucher. */
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** "Sam T.": the shopper's first name and initial when they wrote it. */
    authorName: text('author_name').notNull(),
    /** 1 to 5 stars. */
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    /** Why an operator rejected it, shown to the shopper on their voucher. */
    rejectionReason: text('rejection_reason'),
    /** When the voucher was redeemed: the review page says "verified purchase, redeemed <date>". */
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_voucher_key').on(t.voucherId),
    index('reviews_deal_idx').on(t.dealId, t.createdAt).where(sql`${t.status} = 'published'`),
    index('reviews_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The review-ask email, once per voucher (docs/decisions/046): when it was queued. */
export const reviewRequests = pgTable('review_requests', {
  voucherId: integer('voucher_id')
    .primaryKey()
    .references(() => vouchers.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ReviewRow = typeof reviews.$inferSelect;
