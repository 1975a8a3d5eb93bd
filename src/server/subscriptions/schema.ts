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

/**
 * The renewal reminder (decision 047; DMCC Act 2024): one row per (subscription, renewal date), so
 * each renewal is announced once however often the hourly job runs. The email's one-click cancel
 * link carries a random token; only its SHA-256 is kept here, with when it stops working.
 */
export const subscriptionReminders = pgTable(
  'subscription_reminders',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    /** The renewal this reminder announces (the current period's end when it was sent). */
    renewalAt: timestamp('renewal_at', { withTimezone: true }).notNull(),
    /** The charge the reminder states (pence). */
    amountMinor: integer('amount_minor').notNull(),
    cancelTokenHash: text('cancel_token_hash').notNull(),
    /** The cancel link works until the cooling-off after the renewal ends. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_reminders_period_key').on(t.subscriptionId, t.renewalAt),
    uniqueIndex('subscription_reminders_token_key').on(t.cancelTokenHash),
  ],
);

/**
 * A cooling-off refund (decision 047): the unused part of one paid period, to the way it was paid.
 * (subscription, period start) is unique, so a period is refunded once; the provider is paid after
 * the transaction that ended VIP commits, and the hourly jobs retry what it could not take then.
 */
export const subscriptionRefunds = pgTable(
  'subscription_refunds',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<'GBP' | 'EUR'>().notNull().default('GBP'),
    /** Back to the card or PayPal account that paid, or to the wallet for a period the wallet paid. */
    refundedTo: text('refunded_to').$type<'card' | 'wallet'>().notNull(),
    /** The payment provider and its transaction that took the period's money (card refunds). */
    provider: text('provider'),
    transactionId: text('transaction_id'),
    status: text('status').$type<'pending' | 'done'>().notNull(),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('subscription_refunds_period_key').on(t.subscriptionId, t.periodStart)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
