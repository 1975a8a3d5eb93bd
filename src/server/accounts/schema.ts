/**
 * Accounts and identity (docs/decisions/009): shoppers and single-use emailed tokens. A deleted
 * account is anonymised, never removed, so rows that point at users.id (orders, outbox) keep their
 * reference.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** spec 3 User and spec 6 user attributes (registered, subscribed, locked, with or without password). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; an anonymised account holds a placeholder that can never receive mail. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /**
     * argon2id PHC string; null for accounts made at checkout (express-register) until activated.
     * A registration's hash signs in only once is_registered is set by its emailed confirmation.
     */
    passwordHash: text('password_hash'),
    /** spec 9: customer token, at least 10 characters; identifies the shopper to basket and wishlist. */
    customerToken: text('customer_token').notNull(),
    isVip: boolean('is_vip').notNull().default(false),
    isRegistered: boolean('is_registered').notNull().default(false),
    isSubscribed: boolean('is_subscribed').notNull().default(false),
    /** An operator's lock (failed sign-ins never set it: docs/decisions/017); lifted by a password reset. */
    isLocked: boolean('is_locked').notNull().default(false),
    /** spec 3 user flag tpl: signed up through a third-party login (Google). */
    isThirdPartyLogin: boolean('is_third_party_login').notNull().default(false),
    /** spec 3 user flag isFacebook: has signed in with Facebook (decision 055); FBO when it has no password too. */
    isFacebook: boolean('is_facebook').notNull().default(false),
    /** Bumped when the password changes: every other session of the user ends. */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_customer_token_key').on(t.customerToken),
  ],
);

/**
 * Single-use emailed tokens (password reset, sign-in and email-confirmation links) and known-device
 * tokens (docs/decisions/017, kept a year, one per browser and account). Only a SHA-256 of the
 * token is kept.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').$type<'password_reset' | 'sign_in' | 'confirm_email' | 'device'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_tokens_hash_key').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
