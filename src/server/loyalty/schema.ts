/**
 * The loyalty club (docs/decisions/027): a points account per member and an
 * append-only activity ledger. Each activity has a unique key (the order, the refunded voucher,
 * the exchange's form key, the deal viewed that day), so nothing is counted twice.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/** A member's points: what they can spend now, and what they ever earned (their level). */
export const loyaltyAccounts = pgTable('loyalty_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  currentPoints: integer('current_points').notNull().default(0),
  lifetimePoints: integer('lifetime_points').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** spec 3 loyaltyActivityDescriptions: every change to a member's points, newest shown first. */
export const loyaltyActivities = pgTable(
  'loyalty_activities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'order' | 'viewDeal' | 'shareDeal' | 'exchange' | 'refund'>().notNull(),
    /** Signed change to current points. */
    points: integer('points').notNull(),
    /** Signed change to lifetime points (an exchange spends points but keeps the level). */
    lifetimePoints: integer('lifetime_points').notNull(),
    /** What happened, in the shop's words. */
    description: text('description').notNull(),
    /** Makes the activity happen once: order:12, refund:voucher:7, exchange:{form key}, viewDeal:{deal}:{day}. */
    uniqueKey: text('unique_key').notNull(),
    orderId: integer('order_id'),
    dealId: integer('deal_id'),
    /** The wallet credit an exchange wrote (wallet_entries.id). */
    walletEntryId: integer('wallet_entry_id'),
    /**
     * A refund's take-back the member's current points could not cover (already exchanged): noted
     * here, never taken later and never a debt (docs/decisions/048).
     */
    shortfallPoints: integer('shortfall_points').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loyalty_activities_key').on(t.uniqueKey),
    index('loyalty_activities_user_idx').on(t.userId, t.createdAt),
  ],
);
