/**
 * Checkout wording the spec does not quote (spec 8 quotes the payment outcomes; those live in
 * messages.ts). Plain UK English, one place.
 */
export const CHECKOUT_COPY = {
  emptyBasket: 'Your basket is empty.',
  basketChanged: 'Your basket changed while you were paying. Check the new total and try again.',
  needEmail: 'Enter your email address so we can send your vouchers.',
  signInToBuy: 'You already have an account with this email address. Sign in to finish your purchase.',
  needCard: 'Enter your card details to pay the rest.',
  keyInFlight: 'Your payment is still being processed. Please wait a moment.',
  keyMismatch: 'This payment was already submitted with different details. Please refresh the page and try again.',
  walletShort: 'Your wallet balance changed. Check the new total and try again.',
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
