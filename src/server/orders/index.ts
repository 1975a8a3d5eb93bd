/**
 * The orders service (issue 7): placing an order in one transaction, and releasing authorisations
 * that never got their order.
 */
export { describeError as describeOrderFailure, OrderError, type OrderFailureCode } from '@/domain/errors';
export type { Tx } from './lines';
export {
  type OrderPayment,
  type PlacedOrder,
  type PlaceOrderRequest,
  type PlaceOrderResult,
  placeOrder,
  retrievePlacedOrder,
} from './place-order';
export { ABANDONED_AFTER_SECONDS, captureCommittedAuthorisations, voidAbandonedAuthorisations } from './sweep';
