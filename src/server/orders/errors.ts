/**
 * The named failures of placing an order (STYLE "Errors"). The pay endpoint maps each to a status
 * and wording in one place (`describeOrderFailure`).
 */
import { CHECKOUT_COPY, notEnoughLeftMessage } from '../../domain/checkout-copy';
import { MESSAGES } from '../../domain/messages';

export type OrderFailureCode =
  | 'emptyBasket'
  | 'basketChanged'
  | 'notEnoughLeft'
  | 'paymentRequired'
  | 'walletShort'
  | 'orderFailed';

/** A refusal raised inside the order transaction; it rolls the transaction back. */
export class OrderError extends Error {
  constructor(
    readonly code: OrderFailureCode,
    readonly detail: { title?: string; available?: number } = {},
  ) {
    super(code);
    this.name = 'OrderError';
  }
}

const STATUS: Readonly<Record<OrderFailureCode, number>> = {
  emptyBasket: 400,
  basketChanged: 409,
  notEnoughLeft: 409,
  paymentRequired: 400,
  walletShort: 409,
  orderFailed: 500,
};

/** Status and shopper-facing message of an order failure. */
export function describeOrderFailure(error: OrderError): { status: number; message: string } {
  const { code, detail } = error;
  const message = {
    emptyBasket: CHECKOUT_COPY.emptyBasket,
    basketChanged: CHECKOUT_COPY.basketChanged,
    notEnoughLeft: notEnoughLeftMessage(detail.title ?? 'this deal', detail.available ?? 0),
    paymentRequired: CHECKOUT_COPY.needCard,
    walletShort: CHECKOUT_COPY.walletShort,
    orderFailed: MESSAGES.purchaseNotCompleted,
  }[code];
  return { status: STATUS[code], message };
}
