/**
 * The checkout service (docs/decisions/012-orders-and-checkout.md): spec 3 checkout data for a basket, priced from the
 * database on every read, with the wallet split the pay call will check against.
 */

export { type CheckoutDeps, loadCheckout } from './load';
export { checkGuestAllowance, type PayInput, type PayOutcome, type PayRefusal, pay } from './pay';
export {
  checkoutReturnPath,
  type PayLaterMethod,
  type PayLaterSessionResult,
  payLaterPayRequest,
  startPayLaterSession,
} from './pay-later';
export { eligibilityFor, instrumentsFor, strictPayLater } from './payment-options';
