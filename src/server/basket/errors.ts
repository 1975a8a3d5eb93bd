/**
 * The named failures of the basket service (STYLE "Errors"); endpoints and the deal page form map
 * them to a status here and to wording in domain/basket-copy.ts, never by comparing message text.
 */
import { type BasketErrorCode, basketErrorWording } from '../../domain/basket-copy';

export type { BasketErrorCode };

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

/** The HTTP status and shopper-facing message of a basket failure. */
export function describeBasketError(error: BasketError): { status: number; message: string } {
  return { status: STATUS[error.code], message: basketErrorWording(error.code) };
}

/** Why a line cannot be bought now, as a code (null when it can). */
export type UnavailableCode = Extract<
  BasketErrorCode,
  'dealEnded' | 'productDisabled' | 'vipOnly' | 'soldOut' | 'cannotBuy'
>;

/** The shopper's words for an unavailable line. */
export function unavailableWording(code: UnavailableCode): string {
  return basketErrorWording(code);
}
