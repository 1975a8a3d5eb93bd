/**
 * The wallet ledger (docs/decisions/015): integer pence, one row per credit or debit.
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { orders } from '../orders/schema';

/**
 * spec 3 Wallet as an append-only ledger. A credit is a positive row of one kind with its expiry;
 * a debit is a negative row that names the credit it consumes (`creditId`), so a balance is
 * "unexpired credits less what was taken from them" and can always be rebuilt from the rows.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').$type<'GBP' | 'EUR'>().notNull().default('GBP'),
    /** cash (bought or refunded to wallet), marketing (promotional credit), refundable. */
    kind: text('kind').$type<'cash' | 'marketing' | 'refundable'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    creditId: integer('credit_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.userId, t.currency, t.createdAt),
    index('wallet_entries_credit_idx').on(t.creditId),
  ],
);

export type WalletEntryRow = typeof walletEntries.$inferSelect;
