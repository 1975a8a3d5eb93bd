/**
 * Fulfilment of posted products (docs/decisions/051): delivery addresses of orders, shipments and
 * their promise. Other services reach it only through this file.
 */
export {
  type DispatchCsvOutcome,
  type DispatchCsvReport,
  listDeliveredOrderLines,
  listShipmentsForShopper,
  listShipmentsToDispatch,
  markDelivered,
  markDispatched,
  markDispatchedFromCsv,
  type OrderShipping,
  retrieveShipment,
  SHIPPING_LIST_LIMIT,
  type ShipmentToDispatch,
} from './dispatch';
export { type PackingSlip, renderPackingSlipPdf, retrievePackingSlip } from './packing-slip';
export {
  backdateShipment,
  cancelLateShipment,
  type DispatchReminderRun,
  type LateCancel,
  type LateDeliveryPorts,
  type LateDeliveryState,
  type LateLine,
  type LateVoucherRefund,
  listLateDeliveryStates,
  orderPagePath,
  remindMerchantsOfDueDispatches,
  shippingListPath,
} from './promise';
export {
  listOrderShipments,
  recordShipments,
  retrieveOrderDelivery,
  type ShippingLine,
  shipmentView,
} from './record';
