/**
 * Which deals Express Buy may take (spec 4 "Express Buy can be refused, after which the standard
 * checkout is offered"; spec 7 express-buy-token; decision 016). Express Buy is one step with the
 * shopper's default saved instrument, so it takes only what needs no further choice at checkout: a
 * live, standard e-voucher or postal deal, one option, a quantity inside spec 5's caps. Anything
 * else (travel, calendar booking, deposits, gift claims, per-person pricing) goes to the standard
 * checkout. The reason is internal; the shopper sees MESSAGES.expressBuyRefused.
 */
import type { QuantityBounds } from './purchase-cap';

/** The deal as Express Buy needs to see it (spec 3 Deal fields). */
export interface ExpressBuyDeal {
  /** spec 3 deal types: only `standard` is one step. */
  dealType: string;
  isTravel: boolean;
  /** e-voucher, postal, travel */
  deliveryType: string;
  bookingCalendarOnRedemption: boolean;
  giftClaim: boolean;
  pricePerPerson: boolean;
}

/** The chosen option, as the shopper may buy it now. */
export interface ExpressBuyOption {
  /** The option is this deal's. */
  belongsToDeal: boolean;
  /** Null when this shopper can buy it now (live, enabled, not VIP-only for them, not sold out), else why not. */
  unavailable: string | null;
  hasDeposit: boolean;
  /** spec 5 quantity bounds for this shopper (caps, remaining for day, their own max). */
  bounds: QuantityBounds;
}

export interface ExpressBuyRequest {
  deal: ExpressBuyDeal;
  /** Null when no option (or an unknown one) was chosen. */
  option: ExpressBuyOption | null;
  quantity: number;
}

/** Why Express Buy refused (for logs and tests; never shown). */
export type ExpressBuyRefusal =
  | 'noOption'
  | 'notOnSale'
  | 'notStandard'
  | 'travel'
  | 'delivery'
  | 'calendarBooking'
  | 'giftClaim'
  | 'perPerson'
  | 'deposit'
  | 'quantity';

export type ExpressBuyVerdict = { ok: true } | { ok: false; reason: ExpressBuyRefusal };

/** The delivery types a one-step purchase can take (spec 3 deliveryType). */
const EXPRESS_DELIVERY = ['e-voucher', 'postal'];

/** Whether Express Buy may take this purchase; the first rule that refuses it is the reason. */
export function expressBuyVerdict(request: ExpressBuyRequest): ExpressBuyVerdict {
  const { deal, option, quantity } = request;
  const refuse = (reason: ExpressBuyRefusal): ExpressBuyVerdict => ({ ok: false, reason });
  if (option === null || !option.belongsToDeal) return refuse('noOption');
  if (option.unavailable !== null) return refuse('notOnSale');
  if (deal.isTravel) return refuse('travel');
  if (deal.dealType !== 'standard') return refuse('notStandard');
  if (!EXPRESS_DELIVERY.includes(deal.deliveryType)) return refuse('delivery');
  if (deal.bookingCalendarOnRedemption) return refuse('calendarBooking');
  if (deal.giftClaim) return refuse('giftClaim');
  if (deal.pricePerPerson) return refuse('perPerson');
  if (option.hasDeposit) return refuse('deposit');
  const { bounds } = option;
  const fits =
    Number.isInteger(quantity) &&
    bounds.canBuy &&
    quantity >= bounds.min &&
    (bounds.max === null || quantity <= bounds.max);
  return fits ? { ok: true } : refuse('quantity');
}
