/**
 * Checkout wording the spec does not quote (spec 8 quotes the payment outcomes; those live in
 * messages.ts). Plain UK English, one place.
 */
import { formatMoney } from './money';
import { GUEST_PAY_LATER_WINDOW, type WithheldReason } from './payment-eligibility';
import { optionName, type PaymentOption } from './payment-methods';

const pounds = (amountMinor: number) => formatMoney({ amountMinor, currency: 'GBP' }).replace(/\.00$/, '');

/** Why a payment option is not offered for this order (spec 5), in the shopper's words. */
function withheld(option: PaymentOption, reason: WithheldReason): string {
  const name = optionName(option);
  switch (reason) {
    case 'highFraudRisk':
    case 'guestHighFraudProduct':
    case 'fraudProneOverThreshold':
      return `${name} isn't available for some items in your basket.`;
    case 'subCategoryBlocksPayLater':
      return `${name} can't be used for this type of treatment.`;
    case 'guestAmountOutsideWindow':
      return `${name} is available to guests on orders from ${pounds(GUEST_PAY_LATER_WINDOW.minMinor)} to ${pounds(GUEST_PAY_LATER_WINDOW.maxMinor)}. Sign in to use it on this order.`;
    case 'providerLimit':
      return `${name} isn't available for an order of this amount.`;
    case 'providerUnavailable':
      return `${name} isn't available right now.`;
    default:
      return `${name} isn't available for this order.`;
  }
}

export const CHECKOUT_COPY = {
  withheld,
  methodNotOffered: 'That payment method is not available for this order. Please choose another.',
  paymentCancelled: (name: string) => `You cancelled ${name}. Nothing was charged: choose how you'd like to pay.`,
  emptyBasket: 'Your basket is empty.',
  basketChanged: 'Your basket changed while you were paying. Check the new total and try again.',
  needEmail: 'Enter your email address so we can send your vouchers.',
  signInToBuy: 'You already have an account with this email address. Sign in to finish your purchase.',
  needCard: 'Enter your card details to pay the rest.',
  /** docs/decisions/051: an order with a posted product needs somewhere to send it. */
  deliveryAddressRequired: 'Enter the delivery address for the items we post to you.',
  keyInFlight: 'Your payment is still being processed. Please wait a moment.',
  keyMismatch: 'This payment was already submitted with different details. Please refresh the page and try again.',
  walletShort: 'Your wallet balance changed. Check the new total and try again.',
  // Saved instruments and Express Buy (decision 016).
  expressBuyNotYourEmail: 'Express Buy is only for the email address you are signed in with.',
  expressBuyNoDefault: 'Save a card at checkout to use Express Buy.',
  expressBuyDefaultExpired: 'Your default card has expired. Add a new card at checkout to use Express Buy.',
  expressBuyExpired: 'Express Buy timed out. Please continue to checkout.',
  instrumentNotFound: 'That saved payment method was not found.',
  instrumentExpired: 'This card has expired, so it cannot be your default. Add a new card at checkout.',
} as const;

/** A line that sold out between the basket and the payment. */
export function soldOutMessage(title: string): string {
  return `Sorry, ${title} has just sold out. Remove it from your basket to carry on.`;
}

/** A line asking for more than may be bought now (stock, daily allowance, caps or the shopper's own limit). */
export function notEnoughLeftMessage(title: string, available: number): string {
  return available <= 0
    ? soldOutMessage(title)
    : `Sorry, you can buy at most ${available} of ${title} now. Change the quantity and try again.`;
}
