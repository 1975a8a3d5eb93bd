/**
 * Idempotency-Key records (issue 7).
 */
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * PAYMENTS.md idempotency: the first response to a key, errors included, replayed for 24 hours.
 * `requestHash` refuses the same key with a different body; `in_flight` answers a concurrent repeat with 409.
 * `owner` (issue 14.2) is who made it: `customer:<id>`, or `guest:<sha256 of a secret in the guest's
 * session>`; the key replays for that owner only (null, a row from before the column, for no one).
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  scope: text('scope').notNull(),
  owner: text('owner'),
  requestHash: text('request_hash').notNull(),
  state: text('state').$type<'in_flight' | 'done'>().notNull().default('in_flight'),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
