/**
 * The mail outbox (docs/decisions/009, 042): a message is written in the transaction that causes it,
 * as a template's name and its data, and rendered and sent after.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import type { MailKind } from './kinds';

/** Email to send, written in the same transaction as the change and delivered after commit. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind').$type<MailKind>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** Which email it is drawn with (src/server/mail/templates): rendered, HTML and text, at send time. */
    template: text('template').notNull(),
    /** What the template draws: the facts as they stood when the change committed. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    payload: jsonb('payload').$type<Record<string, string>>().notNull().default({}),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_unsent_idx').on(t.createdAt).where(sql`${t.sentAt} is null`)],
);

export type OutboxRow = typeof outbox.$inferSelect;
