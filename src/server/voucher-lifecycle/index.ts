/**
 * The voucher lifecycle service: what happens to a voucher after it is bought. Add-ons
 * (extend, protect) paid on the normal payment path; refunds to the card or as wallet credit; returns
 * of products with a returns label; the daily expiry with wallet credit where the shopper agreed.
 * Every status change goes through the state machine (src/domain/voucher-status.ts) in one
 * transaction with its audit row (docs/decisions/026-voucher-lifecycle.md).
 */
export {
  type AddonQuote,
  addonPayment,
  addonQuoteResponse,
  type BuyAddonRequest,
  type BuyAddonResult,
  buyAddon,
  orderAddon,
  quoteAddons,
} from './addons';
export { CLOSURE_REFUNDABLE_STATUSES, type ClosureRefund, refundVoucherForClosure } from './closure';
export { type ExpiryRun, expireDueVouchers } from './expiry';
export { type ExtensionOffer, listExtensionOffers } from './extension-offers';
export { type LifecycleFacts, listVoucherHistory, retrieveLifecycleFacts } from './facts';
export {
  payPendingRefunds,
  payRefund,
  processCreditRequests,
  type RefundOutcome,
  type RefundRequest,
  refundVoucherToCard,
  requestVoucherCredit,
} from './refunds';
export {
  listMerchantReturns,
  type MerchantReturn,
  markReturnPosted,
  receiveMerchantReturn,
  receiveReturn,
  renderReturnsLabel,
  requestReturn,
  retrieveReturnReference,
} from './returns';
