/**
 * Gifts and gift cards (docs/decisions/028-gifting.md).
 *
 * A gift is one e-gifted order line: its vouchers wait, owned by the buyer, until the recipient
 * claims them with the gift's code (once). The email goes on the send date, by the hourly jobs.
 * spec 4 redemption event key gifting (docs/decisions/026): a gift can also be one bought voucher,
 * sent from the voucher page (`voucher_id` set); the claim then moves that voucher only.
 *
 * A gift card is a stored value bought as a Tuppence gift card line; redeemed, its value becomes
 * wallet credit; unredeemed, it expires 6 months after purchase (spec 4).
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { orderLines, orders } from '../orders/schema';
import { vouchers } from '../vouchers/schema';
import { walletEntries } from '../wallet/schema';

export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    /** The one voucher sent from the voucher page; null for a line e-gifted at checkout. */
    voucherId: integer('voucher_id').references(() => vouchers.id),
    senderUserId: integer('sender_user_id')
      .notNull()
      .references(() => users.id),
    /** What the recipient types at /mygift: GIFT-XXXX-XXXX-XXXX. */
    code: text('code').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    /** The UK day the email goes. */
    sendOn: date('send_on').notNull(),
    /** When the email was written to the outbox (null: not yet due). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedByUserId: integer('claimed_by_user_id').references(() => users.id),
    /** The sender took the gift back before it was claimed: its code no longer claims (docs/decisions/048). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gifts_code_key').on(t.code),
    // One checkout gift per line; one waiting gift per voucher sent from the voucher page.
    uniqueIndex('gifts_order_line_key').on(t.orderLineId).where(sql`${t.voucherId} is null`),
    uniqueIndex('gifts_voucher_waiting_key')
      .on(t.voucherId)
      .where(sql`${t.voucherId} is not null and ${t.claimedAt} is null and ${t.cancelledAt} is null`),
    index('gifts_unmailed_idx').on(t.sendOn).where(sql`${t.mailedAt} is null`),
  ],
);

export type GiftCardStatus = 'active' | 'redeemed' | 'expired';

export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    /** CARD-XXXX-XXXX-XXXX, typed at /giftcard/redeem. */
    code: text('code').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id),
    valueMinor: integer('value_minor').notNull(),
    currency: text('currency').$type<'GBP' | 'EUR'>().notNull().default('GBP'),
    status: text('status').$type<GiftCardStatus>().notNull().default('active'),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    /** spec 4: 6 months after purchase. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedByUserId: integer('redeemed_by_user_id').references(() => users.id),
    walletEntryId: integer('wallet_entry_id').references(() => walletEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_key').on(t.code),
    index('gift_cards_order_line_idx').on(t.orderLineId),
    index('gift_cards_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'active'`),
  ],
);

export type GiftRow = typeof gifts.$inferSelect;
export type GiftCardRow = typeof giftCards.$inferSelect;
