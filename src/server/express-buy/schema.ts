/** Express Buy tokens (spec 7 express-buy-token). */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { paymentInstruments } from '../instruments/schema';

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
    // A token pays with its instrument only: removing the instrument removes its tokens with it.
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => paymentInstruments.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('express_buy_tokens_user_idx').on(t.userId)],
);
