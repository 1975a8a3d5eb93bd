/**
 * The events outbox: one row per event and subscriber, written in the transaction that made the
 * event happen (so it exists exactly when the change does) and handled after commit. A failure is
 * kept on its row and retried by the hourly jobs, as the mail outbox is (docs/decisions/037).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: serial('id').primaryKey(),
    /** What happened, one of the names in ./names.ts, e.g. `order.placed`. */
    event: text('event').notNull(),
    /** The subscriber that owns this row, e.g. `confirmation-email`. */
    subscriber: text('subscriber').notNull(),
    /** What the event is about: the order's, voucher's or account's id. */
    subject: text('subject').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Set while a process runs the handler, so two never run it at once. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [
    index('event_deliveries_pending_idx').on(t.createdAt).where(sql`${t.handledAt} is null`),
    uniqueIndex('event_deliveries_event_subject_subscriber_key').on(t.event, t.subject, t.subscriber),
  ],
);

export type EventDeliveryRow = typeof eventDeliveries.$inferSelect;
