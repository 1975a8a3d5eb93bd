/**
 * Dispatch (docs/decisions/051): the merchant's shipping list, marking parcels dispatched (one by one
 * or from a CSV) and delivered, and what the shopper's order page reads. A merchant reaches only the
 * parcels it ships (`shipments.merchant_id`); a parcel moves ordered -> dispatched -> delivered, and
 * a cancelled one (Consumer Rights Act 2015 s28, src/server/fulfilment/promise.ts) never moves again.
 * Marking a parcel dispatched records `shipment.dispatched` in the same transaction; its subscriber
 * queues the shopper's dispatch email after commit.
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DeliveryAddress, ShipmentView } from '@/contracts/delivery';
import { CARRIERS, type Carrier, SHIPPING_METHOD_LABELS, type ShipmentStatus } from '@/domain/delivery';
import {
  DISPATCH_COPY,
  DISPATCH_FILTERS,
  type DispatchFilter,
  type DispatchUrgency,
  daysToDispatch,
  dispatchUrgency,
  normaliseTrackingNumber,
  parseDispatchCsv,
  shipmentReference,
} from '@/domain/dispatch';
import { AppError, Conflict, Invalid, NotFound } from '@/domain/errors';
import type { Db, DbOrTx, Tx } from '@/server/db';
import { EVENTS, handleEventsQuietly, recordEvent } from '@/server/events';
import { deliveryAddressOf, shipmentView } from './record';
import { orderDeliveries, shipments } from './schema';

/** The most parcels one page of the shipping list shows. */
export const SHIPPING_LIST_LIMIT = 200;

/** A parcel on the merchant's shipping list: the shipment, where it goes and how urgent it is. */
export interface ShipmentToDispatch extends ShipmentView {
  /** "S12": what the merchant writes in a CSV and sees on the packing slip. */
  reference: string;
  /** When the order was placed (ISO moment). */
  orderedAt: string;
  address: DeliveryAddress;
  /** The delivery option the shopper chose ("Next day delivery"). */
  methodLabel: string;
  /** Days from today to the dispatch day (negative: overdue). */
  daysLeft: number;
  urgency: DispatchUrgency;
}

type ShipmentRow = typeof shipments.$inferSelect;

function toDispatch(row: ShipmentRow, delivery: typeof orderDeliveries.$inferSelect, now: Date): ShipmentToDispatch {
  return {
    ...shipmentView(row),
    reference: shipmentReference(row.id),
    orderedAt: row.createdAt.toISOString(),
    address: deliveryAddressOf(delivery),
    methodLabel: SHIPPING_METHOD_LABELS[row.method],
    daysLeft: daysToDispatch(row.dispatchBy, now),
    urgency: dispatchUrgency(row.status, row.dispatchBy, now),
  };
}

/**
 * The merchant's parcels: "to ship" (waiting, the soonest dispatch day first, so overdue parcels
 * lead), "dispatched" or "all" (the latest dispatch day first, so the list starts with what is
 * current). `orderId` narrows it to one order (its packing slip).
 */
export async function listShipmentsToDispatch(
  db: DbOrTx,
  merchantId: number,
  filter: { show?: DispatchFilter; orderId?: number; now?: Date } = {},
): Promise<ShipmentToDispatch[]> {
  const now = filter.now ?? new Date();
  const show = DISPATCH_FILTERS.find((f) => f.value === (filter.show ?? 'to-ship')) ?? DISPATCH_FILTERS[0];
  const conditions: SQL[] = [eq(shipments.merchantId, merchantId)];
  if (show.statuses !== null) conditions.push(inArray(shipments.status, [...show.statuses]));
  if (filter.orderId !== undefined) conditions.push(eq(shipments.orderId, filter.orderId));
  const soonestFirst = show.value === 'to-ship';
  const rows = await db
    .select({ shipment: shipments, delivery: orderDeliveries })
    .from(shipments)
    .innerJoin(orderDeliveries, eq(orderDeliveries.orderId, shipments.orderId))
    .where(and(...conditions))
    .orderBy(
      soonestFirst ? asc(shipments.dispatchBy) : desc(shipments.dispatchBy),
      asc(shipments.orderId),
      asc(shipments.id),
    )
    .limit(SHIPPING_LIST_LIMIT);
  return rows.map((row) => toDispatch(row.shipment, row.delivery, now));
}

/** Why a parcel of this merchant could not move to `to`: no such parcel, or the state it is in. */
async function refusal(
  tx: DbOrTx,
  merchantId: number,
  shipmentId: number,
  to: 'dispatched' | 'delivered',
): Promise<AppError> {
  const [row] = await tx
    .select({ status: shipments.status })
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), eq(shipments.merchantId, merchantId)));
  if (row === undefined) return new NotFound(DISPATCH_COPY.noSuchShipment);
  const said: Record<ShipmentStatus, string> =
    to === 'dispatched'
      ? {
          ordered: DISPATCH_COPY.noSuchShipment,
          cancelled: DISPATCH_COPY.cancelled,
          dispatched: DISPATCH_COPY.alreadyDispatched,
          delivered: DISPATCH_COPY.alreadyDispatched,
        }
      : {
          ordered: DISPATCH_COPY.notDispatched,
          cancelled: DISPATCH_COPY.notDispatched,
          dispatched: DISPATCH_COPY.noSuchShipment,
          delivered: DISPATCH_COPY.alreadyDelivered,
        };
  return new Conflict(said[row.status]);
}

interface Tracking {
  carrier: Carrier;
  trackingNumber: string;
  now: Date;
}

/** Moves waiting parcels to dispatched in the caller's transaction; one event per parcel. */
async function dispatchRows(tx: Tx, where: SQL | undefined, tracking: Tracking) {
  const moved = await tx
    .update(shipments)
    .set({
      status: 'dispatched',
      carrier: tracking.carrier,
      trackingNumber: tracking.trackingNumber,
      dispatchedAt: tracking.now,
    })
    .where(and(where, eq(shipments.status, 'ordered')))
    .returning();
  const eventIds: number[] = [];
  for (const row of moved) {
    eventIds.push(
      ...(await recordEvent(tx, EVENTS.shipmentDispatched, row.id, { shipmentId: row.id, orderId: row.orderId })),
    );
  }
  return { moved, eventIds };
}

function checkedTracking(input: { carrier: string; trackingNumber: string; now: Date }): Tracking {
  if (!Object.hasOwn(CARRIERS, input.carrier)) throw new Invalid(DISPATCH_COPY.carrier);
  const carrier = input.carrier as Carrier;
  const trackingNumber = normaliseTrackingNumber(input.trackingNumber);
  if (trackingNumber === null) throw new Invalid(DISPATCH_COPY.trackingNumber);
  return { carrier, trackingNumber, now: input.now };
}

/**
 * A merchant marks one of its parcels dispatched with the carrier and tracking number: only its own
 * (404 otherwise), only while it waits (409 when cancelled or already dispatched), in one
 * transaction with the event that emails the shopper after commit.
 */
export async function markDispatched(
  db: Db,
  input: { merchantId: number; shipmentId: number; carrier: string; trackingNumber: string; now: Date },
): Promise<ShipmentView> {
  const tracking = checkedTracking(input);
  const { row, eventIds } = await db.transaction(async (tx) => {
    const { moved, eventIds } = await dispatchRows(
      tx,
      and(eq(shipments.id, input.shipmentId), eq(shipments.merchantId, input.merchantId)),
      tracking,
    );
    const [row] = moved;
    if (row === undefined) throw await refusal(tx, input.merchantId, input.shipmentId, 'dispatched');
    return { row, eventIds };
  });
  await handleEventsQuietly(db, eventIds);
  return shipmentView(row);
}

/** One row of a dispatch CSV, as the report says it went. */
export interface DispatchCsvOutcome {
  /** The row's line in the file (the header is line 1). */
  line: number;
  reference: string;
  /** The parcels it dispatched ("S12"), when done. */
  dispatched: string[];
  /** Why it was refused, when refused. */
  refused: string | null;
}

/** What a dispatch CSV did: every row, done or refused with the reason. */
export interface DispatchCsvReport {
  done: DispatchCsvOutcome[];
  refused: DispatchCsvOutcome[];
}

/**
 * A merchant marks many parcels dispatched from a CSV (header row; a shipment reference "S12" or an
 * order number, the carrier, the tracking number). Each row is its own transaction: it dispatches
 * every parcel it names or none, and a refused row (bad carrier, not this merchant's, cancelled,
 * already dispatched) leaves the others going ahead. A file that cannot be read is refused whole (400).
 */
export async function markDispatchedFromCsv(
  db: Db,
  merchantId: number,
  csvText: string,
  now: Date,
): Promise<DispatchCsvReport> {
  let rows: ReturnType<typeof parseDispatchCsv>;
  try {
    rows = parseDispatchCsv(csvText);
  } catch (error) {
    throw new Invalid(error instanceof Error ? error.message : DISPATCH_COPY.csvHeader);
  }
  const report: DispatchCsvReport = { done: [], refused: [] };
  const eventIds: number[] = [];
  for (const row of rows) {
    if ('refused' in row) {
      report.refused.push({ line: row.line, reference: row.reference, dispatched: [], refused: row.refused });
      continue;
    }
    const tracking = { carrier: row.carrier, trackingNumber: row.trackingNumber, now };
    try {
      const moved = await db.transaction(async (tx) => {
        if ('shipmentId' in row.target) {
          const { shipmentId } = row.target;
          const done = await dispatchRows(
            tx,
            and(eq(shipments.id, shipmentId), eq(shipments.merchantId, merchantId)),
            tracking,
          );
          if (done.moved.length === 0) throw await refusal(tx, merchantId, shipmentId, 'dispatched');
          return done;
        }
        const done = await dispatchRows(
          tx,
          and(eq(shipments.orderId, row.target.orderId), eq(shipments.merchantId, merchantId)),
          tracking,
        );
        if (done.moved.length === 0) throw new Conflict(DISPATCH_COPY.csvNoParcel);
        return done;
      });
      eventIds.push(...moved.eventIds);
      report.done.push({
        line: row.line,
        reference: row.reference,
        dispatched: moved.moved.map((shipment) => shipmentReference(shipment.id)),
        refused: null,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      report.refused.push({ line: row.line, reference: row.reference, dispatched: [], refused: error.message });
    }
  }
  await handleEventsQuietly(db, eventIds);
  return report;
}

/** A merchant marks one of its dispatched parcels delivered (404 when not its own, 409 from any other state). */
export async function markDelivered(
  db: Db,
  input: { merchantId: number; shipmentId: number; now: Date },
): Promise<ShipmentView> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(shipments)
      .set({ status: 'delivered', deliveredAt: input.now })
      .where(
        and(
          eq(shipments.id, input.shipmentId),
          eq(shipments.merchantId, input.merchantId),
          eq(shipments.status, 'dispatched'),
        ),
      )
      .returning();
    if (row === undefined) throw await refusal(tx, input.merchantId, input.shipmentId, 'delivered');
    return shipmentView(row);
  });
}

/** What the shopper's order page shows of an order that ships: where to, and each parcel. */
export interface OrderShipping {
  address: DeliveryAddress;
  shipments: ShipmentView[];
}

/**
 * The delivery of one order as its shopper reads it, or null when nothing in it ships. Personal data:
 * the caller has checked that the viewer placed the order (or is the guest session that did).
 */
export async function listShipmentsForShopper(db: DbOrTx, orderId: number): Promise<OrderShipping | null> {
  const [delivery] = await db.select().from(orderDeliveries).where(eq(orderDeliveries.orderId, orderId));
  if (delivery === undefined) return null;
  const rows = await db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.id));
  return { address: deliveryAddressOf(delivery), shipments: rows.map(shipmentView) };
}

/**
 * Which of these order lines were delivered, and when (docs/decisions/046, 051): a delivered parcel
 * is the product received, as a redeemed voucher is for a deal used in person.
 */
export async function listDeliveredOrderLines(db: DbOrTx, orderLineIds: readonly number[]): Promise<Map<number, Date>> {
  const found = new Map<number, Date>();
  if (orderLineIds.length === 0) return found;
  const rows = await db
    .select({ orderLineId: shipments.orderLineId, deliveredAt: shipments.deliveredAt })
    .from(shipments)
    .where(and(inArray(shipments.orderLineId, [...orderLineIds]), eq(shipments.status, 'delivered')));
  for (const row of rows) if (row.deliveredAt !== null) found.set(row.orderLineId, row.deliveredAt);
  return found;
}

/** One parcel, for the dispatch email's subscriber (no merchant check: it is raised by the dispatch itself). */
export async function retrieveShipment(
  db: DbOrTx,
  shipmentId: number,
): Promise<(ShipmentView & { merchantId: number }) | null> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
  return row === undefined ? null : { ...shipmentView(row), merchantId: row.merchantId };
}
