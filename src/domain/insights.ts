/**
 * A shopper's own insights (spec 2 page type `insights`; docs/decisions/052): what they have saved
 * on the original prices of the vouchers they kept, how many they have used, can still use, or let
 * expire, and how many of the usable ones expire soon. Pure: the vouchers service tallies the rows.
 */
import type { Money } from './money';
import type { VoucherStatusName } from './vouchers';

/** A usable voucher expiring within this many days counts as expiring soon (docs/decisions/052). */
export const EXPIRING_SOON_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of the expiring-soon window that starts at `now`. */
export function expiringSoonBy(now: Date): Date {
  return new Date(now.getTime() + EXPIRING_SOON_DAYS * DAY_MS);
}

/** A shopper's vouchers in one status and currency, as the vouchers service tallies them. */
export interface VoucherTallyRow {
  status: VoucherStatusName;
  currency: Money['currency'];
  vouchers: number;
  paidMinor: number;
  savedMinor: number;
}

/** Where a status puts a voucher on the insights page. */
export type InsightGroup = 'used' | 'unused' | 'expired' | 'givenBack';

/**
 * Used: redeemed. Unused: ready to redeem or booked. Expired: let expire. Given back: refunded,
 * taken as credit, or on its way back (a return or a credit request under way).
 */
export const INSIGHT_GROUP_OF: Readonly<Record<VoucherStatusName, InsightGroup>> = {
  redeemed: 'used',
  ready: 'unused',
  booked: 'unused',
  expired: 'expired',
  credit_requested: 'givenBack',
  request_processed: 'givenBack',
  return_requested: 'givenBack',
  return_in_transit: 'givenBack',
  returned_to_merchant: 'givenBack',
  refunded: 'givenBack',
};

/** Savings count on the vouchers a shopper kept to use: used or still usable, not expired or given back. */
const SAVING_GROUPS: ReadonlySet<InsightGroup> = new Set(['used', 'unused']);

export interface Insights {
  /** Saved on original prices, one entry per currency with a saving, GBP first. */
  saved: Money[];
  /** Paid for the vouchers the saving counts, by currency, GBP first. */
  paid: Money[];
  counts: Record<InsightGroup, number>;
  expiringSoon: number;
  totalVouchers: number;
}

/** The insights a shopper's voucher tallies add up to. */
export function summariseInsights(rows: readonly VoucherTallyRow[], expiringSoon: number): Insights {
  const counts: Record<InsightGroup, number> = { used: 0, unused: 0, expired: 0, givenBack: 0 };
  const saved = new Map<Money['currency'], number>();
  const paid = new Map<Money['currency'], number>();
  let totalVouchers = 0;
  for (const row of rows) {
    const group = INSIGHT_GROUP_OF[row.status] ?? 'givenBack';
    counts[group] += row.vouchers;
    totalVouchers += row.vouchers;
    if (!SAVING_GROUPS.has(group)) continue;
    saved.set(row.currency, (saved.get(row.currency) ?? 0) + row.savedMinor);
    paid.set(row.currency, (paid.get(row.currency) ?? 0) + row.paidMinor);
  }
  const inOrder = (totals: Map<Money['currency'], number>, keepZero: boolean): Money[] =>
    (['GBP', 'EUR'] as const)
      .filter((currency) => totals.has(currency) && (keepZero || (totals.get(currency) ?? 0) > 0))
      .map((currency) => ({ currency, amountMinor: totals.get(currency) ?? 0 }));
  return { saved: inOrder(saved, false), paid: inOrder(paid, true), counts, expiringSoon, totalVouchers };
}
