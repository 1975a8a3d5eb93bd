/**
 * Promotion codes and their uses (docs/decisions/021). A use is a ledger row written in the order's
 * own transaction, so every discount traces back to its order; `uses_count` is taken with a
 * conditional update in that transaction, so a code limited to N uses is used at most N times. A
 * submit holds its use before the card is authorised (docs/decisions/044), so a code's uses left are
 * its limit less the uses recorded and the uses held.
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
    /** Who may use it (docs/decisions/048): every shopper, VIP members only, or shoppers who are not VIP. */
    audience: text('audience').$type<'all' | 'vip' | 'non-vip'>().notNull().default('all'),
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

/**
 * One use of a code held for a submit (its idempotency key) from before its card is authorised until
 * its order commits (docs/decisions/044). An unexpired hold counts as a use when deciding whether the
 * code, or the shopper's share of it, has uses left; the order transaction consumes it (deletes the row
 * and records the use), a decline or a failed order releases it, and the hourly jobs delete holds a
 * crash left once they expire.
 */
export const promoUseHolds = pgTable(
  'promo_use_holds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('promo_use_holds_code_idx').on(t.promoCodeId, t.expiresAt),
    index('promo_use_holds_user_idx').on(t.promoCodeId, t.userId),
    index('promo_use_holds_expiry_idx').on(t.expiresAt),
  ],
);

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type PromoRedemptionRow = typeof promoRedemptions.$inferSelect;
