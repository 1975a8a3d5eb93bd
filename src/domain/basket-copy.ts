/**
 * What the basket says to a shopper when it refuses something, by error code. Spec-quoted strings
 * ("SOLD OUT", "No Basket Token", "args malformed") come from messages.ts; the rest is our wording,
 * since spec 8 quotes none for these cases. Pure, so the deal page can word a code it was sent back with.
 */
import { MESSAGES } from './messages';

export const BASKET_COPY = {
  basketNotFound: 'We could not find that basket. It may have been ordered already.',
  lineNotFound: 'That item is no longer in your basket.',
  unknownProduct: 'That option is not on sale.',
  dealEnded: 'This deal has ended.',
  productDisabled: 'This option is no longer available.',
  vipOnly: 'This option is for VIP members only.',
  cannotBuy: 'This option cannot be bought right now.',
  basketOwned: 'This basket belongs to another customer.',
  notYourCustomerToken: 'You can only use your own customer token.',
  deliveryOptionUnavailable: 'That delivery option is not offered for this item.',
} as const;

/** The named refusals of the basket service. */
export const BASKET_ERROR_CODES = [
  'noBasketToken',
  'argsMalformed',
  'basketNotFound',
  'lineNotFound',
  'unknownProduct',
  'dealEnded',
  'productDisabled',
  'vipOnly',
  'soldOut',
  'cannotBuy',
  'basketOwned',
  'deliveryOptionUnavailable',
] as const;
export type BasketErrorCode = (typeof BASKET_ERROR_CODES)[number];

const WORDING: Readonly<Record<BasketErrorCode, string>> = {
  // spec 5 and 8, exactly
  noBasketToken: MESSAGES.noBasketToken,
  argsMalformed: MESSAGES.argsMalformed,
  soldOut: MESSAGES.soldOut,
  basketNotFound: BASKET_COPY.basketNotFound,
  lineNotFound: BASKET_COPY.lineNotFound,
  unknownProduct: BASKET_COPY.unknownProduct,
  dealEnded: BASKET_COPY.dealEnded,
  productDisabled: BASKET_COPY.productDisabled,
  vipOnly: BASKET_COPY.vipOnly,
  cannotBuy: BASKET_COPY.cannotBuy,
  basketOwned: BASKET_COPY.basketOwned,
  deliveryOptionUnavailable: BASKET_COPY.deliveryOptionUnavailable,
};

/** Why a stay chosen on the deal page was not added (travel service StayProblem codes). */
export const STAY_NOTICES = {
  chooseDates: 'Please choose your check-in date.',
  datesUnavailable: 'Sorry, there are not enough rooms left on those dates. Please choose other dates.',
  chooseAirport: 'Please choose the airport you’d like to fly from.',
} as const;

/** The shopper's words for a basket refusal. */
export function basketErrorWording(code: BasketErrorCode): string {
  return WORDING[code];
}

/**
 * The message for a code the deal page was sent back with (?basket=soldOut; ?basket=error for an
 * unexpected failure), or null for anything else.
 */
export function basketNoticeFor(code: string | null | undefined): string | null {
  if (code === 'error') return MESSAGES.somethingWentWrong;
  if (code !== null && code !== undefined && Object.hasOwn(STAY_NOTICES, code)) {
    return STAY_NOTICES[code as keyof typeof STAY_NOTICES];
  }
  return (BASKET_ERROR_CODES as readonly string[]).includes(code ?? '') ? WORDING[code as BasketErrorCode] : null;
}

/** Why a line cannot be bought now, as a code (null when it can). */
export type UnavailableCode = Extract<
  BasketErrorCode,
  'dealEnded' | 'productDisabled' | 'vipOnly' | 'soldOut' | 'cannotBuy'
>;
