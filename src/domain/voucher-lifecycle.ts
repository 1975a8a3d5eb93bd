/**
 * The money rules of a voucher's life after purchase (decision 026): the 14-day return window, Protect my
 * voucher (DVP), extensions (VVE, spec 1 and 9: up to 3 months), what an add-on costs, how a refund
 * splits between card and wallet, and when wallet credit from a voucher expires (spec 4). Pure: the
 * voucher lifecycle service supplies the clock and the rows. Written down in docs/decisions/026.
 */
import { MESSAGES } from './messages';
import { addMonths } from './wallet';

const DAY_MS = 24 * 60 * 60 * 1000;

/** spec 4: the refund window (referral credit waits for it too). */
export const REFUND_WINDOW_DAYS = 14;
/** spec 1, spec 9: a voucher can be extended by up to 3 months, in all. */
export const MAX_EXTENSION_MONTHS = 3;
/** spec 3 addonType. */
export type AddonType = 'VVE' | 'DVP';
/** An add-on costs this share of the voucher's unit price (an extension: per month; decision 026). */
export const ADDON_PRICE_PERCENT = 10;
/** The least an add-on costs (an extension: per month), in pence (decision 026). */
export const ADDON_MINIMUM_MINOR = 99;

/** The shopper-facing wording of the lifecycle's refusals and outcomes. */
export const LIFECYCLE_COPY = {
  alreadyRefunded: 'This voucher has already been refunded.',
  windowClosed:
    'The 14-day return window for this voucher has closed. Vouchers with Protect my voucher can be refunded until they expire.',
  notReturnable: 'This voucher can no longer be returned or exchanged for credit.',
  expired: 'This voucher has expired.',
  notExtendable: 'Only a voucher that is ready to redeem and not yet expired can be extended.',
  extensionUsed: 'This voucher has already been extended by the most we allow (3 months).',
  extensionTooLong: (monthsLeft: number) =>
    `This voucher can be extended by ${monthsLeft === 1 ? '1 more month' : `up to ${monthsLeft} more months`}.`,
  alreadyProtected: 'This voucher is already protected.',
  notProtectable: 'Protect my voucher can only be added to a voucher that is ready to redeem and not yet expired.',
  physicalNeedsReturn: 'This is a product: start a return and we refund it when the merchant has it back.',
  notPhysical: 'Only products sent by post are returned; vouchers are refunded or taken as credit.',
  notYours: 'We could not find that voucher.',
  /** docs/decisions/048: a voucher waiting in a gift is refunded only once its sender cancels the gift. */
  giftWaiting: MESSAGES.refundGiftWaiting,
  /**
   * docs/decisions/047: the VIP month's line is the membership, not a voucher to hand back; it is
   * cancelled (and any refund due worked out) in one place, so it can never be refunded twice.
   */
  membership: 'This is your VIP membership: cancel it in My Subscriptions, which refunds any unused part you are due.',
  refundedToCard: 'Your refund is on its way to your card. It can take 3 to 5 working days to show.',
  refundedToWallet: 'The voucher’s value is now in your wallet.',
  creditRequested: 'Your credit request is being processed.',
  returnRequested: 'Your return is booked. Print the returns label and send the item back.',
  /** The merchant's Returns page. */
  noSuchReturn: 'That return is not waiting for you: it may have been received already.',
  returnReceived: 'Received: the item is back with you, and the customer is refunded.',
} as const;

/** Whether a voucher bought at `boughtAt` is inside the return window at `now`. */
export function isWithinRefundWindow(boughtAt: Date, now: Date): boolean {
  return now.getTime() < boughtAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS;
}

export interface ReturnableVoucher {
  status: string;
  createdAt: Date;
  expiresAt: Date;
  /** Protect my voucher bought: refundable after the window, until it expires (e-commerce terms). */
  isProtected: boolean;
}

export type ReturnRefusal = 'alreadyRefunded' | 'windowClosed' | 'notReturnable' | 'expired';

/**
 * Whether a voucher may be refunded, taken as credit or returned now: Ready to Redeem, not expired,
 * and inside the 14-day window or protected. Answers null when it may.
 */
export function returnRefusal(voucher: ReturnableVoucher, now: Date): ReturnRefusal | null {
  if (voucher.status === 'refunded') return 'alreadyRefunded';
  if (voucher.status === 'expired') return 'expired';
  if (voucher.status !== 'ready') return 'notReturnable';
  if (voucher.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (isWithinRefundWindow(voucher.createdAt, now)) return null;
  return voucher.isProtected ? null : 'windowClosed';
}

/**
 * What an add-on costs for a voucher, priced by its deal (the voucher's unit price): an extension
 * 10% of the price per month, a protection 10% once, each at least 99p, rounded to the penny.
 */
export function addonPriceMinor(type: AddonType, unitPriceMinor: number, months = 1): number {
  if (!Number.isInteger(unitPriceMinor) || unitPriceMinor < 0) throw new RangeError('unit price must be pence');
  const once = Math.max(ADDON_MINIMUM_MINOR, Math.round((unitPriceMinor * ADDON_PRICE_PERCENT) / 100));
  if (type === 'DVP') return once;
  if (!Number.isInteger(months) || months < 1 || months > MAX_EXTENSION_MONTHS) {
    throw new RangeError(`an extension is 1 to ${MAX_EXTENSION_MONTHS} months, got ${months}`);
  }
  return once * months;
}

/** How many more months this voucher may be extended by (spec 9: up to 3 in all). */
export function extensionMonthsLeft(monthsAlreadyExtended: number): number {
  return Math.max(0, MAX_EXTENSION_MONTHS - monthsAlreadyExtended);
}

/** The voucher's new expiry after an extension of `months` calendar months. */
export function extendedExpiry(expiresAt: Date, months: number): Date {
  return addMonths(expiresAt, months);
}

/** What decides whether a voucher can be extended now. */
export interface ExtendableVoucher {
  status: string;
  expiresAt: Date;
  extendedMonths: number;
}

/**
 * Why a voucher cannot be extended now, or null when it can (spec 1, spec 9): it must be Ready to
 * Redeem or Booked and not yet expired (so an extension is bought before the expiry), with months left.
 */
export function extensionRefusal(voucher: ExtendableVoucher, now: Date): 'notExtendable' | 'extensionUsed' | null {
  const live = voucher.expiresAt.getTime() > now.getTime();
  if (!live || (voucher.status !== 'ready' && voucher.status !== 'booked')) return 'notExtendable';
  return extensionMonthsLeft(voucher.extendedMonths) === 0 ? 'extensionUsed' : null;
}

/** One way to extend a voucher: by how many months, for how much, and its expiry after. */
export interface ExtensionOption {
  months: number;
  amountMinor: number;
  newExpiresAt: Date;
}

/** Every extension still open to a voucher, 1 month up to the months left (spec 9: 3 in all). */
export function extensionOptions(voucher: ExtendableVoucher, unitPriceMinor: number): ExtensionOption[] {
  return Array.from({ length: extensionMonthsLeft(voucher.extendedMonths) }, (_, i) => ({
    months: i + 1,
    amountMinor: addonPriceMinor('VVE', unitPriceMinor, i + 1),
    newExpiresAt: extendedExpiry(voucher.expiresAt, i + 1),
  }));
}

/**
 * How a voucher's refund is paid back: to the card up to what the order's card paid and has not had
 * back yet, the rest to the wallet (the part the wallet paid).
 */
export function splitRefund(
  valueMinor: number,
  order: { cashAmountMinor: number; cashRefundedMinor: number },
  to: 'card' | 'wallet',
): { cardMinor: number; walletMinor: number } {
  if (to === 'wallet') return { cardMinor: 0, walletMinor: valueMinor };
  const cardLeft = Math.max(0, order.cashAmountMinor - order.cashRefundedMinor);
  const cardMinor = Math.min(valueMinor, cardLeft);
  return { cardMinor, walletMinor: valueMinor - cardMinor };
}

// spec 4 expiry rules for credit from a voucher live with the wallet's rules.
export { expiredVoucherCreditExpiry, walletCreditExpiry } from './wallet';

/** spec 4 redemption event keys: the voucher page's actions, in the order they show. */
export const REDEMPTION_EVENT_KEYS = ['redeem', 'progress', 'gifting', 'return', 'help', 'closed'] as const;
export type RedemptionEventKey = (typeof REDEMPTION_EVENT_KEYS)[number];

/**
 * Which spec 4 redemption event a voucher in this status offers: redeem (use it), progress (a return
 * or credit under way), return (refund, credit, return), gifting (send it on), help, closed (nothing
 * more to do).
 */
export function redemptionEventsFor(voucher: ReturnableVoucher, now: Date): RedemptionEventKey[] {
  const keys: RedemptionEventKey[] = [];
  const live = voucher.expiresAt.getTime() > now.getTime();
  if ((voucher.status === 'ready' || voucher.status === 'booked') && live) keys.push('redeem');
  if (['credit_requested', 'return_requested', 'return_in_transit', 'returned_to_merchant'].includes(voucher.status)) {
    keys.push('progress');
  }
  if (voucher.status === 'ready' && live) keys.push('gifting');
  if (returnRefusal(voucher, now) === null) keys.push('return');
  keys.push('help');
  if (['redeemed', 'request_processed', 'refunded', 'expired'].includes(voucher.status)) keys.push('closed');
  return keys;
}
