/**
 * Every user-facing string the spec quotes, once, keyed by meaning (spec 4, 5, 8).
 * Quoted exactly, typos included ("occured"): the spec is the user's word.
 */
export const MESSAGES = {
  // spec 8: shown to users
  somethingWentWrong: 'Something went wrong. Please try again.',
  anErrorOccured: 'An error occured',
  purchaseNotCompleted: 'An error occured, your purchase has not been completed.',
  unexpectedError: 'An unexpected error occured. Please try again later.',
  subscriptionError: 'Error on user subscription.',
  paymentFailed: 'Payment failed.',
  paymentDidNotGoThrough:
    'Unfortunately, your payment did not go through. Please try again or select a different payment method.',
  paymentProblemOrderNotPlaced:
    'There was a problem with your payment and your order has not been placed. Please check your details and try again. If the issue persists please contact us for assistance.',
  requestProblemContinue: 'We had a problem completing your request, please continue your purchase or try again later.',
  providerUnreachable: "We couldn't contact the payment provider right now. Please pay using Visa or Mastercard.",
  expressBuyRefused: 'Requested deal cannot be purchased via Express Buy.',
  tryDifferentMethod: 'Sorry please try a different payment method.',
  tryCheckoutInstead: 'Please try our checkout service instead.',
  invalidGoogleToken: 'Invalid google token id',
  emailNotRegistered: "Email wasn't registered",
  bankNoResponse:
    "We tried to take payment but didn't get a response from your Bank. Try a different card or use Paypal and then try again.",
  mapProblem: 'Sorry there was a problem.',
  connectionTimeout: 'Connection timeout',
  creditOfferInvalid: 'Sorry, this offer link is no longer valid.',
  creditLoginToClaim: 'Please log in to claim your credit.',
  creditUnavailable: 'Unable to process credit at this time. Please try again later.',
  // spec 4: payment states and sold out
  makingPayment: 'Making payment...',
  pleaseWait: 'Please wait...',
  purchaseSuccessful: 'Purchase Successful',
  soldOut: 'SOLD OUT',
  giftWrapAdded: 'Gift Wrap Added',
  giftPackAdded: 'Gift Pack Added',
  // spec 2
  wishlistGuest: 'Login to see your full wish list',
  noSubscription: 'No subscription found',
  // spec 2: the search box's two groups
  searchSuggestions: 'Suggestions',
  searchTopSearches: 'Top Searches',
  // spec 5: validation
  passwordMin8: 'Password must be at least 8 characters long.',
  passwordUppercase: 'Password must include at least one uppercase letter.',
  passwordNumberOrSpecial: 'Password must include at least one number or special character (e.g., ! @ # $ %).',
  passwordMin6: 'Password must be at least 6 characters',
  passwordsShouldMatch: 'Passwords should match',
  invalidEmailLong: 'Invalid Email. Please enter a valid email address',
  invalidEmail: 'Please enter a valid email.',
  enterValidEmail: 'Enter a valid email',
  enterValidPostcode: 'Enter a valid postcode',
  requiredField: 'Required field',
  notEnoughPoints: "You don't have enough points",
  // spec 5: action arguments (deal feed)
  urlPathRequired: 'Url Path is required to use getDeals',
  emptyResponse: 'Empty response from server',
  // spec 5: action arguments (checkout)
  noTokenProvided: 'No token provided',
  // spec 5 and 8: basket action arguments
  argsMalformed: 'args malformed',
  noBasketToken: 'No Basket Token',
  // spec 5 and 8: wishlist arguments
  dealsMissing: 'Deals missing',
  urlMissing: 'URL missing',
  noWishListId: 'No Wish List ID',
  // spec 3 voucher statuses, spec 8 style (docs/decisions/048): a voucher waiting in a gift is not refunded
  refundGiftWaiting:
    'This voucher has been sent as a gift and is waiting to be claimed, so it cannot be refunded yet. To refund it, first cancel the gift: on My Vouchers, choose "Cancel the gift" under this voucher. The gift code then stops working.',
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** spec 8 credit toast: the amount carries £ for GBP, else €. */
export function creditAppliedMessage(amount: string): string {
  return `Your ${amount} credit has been applied to your account. You'll see it when you get to checkout!`;
}

/** spec 8 credit toast for a repeat claim. */
export function creditAlreadyReceivedMessage(amount: string): string {
  return `You've already received your ${amount} credit from this offer.`;
}

/** spec 5 loyalty exchange range message. */
export function exchangeRangeMessage(max: number): string {
  return `Please select a number between 1 and ${max} to exchange your points.`;
}

/** Why a card was refused, in the shop's words (PAYMENTS.md card reasons; spec 8 lists them unworded). */
export type CardReason =
  | 'billingAddress'
  | 'brandNotAccepted'
  | 'declinedByBank'
  | 'checkDetails'
  | 'cardExpired'
  | 'cannotAuthenticate'
  | 'paypalRejected'
  | 'savedInstrumentGone';

/**
 * spec 8 "Card and billing messages, with exact wording: not shown": worded plainly here, once.
 * Shown under MESSAGES.paymentDidNotGoThrough (src/domain/payment-outcome.ts).
 */
export const CARD_REASONS: Readonly<Record<CardReason, string>> = {
  billingAddress:
    'The billing postcode was typed incorrectly: it does not match the one your bank holds for this card.',
  brandNotAccepted: 'American Express or Diners not accepted. Please use another card type or PayPal.',
  declinedByBank: 'Your card was declined by your bank.',
  checkDetails: 'Your card was declined. Please check that you entered the details correctly.',
  cardExpired: 'Your card has expired. Please add a new card or try PayPal.',
  cannotAuthenticate: 'Your card issuer cannot authenticate this card.',
  paypalRejected: 'PayPal rejected the transaction.',
  savedInstrumentGone: 'This saved card is no longer available. Please add a new card or try PayPal.',
};
