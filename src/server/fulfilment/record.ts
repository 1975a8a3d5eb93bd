/**
 * Where an order's posted products go and what each one promised (docs/decisions/051), written in
 * the order's own transaction by the order service, and read back by the shopper's order page.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { DeliveryAddress, ShipmentView } from '@/contracts/delivery';
import { deliveryPromise, type ShippingMethod, trackingLink } from '@/domain/delivery';
import type { DbOrTx, Tx } from '@/server/db';
import { orderDeliveries, type shipments as ShipmentsTable, shipments } from './schema';

/** One order line that ships, as the order's commit hands it over. */
export interface ShippingLine {
  orderLineId: number;
  merchantId: number;
  title: string;
  quantity: number;
  method: ShippingMethod;
  dispatchDays: number;
}

/**
 * Records the order's delivery address and one shipment per line that ships, with the promise made
 * now. Runs inside the order's transaction (its caller's `tx`), so an order never exists without its
 * address, nor an address without its order. Nothing to do when no line ships.
 */
export async function recordShipments(
  tx: Tx,
  order: { orderId: number; now: Date; address: DeliveryAddress | null; lines: readonly ShippingLine[] },
): Promise<void> {
  if (order.lines.length === 0) return;
  if (order.address === null) throw new Error('a posted product needs a delivery address');
  const { address } = order;
  await tx.insert(orderDeliveries).values({
    orderId: order.orderId,
    name: address.name,
    line1: address.line1,
    line2: address.line2,
    town: address.town,
    postcode: address.postcode,
    phone: address.phone,
  });
  await tx.insert(shipments).values(
    order.lines.map((line) => {
      const promise = deliveryPromise(order.now, line.method, line.dispatchDays);
      return {
        orderId: order.orderId,
        orderLineId: line.orderLineId,
        merchantId: line.merchantId,
        title: line.title,
        quantity: line.quantity,
        method: line.method,
        dispatchBy: promise.dispatchBy,
        deliverFrom: promise.deliverFrom,
        deliverBy: promise.deliverBy,
        createdAt: order.now,
      };
    }),
  );
}

/** An order's delivery address, or null when nothing in it ships. Personal data: callers check who asks. */
export async function retrieveOrderDelivery(db: DbOrTx, orderId: number): Promise<DeliveryAddress | null> {
  const [row] = await db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId));
  return row === undefined ? null : deliveryAddressOf(row);
}

/** An order_deliveries row as the address it holds. */
export function deliveryAddressOf(row: typeof orderDeliveries.$inferSelect): DeliveryAddress {
  return {
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    town: row.town,
    postcode: row.postcode,
    phone: row.phone,
  };
}

/** A shipment row as its readers see it. */
export function shipmentView(row: typeof ShipmentsTable.$inferSelect): ShipmentView {
  return {
    id: row.id,
    orderId: row.orderId,
    orderLineId: row.orderLineId,
    title: row.title,
    quantity: row.quantity,
    method: row.method,
    status: row.status,
    dispatchBy: row.dispatchBy,
    deliverFrom: row.deliverFrom,
    deliverBy: row.deliverBy,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.carrier && row.trackingNumber ? trackingLink(row.carrier, row.trackingNumber) : null,
    dispatchedAt: row.dispatchedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** The shipments of these orders, oldest first. */
export async function listOrderShipments(db: DbOrTx, orderIds: readonly number[]): Promise<ShipmentView[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, [...orderIds]))
    .orderBy(asc(shipments.id));
  return rows.map(shipmentView);
}
