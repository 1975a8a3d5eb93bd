/**
 * Credit the shop gives (decision 021): promotional credit on eligible items (spec 1 and 9: 10% up to
 * 5 pounds per eligible item), credit-claim links (spec 2 credit_validation, spec 5 "digits only",
 * spec 8 credit toasts) and refer-a-friend credit (spec 1: 10 pounds; both can get up to 200 pounds;
 * spec 4: awarded after the 14-day refund window). Pure.
 */
import { formatMoney, type Money } from './money';

/** spec 1, spec 9: promotional credit is 10% ... */
export const PROMOTIONAL_CREDIT_PERCENT = 10;
/** ... up to 5 pounds per eligible item. */
export const PROMOTIONAL_CREDIT_CAP_MINOR = 500;

/**
 * The promotional credit one item earns: 10% of what the shopper paid for it, rounded half up to
 * the penny, at most 5 pounds. An item at 0.01 earns nothing (0.1p rounds to 0); 1,000 pounds earns 5.
 */
export function promotionalCreditPerItem(paidMinor: number): number {
  if (!Number.isInteger(paidMinor) || paidMinor <= 0) return 0;
  const tenth = Math.floor((paidMinor * PROMOTIONAL_CREDIT_PERCENT + 50) / 100);
  return Math.min(PROMOTIONAL_CREDIT_CAP_MINOR, tenth);
}

/** The credit a set of eligible lines earns: per item, so each unit of a line counts on its own. */
export function promotionalCreditFor(items: readonly { unitPaidMinor: number; quantity: number }[]): number {
  return items.reduce(
    (sum, item) => sum + promotionalCreditPerItem(item.unitPaidMinor) * Math.max(0, item.quantity),
    0,
  );
}

/** spec 5: the credit_validation value must be digits only, else it is ignored (null). */
export function parseCreditValidation(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return /^\d{1,18}$/.test(value) ? value : null;
}

/** spec 8: the amount in a credit toast, with £ for GBP, else € ("£5", "£2.50", "€10"). */
export function creditAmountText(money: Money): string {
  return formatMoney(money);
}

/** spec 3 credit claim response statuses (spec 7: SUCCESS, ALREADY_CLAIMED, or other). */
export type CreditClaimStatus = 'SUCCESS' | 'ALREADY_CLAIMED' | 'INVALID';

/** spec 1: referral credit is 10 pounds. */
export const REFERRAL_CREDIT_MINOR = 1000;
/** spec 1: both parties can get up to 200 pounds. */
export const REFERRAL_CAP_MINOR = 20_000;
/** spec 4: referral credit is awarded after the 14-day refund window. */
export const REFUND_WINDOW_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a referral's credit becomes due: 14 days after the friend's order. */
export function referralCreditDueAt(orderPlacedAt: Date): Date {
  return new Date(orderPlacedAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
}

/** What one more referral pays, given what the referrer already earned: 10 pounds, never past 200. */
export function referralCreditAmount(alreadyEarnedMinor: number): number {
  return Math.max(0, Math.min(REFERRAL_CREDIT_MINOR, REFERRAL_CAP_MINOR - Math.max(0, alreadyEarnedMinor)));
}

/** The refer-a-friend message (spec 1). */
export const REFERRAL_MESSAGE =
  'Invite your friends to Tuppence: when a friend makes their first purchase, you both get £10 credit. You can both get up to £200!';
