/**
 * Idempotency-Key records (PAYMENTS.md "Idempotency"; docs/decisions/012, 038).
 */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * PAYMENTS.md idempotency: the first result of a paying call under a key, refusals included, handed
 * back for 24 hours (kept 7 days). `result` is the service's result, not an HTTP answer: the web layer
 * gives a replay the status and body it gave the first call (docs/decisions/038-one-http-edge.md).
 * `requestHash` refuses the same key with a different body; `in_flight` answers a concurrent repeat.
 * `owner` is who made it: `customer:<id>`, or `guest:<sha256 of a secret in the guest's session>`;
 * the key replays for that owner only (null, a row from before the column, for no one).
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  scope: text('scope').notNull(),
  owner: text('owner'),
  requestHash: text('request_hash').notNull(),
  state: text('state').$type<'in_flight' | 'done'>().notNull().default('in_flight'),
  result: jsonb('result'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
