/**
 * Saved payment instruments: the gateway's vault token with brand, last four and expiry;
 * never a card number or CVV (docs/decisions/016-payment-methods.md).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/**
 * spec 3 Payment instrument a shopper saved: type (card or paypal: the kinds a gateway vaults),
 * gateway, default flag. Paying with one is instrument mode EXISTING.
 */
export const paymentInstruments = pgTable(
  'payment_instruments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** spec 3 instrument type: card or paypal. */
    type: text('type').$type<'card' | 'paypal'>().notNull(),
    /** spec 3 payment provider type that holds it. */
    gateway: text('gateway').notNull().default('BRAINTREE'),
    /** The gateway's vaulted payment method token (never a card number). */
    token: text('token').notNull(),
    /** The gateway's fingerprint of the card or account: the same card saved twice is one row. */
    fingerprint: text('fingerprint').notNull(),
    cardType: text('card_type'),
    lastFour: text('last_four'),
    expiryMonth: text('expiry_month'),
    expiryYear: text('expiry_year'),
    /** The PayPal account's email, as PayPal shows it. */
    email: text('email'),
    isDefault: boolean('is_default').notNull().default(false),
    /**
     * The card network's reference of the payment that saved it: the shop's own charges on the card
     * later (the VIP renewal, merchant-initiated) quote it (PAYMENTS.md "3-D Secure 2"; decision 043).
     */
    networkTransactionId: text('network_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_instruments_token_key').on(t.token),
    uniqueIndex('payment_instruments_user_fingerprint_key').on(t.userId, t.fingerprint),
    /** At most one default per shopper. */
    uniqueIndex('payment_instruments_one_default').on(t.userId).where(sql`${t.isDefault}`),
    index('payment_instruments_user_idx').on(t.userId),
  ],
);

export type PaymentInstrumentRow = typeof paymentInstruments.$inferSelect;
