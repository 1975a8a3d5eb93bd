/**
 * The orders service (issue 7): placing an order as explicit steps (price, authorise, commit,
 * settle; issue 16.2), order events handled after commit by the handlers features register, and
 * releasing authorisations that never got their order.
 */
// The confirmation email is the first order-event handler; importing it registers it.
import './confirmation';

export { describeError as describeOrderFailure, OrderError, type OrderFailureCode } from '@/domain/errors';
export { type AddonOrderRequest, type AddonOrderResult, placeAddonOrder } from './addon';
export {
  handleOrderEvents,
  MAX_ATTEMPTS as ORDER_EVENT_MAX_ATTEMPTS,
  type OrderPlaced,
  type OrderPlacedHandler,
  onOrderPlaced,
  onVoucherRefunded,
  recordVoucherRefunded,
  type VoucherRefunded,
  type VoucherRefundedHandler,
} from './events';
export { countDealPurchasesSince, listBoughtDealIds } from './history';
export { releaseExpiredHolds, STOCK_HOLD_SECONDS } from './hold';
export {
  type OrderPayment,
  type PlacedOrder,
  type PlaceOrderRequest,
  type PlaceOrderResult,
  placeOrder,
  retrievePlacedOrder,
} from './place-order';
export { ABANDONED_AFTER_SECONDS, captureCommittedAuthorisations, voidAbandonedAuthorisations } from './sweep';
