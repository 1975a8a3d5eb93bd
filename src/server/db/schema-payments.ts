/**
 * Payment methods beyond the card (issue 8): saved payment instruments, Express Buy tokens, and the
 * sandbox gateway's records of approval sessions (PayPal, Klarna, Clearpay) and its vault. No row
 * here holds a card number or CVV: a saved card is the gateway's vault token with its brand, last
 * four and expiry (PAYMENTS.md ground rules; docs/decisions/016-payment-methods.md).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';

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

/**
 * spec 7 express-buy-token: a short-lived token that lets a signed-in shopper buy one deal with
 * their default saved instrument in one step. Stored hashed, as the other emailed tokens are.
 */
export const expressBuyTokens = pgTable(
  'express_buy_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => paymentInstruments.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('express_buy_tokens_user_idx').on(t.userId)],
);

/**
 * The sandbox's approval sessions (PAYMENTS.md): a PayPal payment, a Klarna session or a Clearpay
 * checkout, created with an amount, approved (or denied, declined, cancelled) on the provider's
 * own page, and consumed by one sale. In production these live at the provider.
 */
export const sandboxSessions = pgTable(
  'sandbox_sessions',
  {
    /** PayPal payment id, Klarna session id, Clearpay checkout token. */
    id: text('id').primaryKey(),
    /** paypal, klarna, clearpay */
    provider: text('provider').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** created, approved, denied, declined, cancelled, consumed */
    status: text('status').notNull().default('created'),
    /** What approval hands back to the shop: PayPal nonce, Klarna authorization token, Clearpay order token. */
    authToken: text('auth_token'),
    /** Flow details: PayPal flow (checkout or vault) and credit, the approving account's email, return URLs. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_sessions_auth_token_key').on(t.authToken)],
);

/** The sandbox gateway's vault: what a saved payment method token stands for (no number, no CVV). */
export const sandboxVault = pgTable('sandbox_vault', {
  token: text('token').primaryKey(),
  /** card, paypal */
  kind: text('kind').notNull(),
  cardType: text('card_type'),
  lastFour: text('last_four'),
  expiryMonth: text('expiry_month'),
  expiryYear: text('expiry_year'),
  email: text('email'),
  behaviour: text('behaviour').notNull().default('ok'),
  fingerprint: text('fingerprint').notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentInstrumentRow = typeof paymentInstruments.$inferSelect;
export type SandboxSessionRow = typeof sandboxSessions.$inferSelect;
export type SandboxVaultRow = typeof sandboxVault.$inferSelect;
