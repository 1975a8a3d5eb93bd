/**
 * The merchant service's tables (docs/decisions/024): who works for a merchant, the invitations
 * that bring a colleague in, and the audit of every voucher redemption attempt. The merchant itself
 * is the catalogue's `merchants` row; its deals and vouchers stay with the catalogue and voucher
 * services.
 */
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { merchants } from '../catalog/schema';
import { vouchers } from '../vouchers/schema';

/** What a member may do: an owner also invites and removes colleagues. */
export type MerchantRole = 'owner' | 'staff';

/** A shopper account that is also a member of a merchant (signs in as usual, then sees the dashboard). */
export const merchantUsers = pgTable(
  'merchant_users',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    role: text('role').$type<MerchantRole>().notNull().default('staff'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_users_member_key').on(t.merchantId, t.userId),
    index('merchant_users_user_idx').on(t.userId),
  ],
);

/** An emailed invitation to join a merchant; only the SHA-256 of its token is kept. */
export const merchantInvites = pgTable(
  'merchant_invites',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Stored lower-cased; only an account with this email can accept. */
    email: text('email').notNull(),
    role: text('role').$type<MerchantRole>().notNull().default('staff'),
    tokenHash: text('token_hash').notNull(),
    /** The member who invited (null: an operator). */
    invitedBy: integer('invited_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('merchant_invites_token_key').on(t.tokenHash),
    index('merchant_invites_merchant_idx').on(t.merchantId),
  ],
);

/** How a redemption attempt ended (the audit's outcome column). */
export type RedemptionOutcome =
  | 'redeemed'
  | 'not_found'
  | 'already_redeemed'
  | 'refunded'
  | 'expired'
  | 'other_merchant'
  | 'not_redeemable'
  | 'throttled';

/** Every redemption attempt, successful or not: who, which merchant, what was typed, what happened. */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The code as typed (normalised, at most 32 characters); never the security code. */
    codeEntered: text('code_entered').notNull(),
    /** The voucher the code named, when it named one this merchant may know about. */
    voucherId: integer('voucher_id').references(() => vouchers.id),
    outcome: text('outcome').$type<RedemptionOutcome>().notNull(),
    /** Typed, or read by the camera. */
    method: text('method').notNull().default('typed'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voucher_redemptions_merchant_idx').on(t.merchantId, t.createdAt),
    index('voucher_redemptions_voucher_idx').on(t.voucherId),
  ],
);

/**
 * A merchant that has closed (docs/decisions/045): the merchant service's record that it no longer
 * trades, written with its deals' closure in one transaction. At most one per merchant. The closure
 * job refunds its unredeemed, unexpired vouchers; `finishedAt` is set once none is left to refund.
 */
export const merchantClosures = pgTable(
  'merchant_closures',
  {
    id: serial('id').primaryKey(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The UK day the merchant stopped trading, as the operator was told it. */
    closedOn: date('closed_on').notNull(),
    reason: text('reason').notNull(),
    /** When the operator recorded it: vouchers unexpired at this moment are refunded. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    dealsClosed: integer('deals_closed').notNull().default(0),
    /** The last run of the refund job, and when it found nothing left to refund. */
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The last batch that failed (kept for the operator; the next run tries that shopper again). */
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('merchant_closures_merchant_key').on(t.merchantId)],
);

/**
 * One voucher refunded because its merchant closed (unique per voucher, like its refund row), with
 * where the money went: card (or PayPal or pay later, through the provider), wallet, and promotional
 * credit back as promotional credit. Written in the batch transaction that refunds the voucher.
 */
export const merchantClosureRefunds = pgTable(
  'merchant_closure_refunds',
  {
    id: serial('id').primaryKey(),
    closureId: integer('closure_id')
      .notNull()
      .references(() => merchantClosures.id),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The voucher_refunds row (the provider's part is paid from it, and retried while pending). */
    refundId: integer('refund_id').notNull(),
    cardMinor: integer('card_minor').notNull().default(0),
    walletMinor: integer('wallet_minor').notNull().default(0),
    promoMinor: integer('promo_minor').notNull().default(0),
    bookingCancelled: boolean('booking_cancelled').notNull().default(false),
    giftCancelled: boolean('gift_cancelled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_closure_refunds_voucher_key').on(t.voucherId),
    index('merchant_closure_refunds_closure_idx').on(t.closureId),
  ],
);

export type MerchantClosureRow = typeof merchantClosures.$inferSelect;
export type MerchantUserRow = typeof merchantUsers.$inferSelect;
export type MerchantInviteRow = typeof merchantInvites.$inferSelect;
export type VoucherRedemptionRow = typeof voucherRedemptions.$inferSelect;
