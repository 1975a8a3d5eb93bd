/**
 * Redeeming a voucher at the merchant (decision 024): how a typed or scanned code is read, which
 * vouchers a merchant may redeem, and what each refusal says. Pure; the merchant service supplies
 * the voucher row, the clock and the transaction.
 */
import { describeVoucherStatus, isRedeemable } from './vouchers';

/** How a refusal or success reads to the merchant at the till. */
export const REDEEM_COPY = {
  redeemed: 'Redeemed. The voucher is now used and cannot be used again.',
  notFound: 'No voucher matches that code and security code. Check both and try again.',
  alreadyRedeemed: 'This voucher has already been redeemed.',
  refunded: 'This voucher was refunded, so it cannot be used.',
  expired: 'This voucher has expired, so it cannot be used.',
  otherMerchant: 'This voucher is for another merchant, so you cannot redeem it.',
  throttled: 'Too many codes that did not match. Wait a few minutes before trying again.',
  codeRequired: 'Enter the voucher code, for example TP-7KQ4-M9XD.',
  securityCodeRequired: 'Enter the 6-digit security code printed on the voucher.',
} as const;

/** Why a redemption was refused (the audit's outcome for each). */
export type RedeemRefusal =
  | 'not_found'
  | 'already_redeemed'
  | 'refunded'
  | 'expired'
  | 'other_merchant'
  | 'not_redeemable';

/**
 * A code as the merchant typed or the camera read it: upper-cased, spaces and dashes in any place,
 * O read as 0 and I as 1 are not corrected (codes never contain those). TP7KQ4M9XD becomes TP-7KQ4-M9XD.
 * Answers null when what was typed cannot be a code.
 */
export function normaliseVoucherCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]+/g, '');
  const match = /^TP([A-HJ-NP-Z2-9]{4})([A-HJ-NP-Z2-9]{4})$/.exec(compact);
  return match ? `TP-${match[1]}-${match[2]}` : null;
}

/** What was typed, cut down for the audit log (never more than 32 characters). */
export function auditableCode(input: string): string {
  return input.toUpperCase().replace(/\s+/g, '').slice(0, 32);
}

/** A 6-digit security code with any spaces taken out, or null. */
export function normaliseSecurityCode(input: string): string | null {
  const compact = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(compact) ? compact : null;
}

export interface RedeemableVoucher {
  merchantId: number;
  status: string;
  expiresAt: Date;
}

/**
 * Whether this merchant may redeem this voucher now: its own deal's voucher, Ready to Redeem (or
 * Booked, for a booking being honoured on the day) and not past its expiry even if the hourly job
 * has not caught up. Answers null when it may, else the refusal.
 */
export function redemptionRefusal(voucher: RedeemableVoucher, merchantId: number, now: Date): RedeemRefusal | null {
  if (voucher.merchantId !== merchantId) return 'other_merchant';
  if (voucher.status === 'redeemed') return 'already_redeemed';
  if (voucher.status === 'refunded') return 'refunded';
  if (voucher.status === 'expired') return 'expired';
  if (!isRedeemable(voucher.status)) return 'not_redeemable';
  if (voucher.expiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** The sentence a merchant reads for a refusal. */
export function refusalMessage(refusal: RedeemRefusal, status: string): string {
  switch (refusal) {
    case 'not_found':
      return REDEEM_COPY.notFound;
    case 'already_redeemed':
      return REDEEM_COPY.alreadyRedeemed;
    case 'refunded':
      return REDEEM_COPY.refunded;
    case 'expired':
      return REDEEM_COPY.expired;
    case 'other_merchant':
      return REDEEM_COPY.otherMerchant;
    case 'not_redeemable':
      return `This voucher cannot be redeemed: its status is ${describeVoucherStatus(status).label}.`;
  }
}
