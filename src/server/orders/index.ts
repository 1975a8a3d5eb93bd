/**
 * The orders service: placing an order as explicit steps (price, hold, authorise, commit, settle;
 * docs/decisions/012, 044), raising `order.placed` in the order transaction for the subscribers to
 * handle after commit (docs/decisions/037), and releasing authorisations that never got their order.
 */

export { OrderError, type OrderFailureCode } from '@/domain/errors';
export { type AddonOrderRequest, type AddonOrderResult, placeAddonOrder } from './addon';
export { countDealPurchasesSince, listBoughtDealIds } from './history';
export { HOLD_SECONDS, PAY_LATER_HOLD_SECONDS, releaseExpiredHolds } from './hold';
export {
  type OrderPayment,
  type PaymentRefusal,
  type PlacedOrder,
  type PlaceOrderRequest,
  type PlaceOrderResult,
  placeOrder,
  retrievePlacedOrder,
} from './place-order';
export { markOrderRefunded } from './status';
export { ABANDONED_AFTER_SECONDS, captureCommittedAuthorisations, voidAbandonedAuthorisations } from './sweep';
