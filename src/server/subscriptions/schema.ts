/**
 * The VIP subscription (docs/decisions/027): one row per member's subscription, and
 * one row per monthly charge, so each renewal is charged once (its period is its key).
 */
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { orders } from '../orders/schema';

/** A member's VIP subscription: VIP while the paid period runs; renewed monthly while `renews`. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The checkout order that bought (or last re-joined) it. */
    orderId: integer('order_id').references(() => orders.id),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').$type<'GBP' | 'EUR'>().notNull().default('GBP'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    /** False after Cancel Renewal: VIP until the period ends, then it lapses. */
    renews: boolean('renews').notNull().default(true),
    /** Set when a period ended without a renewal (cancelled, no saved card, or the charge failed). */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why the last renewal failed, for the member's page and for a person to look at. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscriptions_user_key').on(t.userId), index('subscriptions_due_idx').on(t.currentPeriodEnd)],
);

/** One monthly renewal charge; (subscription, period start) is unique, so a period is charged once. */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** The saved instrument charged (payment_instruments.id), null when none was saved. */
    instrumentId: integer('instrument_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<'charging' | 'paid' | 'failed'>().notNull(),
    transactionId: text('transaction_id'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscription_charges_period_key').on(t.subscriptionId, t.periodStart)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
