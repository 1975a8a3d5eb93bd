/**
 * The payment sandbox's tables, in a PostgreSQL schema of their own (`sandbox`): nonces,
 * transactions, approval sessions (PayPal, Klarna, Clearpay), its vault and 3-D Secure authentications. The shop never reads
 * them; on a server shared with the shop the schema keeps the two apart
 * (docs/decisions/035-sandbox-as-its-own-app.md). In production these records live at the provider;
 * here they hold no card number or CVV, only what the provider's nonce stands for (brand, last four,
 * expiry, and which test card behaviour: PAYMENTS.md).
 */
import { integer, jsonb, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The schema every sandbox table lives in; its migrations table lives there too (./client.ts). */
export const sandbox = pgSchema('sandbox');

export const nonces = sandbox.table('nonces', {
  nonce: text('nonce').primaryKey(),
  /** card, paypal, apple_pay, google_pay */
  kind: text('kind').notNull(),
  cardType: text('card_type'),
  lastFour: text('last_four'),
  expiryMonth: text('expiry_month'),
  expiryYear: text('expiry_year'),
  /** The gateway's fingerprint of the card (a keyed hash of the number), so a card saved twice is one. */
  fingerprint: text('fingerprint'),
  /** The test behaviour of the card: ok, verify_declined, fraud, 3ds_fail, cvv_mismatch, postcode_mismatch, ... */
  behaviour: text('behaviour').notNull().default('ok'),
  /**
   * How the card's issuer answers 3-D Secure (../test-data.ts `ThreeDSecureScenario`), read from the
   * number when it is tokenised, as the behaviour is: frictionless, challenge_passed, ...
   */
  threeDSecure: text('three_d_secure').notNull().default('frictionless'),
  /**
   * The vaulted card a nonce was minted from (POST payment_methods/{token}/nonces), so a 3-D Secure
   * authentication of it counts for a sale on that token; null for a tokenised card.
   */
  paymentMethodToken: text('payment_method_token'),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const transactions = sandbox.table(
  'transactions',
  {
    id: text('id').primaryKey(),
    /** braintree, klarna, clearpay: which sandbox provider holds the transaction. */
    provider: text('provider').notNull().default('braintree'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The nonce, vault token, Klarna authorization token or Clearpay order token paid with. */
    nonce: text('nonce').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** authorized, submitted_for_settlement, settled, voided, processor_declined, gateway_rejected, failed */
    status: text('status').notNull(),
    responseCode: text('response_code'),
    responseText: text('response_text'),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('transactions_idempotency_key').on(t.idempotencyKey)],
);

/**
 * The approval sessions (PAYMENTS.md): a PayPal payment, a Klarna session or a Clearpay checkout,
 * created with an amount, approved (or denied, declined, cancelled) on the provider's own page, and
 * consumed by one sale.
 */
export const sessions = sandbox.table(
  'sessions',
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
    /** Flow details: PayPal flow (checkout or vault) and credit, the approving account's email, the return URL. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_auth_token_key').on(t.authToken)],
);

/** The vault: what a saved payment method token stands for (no number, no CVV). */
export const vault = sandbox.table('vault', {
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
  /**
   * The card network's reference of the sale that saved the card: a merchant-initiated renewal
   * quotes it (PAYMENTS.md "3-D Secure 2"). Null for a PayPal account.
   */
  networkTransactionId: text('network_transaction_id'),
  /**
   * How the saved card's issuer answers 3-D Secure (../test-data.ts `ThreeDSecureScenario`), kept
   * from the nonce that saved it: a challenge card's customer-initiated sales need an authentication.
   */
  threeDSecure: text('three_d_secure').notNull().default('frictionless'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The 3-D Secure authentications the sandbox's issuer made (PAYMENTS.md "3-D Secure 2";
 * src/contracts/three-d-secure.ts): one nonce, amount and currency each, frictionless or after the
 * challenge page, good for one sale (the transaction that used it) until it expires.
 */
export const threeDSecure = sandbox.table('three_d_secure', {
  id: text('id').primaryKey(),
  nonce: text('nonce').notNull(),
  /** The vaulted card the nonce was minted from, when it was: the sale on that token may use it. */
  paymentMethodToken: text('payment_method_token'),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  /** What the challenge page names: the brand and last four, never the number. */
  cardType: text('card_type').notNull(),
  lastFour: text('last_four'),
  /** The card's scenario (../test-data.ts), which decides how a challenge ends. */
  scenario: text('scenario').notNull(),
  /** authenticated, attempted, challenge_required, failed, abandoned, unavailable, error */
  status: text('status').notNull(),
  /** The Electronic Commerce Indicator: 05 authenticated, 06 attempted, 07 otherwise; null while challenged. */
  eci: text('eci'),
  /** The shop page's origin the challenge page tells how it ended (postMessage), and may be framed by. */
  returnOrigin: text('return_origin').notNull(),
  wrongCodes: integer('wrong_codes').notNull().default(0),
  /** The sale that used it; null until then. */
  transactionId: text('transaction_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SessionRow = typeof sessions.$inferSelect;

export type ThreeDSecureRow = typeof threeDSecure.$inferSelect;

export type VaultRow = typeof vault.$inferSelect;
