/**
 * Email subscribers (docs/decisions/025): sign-ups from the email-capture lightbox, confirmed by a
 * double opt-in link, with their topics and frequency. Keyed by address, apart from accounts: a
 * guest can subscribe, and a shopper can unsubscribe from marketing without signing in.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { baskets } from '../basket/schema';

export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed';

export const emailSubscribers = pgTable(
  'email_subscribers',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    status: text('status').$type<SubscriberStatus>().notNull().default('pending'),
    topics: jsonb('topics').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    frequency: text('frequency').notNull().default('weekly'),
    /** Where the sign-up came from (lightbox, preferences, ...). */
    source: text('source').notNull().default('lightbox'),
    /** SHA-256 of the outstanding double opt-in token, and when it stops working. */
    verifyTokenHash: text('verify_token_hash'),
    verifyExpiresAt: timestamp('verify_expires_at', { withTimezone: true }),
    /**
     * The capability in every preferences and unsubscribe link (256 random bits, base64url). Kept
     * as is (not hashed) because each marketing mail carries it again; it opens preferences only.
     */
    manageToken: text('manage_token').notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_subscribers_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('email_subscribers_manage_token_key').on(t.manageToken),
    index('email_subscribers_verify_idx').on(t.verifyTokenHash),
  ],
);

export type SubscriberRow = typeof emailSubscribers.$inferSelect;

/**
 * The abandoned-basket reminder (spec 7 basketabandon) sent for a basket (at most one per basket:
 * the key). Written in the transaction that queues the mail.
 */
export const basketReminders = pgTable('basket_reminders', {
  basketId: text('basket_id')
    .primaryKey()
    .references(() => baskets.id, { onDelete: 'cascade' }),
  recipient: text('recipient').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
