/**
 * Saved delivery addresses (docs/decisions/051): a signed-in shopper keeps addresses in My Account
 * and picks one at checkout; one may be the default. Personal data: read only by its shopper, and
 * removed when the account is deleted.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    town: text('town').notNull(),
    /** Formatted the Royal Mail way ("LS1 4AP"). */
    postcode: text('postcode').notNull(),
    phone: text('phone').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_addresses_user_idx').on(t.userId),
    // At most one default per shopper.
    uniqueIndex('saved_addresses_one_default').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
