/**
 * The named failures of the basket service (STYLE "Errors"); endpoints and the deal page form map
 * them to a status and wording here, in one place, never by comparing message text.
 */
import { BASKET_COPY } from '../../domain/basket-copy';
import { MESSAGES } from '../../domain/messages';

export type BasketErrorCode =
  | 'noBasketToken'
  | 'argsMalformed'
  | 'basketNotFound'
  | 'lineNotFound'
  | 'unknownProduct'
  | 'dealEnded'
  | 'productDisabled'
  | 'vipOnly'
  | 'soldOut'
  | 'cannotBuy'
  | 'basketOwned'
  | 'deliveryOptionUnavailable';

/** A refused basket operation; `code` says which. */
export class BasketError extends Error {
  constructor(readonly code: BasketErrorCode) {
    super(code);
    this.name = 'BasketError';
  }
}

const STATUS: Readonly<Record<BasketErrorCode, number>> = {
  noBasketToken: 400,
  argsMalformed: 400,
  basketNotFound: 404,
  lineNotFound: 404,
  unknownProduct: 404,
  dealEnded: 409,
  productDisabled: 409,
  vipOnly: 403,
  soldOut: 409,
  cannotBuy: 409,
  basketOwned: 403,
  deliveryOptionUnavailable: 400,
};

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

/** The HTTP status and shopper-facing message of a basket failure. */
export function describeBasketError(error: BasketError): { status: number; message: string } {
  return { status: STATUS[error.code], message: WORDING[error.code] };
}

/** Why a line cannot be bought now, as a code (null when it can). */
export type UnavailableCode = Extract<
  BasketErrorCode,
  'dealEnded' | 'productDisabled' | 'vipOnly' | 'soldOut' | 'cannotBuy'
>;

/** The shopper's words for an unavailable line. */
export function unavailableWording(code: UnavailableCode): string {
  return WORDING[code];
}
