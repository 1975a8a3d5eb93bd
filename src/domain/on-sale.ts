/**
 * "On sale" defined once: whether one deal option can be bought now by this shopper,
 * and if not, why. The deal page, the basket, the checkout, Express Buy and the order all ask
 * here, so a line the basket offers is a line the order takes. Pure: the callers read the rows.
 */
import type { QuantityBounds } from './purchase-cap';

/** Why an option cannot be bought now (the basket's codes; spec 8 words them). */
export type NotOnSaleReason = 'dealEnded' | 'productDisabled' | 'vipOnly' | 'soldOut' | 'cannotBuy';

/** True when a deal no longer sells: closed by status, or past its closing date. */
export function isDealClosed(status: string, closingDate: Date, now = new Date()): boolean {
  return status === 'closed' || closingDate.getTime() <= now.getTime();
}

/** What decides whether an option is on sale for one shopper. */
export interface SaleFacts {
  deal: { status: string; closingDate: Date };
  option: { disabled: boolean; visibility: string; vipExclusive: boolean };
  /** spec 5 quantity bounds for this shopper (caps, remaining for the day, their own maximum). */
  bounds: QuantityBounds;
  shopper: { eligibleForVip: boolean };
  now: Date;
}

/**
 * Null when the option is on sale for this shopper: the deal live and not closed, the option
 * enabled and shown, VIP-only options for VIP shoppers, and not sold out for them (spec 5).
 */
export function notOnSaleReason(facts: SaleFacts): NotOnSaleReason | null {
  const { deal, option, bounds, shopper, now } = facts;
  // The VIP subscription deal (status 'subscription', decision 027) sells but is listed nowhere.
  const sells = deal.status === 'live' || deal.status === 'subscription';
  if (!sells || isDealClosed(deal.status, deal.closingDate, now)) return 'dealEnded';
  // A hidden option is not offered anywhere, so it is not for sale either.
  if (option.disabled || option.visibility !== 'visible') return 'productDisabled';
  // spec 6: VIP users can buy VIP-exclusive products; eligibleForVip carries that on the basket.
  if (option.vipExclusive && !shopper.eligibleForVip) return 'vipOnly';
  // spec 5: sold out when the cap is 0 or the user's max is 0; a per-person option capped below 2 cannot be bought.
  if (!bounds.canBuy) return bounds.max === 0 ? 'soldOut' : 'cannotBuy';
  return null;
}

/** Whether the option can be bought now by this shopper. */
export function isOnSale(facts: SaleFacts): boolean {
  return notOnSaleReason(facts) === null;
}
