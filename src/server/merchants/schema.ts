/**
 * The merchant service's tables (docs/decisions/024): who works for a merchant, the invitations
 * that bring a colleague in, and the audit of every voucher redemption attempt. The merchant itself
 * is the catalogue's `merchants` row; its deals and vouchers stay with the catalogue and voucher
 * services.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

export type MerchantUserRow = typeof merchantUsers.$inferSelect;
export type MerchantInviteRow = typeof merchantInvites.$inferSelect;
export type VoucherRedemptionRow = typeof voucherRedemptions.$inferSelect;
