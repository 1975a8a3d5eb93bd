/**
 * After a parcel is marked dispatched (docs/decisions/051): the shopper's dispatch email with the
 * carrier, the tracking number and its link, through the mail outbox. Handled at least once
 * (docs/decisions/037): a process that dies between queueing it and marking the event handled sends
 * it again on the retry, which tells the shopper nothing wrong.
 */
import { retrieveUser } from '@/server/accounts';
import { retrieveMerchantName } from '@/server/catalog';
import type { Db } from '@/server/db';
import { EVENTS, type ShipmentDispatched } from '@/server/events';
import { enqueueMail } from '@/server/mail';
import { retrievePurchaseSummary } from '@/server/vouchers';
import { retrieveShipment } from '../dispatch';
import { retrieveOrderDelivery } from '../record';

export const config = { event: EVENTS.shipmentDispatched, subscriberId: 'dispatch-email' } as const;

export default async function sendDispatchEmail(db: Db, event: ShipmentDispatched): Promise<void> {
  const shipment = await retrieveShipment(db, event.shipmentId);
  if (shipment === null || shipment.carrier === null || shipment.trackingNumber === null) return;
  const order = await retrievePurchaseSummary(db, shipment.orderId);
  const buyer = order === null ? null : await retrieveUser(db, order.userId);
  const address = await retrieveOrderDelivery(db, shipment.orderId);
  if (buyer === null || address === null) return;
  const merchantName = (await retrieveMerchantName(db, shipment.merchantId)) ?? 'The merchant';
  await enqueueMail(db, {
    userId: buyer.id,
    kind: 'order_dispatched',
    recipient: buyer.email,
    subject: `Your order ${shipment.orderId} is on its way`,
    template: 'orderDispatched',
    data: {
      firstName: buyer.firstName,
      orderId: shipment.orderId,
      merchantName,
      items: [{ title: shipment.title, quantity: shipment.quantity }],
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
      deliverFrom: shipment.deliverFrom,
      deliverBy: shipment.deliverBy,
      shipTo: `${address.name}, ${address.town} ${address.postcode}`,
    },
  });
}
