/**
 * A merchant that closes (docs/decisions/045; the CMA's 2021 undertakings from Groupon: when a
 * merchant cannot honour a voucher, the shopper gets their money back to how they paid, not site
 * credit). Pure: the words the operator and the shopper are told. How each part of the money goes
 * back is the refunds' rule (src/domain/refund-money.ts, docs/decisions/048).
 */

/** When the shopper should see each part of the money, as the email and the report say it. */
export const CLOSURE_REFUND_TIMING = {
  card: 'Card and PayPal refunds usually reach your account within 5 to 10 working days. A Klarna or Clearpay plan is reduced by the amount refunded.',
  wallet: 'Wallet credit and promotional credit are in your Tuppence wallet now.',
} as const;

/** The operator's input refused, in words the operator page shows as they are. */
export const CLOSURE_MESSAGES = {
  notFound: 'No merchant with that id.',
  alreadyClosed: 'This merchant is already closed.',
  notClosed: 'This merchant has not been closed.',
  futureDate: 'The closing date cannot be in the future.',
} as const;
