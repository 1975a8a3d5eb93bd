/**
 * Credit given to shoppers (docs/decisions/021): credit-claim campaigns (?credit_validation=),
 * promotional-credit offers (10% up to £5 per eligible item) and the grants ledger. Every grant is
 * one `credit_grants` row naming its campaign or order, and (once paid) its wallet entry, so each
 * penny of credit can be traced back to why it was given.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { orders } from '../orders/schema';
import { walletEntries } from '../wallet/schema';

/** A credit-claim link's campaign: `?credit_validation={claimCode}` gives each shopper its credit once. */
export const creditCampaigns = pgTable(
  'credit_campaigns',
  {
    id: serial('id').primaryKey(),
    /** spec 5: digits only. */
    claimCode: text('claim_code').notNull(),
    name: text('name').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<'GBP' | 'EUR'>().notNull().default('GBP'),
    /** Days the credit lasts once claimed; null: spec 4's 12 months. */
    creditValidDays: integer('credit_valid_days'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('credit_campaigns_claim_code_idx').on(t.claimCode)],
);

/** A promotional-credit offer: items of these categories bought while it runs earn spec 1's credit. */
export const promotionalCreditOffers = pgTable('promotional_credit_offers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Empty: every category. */
  categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The grants ledger. `pending` grants wait for `dueAt` (referral credit after the refund window);
 * `granted` ones name the wallet credit they wrote; `cancelled` ones were never paid (refunded order).
 */
export const creditGrants = pgTable(
  'credit_grants',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'campaign' | 'promotional' | 'referral'>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    campaignId: integer('campaign_id').references(() => creditCampaigns.id),
    orderId: integer('order_id').references(() => orders.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<'GBP' | 'EUR'>().notNull().default('GBP'),
    status: text('status').$type<'pending' | 'granted' | 'cancelled'>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    walletEntryId: integer('wallet_entry_id').references(() => walletEntries.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A campaign is claimed once per shopper, also under concurrent requests.
    uniqueIndex('credit_grants_campaign_user_idx').on(t.campaignId, t.userId).where(sql`${t.kind} = 'campaign'`),
    // An order earns each kind of credit once per shopper (handlers run at least once).
    uniqueIndex('credit_grants_order_kind_idx').on(t.orderId, t.kind, t.userId).where(sql`${t.kind} <> 'campaign'`),
    index('credit_grants_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    index('credit_grants_user_idx').on(t.userId),
  ],
);

/**
 * What a refunded voucher took back of the promotional credit its order earned (docs/decisions/048):
 * once per voucher. `amountMinor` is its share; `takenMinor` what was left of the credit to take;
 * `shortfallMinor` what the shopper had already spent: noted, never taken later, never a debt.
 */
export const creditTakebacks = pgTable(
  'credit_takebacks',
  {
    id: serial('id').primaryKey(),
    grantId: integer('grant_id')
      .notNull()
      .references(() => creditGrants.id),
    voucherId: integer('voucher_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountMinor: integer('amount_minor').notNull(),
    takenMinor: integer('taken_minor').notNull(),
    shortfallMinor: integer('shortfall_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_takebacks_voucher_idx').on(t.voucherId),
    index('credit_takebacks_order_idx').on(t.orderId),
  ],
);

export type CreditCampaignRow = typeof creditCampaigns.$inferSelect;
export type CreditGrantRow = typeof creditGrants.$inferSelect;

/** Refer a friend: each shopper's personal code, made the first time they ask. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_codes_code_idx').on(t.code)],
);

/** A friend who arrived through a shopper's link before their first order; a friend is referred once. */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => users.id),
    friendUserId: integer('friend_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referrals_friend_idx').on(t.friendUserId), index('referrals_referrer_idx').on(t.referrerUserId)],
);

/** spec 7 user/raf/stat/share and user/raf/stat/open: shares of a shopper's link, and opens of it. */
export const referralEvents = pgTable(
  'referral_events',
  {
    id: serial('id').primaryKey(),
    referrerUserId: integer('referrer_user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').$type<'share' | 'open'>().notNull(),
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_events_referrer_idx').on(t.referrerUserId, t.kind)],
);
