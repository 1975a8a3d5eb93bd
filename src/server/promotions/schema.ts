/**
 * Promotion codes and their uses (docs/decisions/021). A use is a ledger row written in the order's
 * own transaction, so every discount traces back to its order; `uses_count` is taken with a
 * conditional update in that transaction, so a code limited to N uses is used at most N times.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { orders } from '../orders/schema';

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; shoppers' input is matched without regard to case. */
    code: text('code').notNull(),
    kind: text('kind').$type<'percent' | 'fixed'>().notNull(),
    percentOff: integer('percent_off'),
    amountOffMinor: integer('amount_off_minor'),
    currency: text('currency').$type<'GBP' | 'EUR'>().notNull().default('GBP'),
    minSpendMinor: integer('min_spend_minor').notNull().default(0),
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    perUserLimit: integer('per_user_limit').default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    subCategoryIds: integer('sub_category_ids').array().notNull().default(sql`'{}'::integer[]`),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_codes_code_idx').on(t.code)],
);

/** One row per order that used a code: who, which order, how much it took off. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    discountMinor: integer('discount_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_order_idx').on(t.orderId),
    index('promo_redemptions_user_idx').on(t.promoCodeId, t.userId),
  ],
);

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoRedemptionRow = typeof promoRedemptions.$inferSelect;
