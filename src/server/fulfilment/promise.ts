/**
 * The 30-day delivery promise kept (Consumer Rights Act 2015 s28; docs/decisions/051). Past its
 * dispatch day an undispatched parcel may be cancelled by its shopper for a full refund of the line
 * (every unit's price and postage) to the original payment method (Consumer Contracts Regulations):
 * in one transaction the shipment is cancelled, each of the line's vouchers is refunded by the refund
 * a merchant's closure uses (no 14-day window; each part back where it came from, docs/decisions/045
 * and 048), the units go back to stock and both emails are written to the outbox, sent after commit.
 * The hourly job reminds each merchant once of parcels whose dispatch day is near, and tells a shopper
 * once that their parcel is late and may be cancelled.
 *
 * The order, its vouchers, their refunds and the merchant's members belong to services that depend
 * on this one (the order's commit records shipments here), so those steps are handed in as
 * `LateDeliveryPorts` by the caller (src/server/late-delivery.ts builds them), as the merchant
 * closure's lease is (docs/decisions/045): the import walls allow no circle.
 */
import { and, asc, eq, gte, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { ShipmentView } from '@/contracts/delivery';
import { addDays, DISPATCH_REMINDER_DAYS, isNearDispatchLimit, isOverdue } from '@/domain/delivery';
import { Conflict, NotFound } from '@/domain/errors';
import { londonDay } from '@/domain/format';
import {
  cancelledExplanation,
  expectedLateRefund,
  LATE_DELIVERY_COPY,
  type LateRefund,
  lateExplanation,
  merchantCancelSubject,
  refundDestination,
} from '@/domain/late-delivery';
import { retrieveUser } from '@/server/accounts';
import { returnStock } from '@/server/catalog';
import type { Db, DbOrTx, Tx } from '@/server/db';
import { enqueueMail } from '@/server/mail';
import { shipmentView } from './record';
import { type shipments as ShipmentsTable, shipments } from './schema';

type ShipmentRow = typeof ShipmentsTable.$inferSelect;

/** An order line's vouchers, its buyer and its money, as the vouchers service answers them. */
export interface LateLine {
  orderId: number;
  userId: number;
  dealProductId: number;
  quantity: number;
  currency: 'GBP' | 'EUR';
  /** One unit's price and postage: what each voucher is refunded for. */
  unitValueMinor: number;
  orderCashMinor: number;
  paymentMethod: string;
  vouchers: Array<{ id: number; status: string }>;
}

/** One voucher's refund, as the refund that wrote it answers. */
export interface LateVoucherRefund {
  refundId: number;
  cardMinor: number;
  walletMinor: number;
  promoMinor: number;
  provider: string | null;
  eventIds: number[];
}

/** What this service asks of the services that depend on it (built by src/server/late-delivery.ts). */
export interface LateDeliveryPorts {
  /** The order line's vouchers, buyer and money, or null. */
  retrieveLine(db: DbOrTx, orderLineId: number): Promise<LateLine | null>;
  /** Refunds one voucher in full in the caller's transaction; null when it is no longer refundable. */
  refundVoucher(
    tx: Tx,
    input: { voucherId: number; now: Date; validAt: Date; note: string },
  ): Promise<LateVoucherRefund | null>;
  /** After commit: the provider's part paid (a failure stays pending for the hourly retry), the refund's events handled. */
  afterRefund(db: Db, refund: LateVoucherRefund): Promise<void>;
  /** The people who hear of the merchant's parcels (its members). */
  merchantRecipients(db: Db, merchantId: number): Promise<Array<{ userId: number; email: string }>>;
}

/** The shopper's order page (where "Cancel and refund" is), a path on the site. */
export function orderPagePath(orderId: number): string {
  return `/myaccount/vouchers?order=${orderId}`;
}

/** The merchant's shipping list, a path on the site. */
export function shippingListPath(merchantId: number): string {
  return `/merchant/${merchantId}/shipping`;
}

function refundOf(row: ShipmentRow, currency: 'GBP' | 'EUR'): LateRefund {
  return {
    cardMinor: row.refundCardMinor ?? 0,
    walletMinor: row.refundWalletMinor ?? 0,
    currency,
    cardTo: refundDestination(row.refundProvider),
  };
}

/** What a cancel answers: cancelled now, or already (a second click changes nothing). */
export interface LateCancel {
  outcome: 'cancelled' | 'alreadyCancelled';
  shipment: ShipmentView;
  refund: LateRefund;
  /** "Cancelled on Mon 7 Dec — £44.98 refunded to your card." */
  message: string;
}

/**
 * The shopper cancels a parcel not dispatched by its promised day, for a full refund (Consumer
 * Rights Act 2015 s28). Only its order's shopper (`userId`, the order's buyer: the caller applies the
 * order page's rule for a guest session); another's shipment is a NotFound. Refused (Conflict) before
 * its dispatch day has passed, or once dispatched. A second call answers `alreadyCancelled` and
 * changes nothing: the shipment row is locked and read again inside the transaction, and each
 * voucher's refund row is unique.
 */
export async function cancelLateShipment(
  db: Db,
  ports: LateDeliveryPorts,
  input: { userId: number; shipmentId: number; now: Date },
): Promise<LateCancel> {
  const [found] = await db.select().from(shipments).where(eq(shipments.id, input.shipmentId));
  const line = found === undefined ? null : await ports.retrieveLine(db, found.orderLineId);
  if (found === undefined || line === null || line.userId !== input.userId)
    throw new NotFound(LATE_DELIVERY_COPY.notFound);
  const buyer = await retrieveUser(db, line.userId);
  const recipients = await ports.merchantRecipients(db, found.merchantId);
  const written = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(shipments).where(eq(shipments.id, input.shipmentId)).for('update');
    if (row === undefined) throw new NotFound(LATE_DELIVERY_COPY.notFound);
    if (row.status === 'cancelled') return { row, refunds: [] as LateVoucherRefund[], already: true };
    if (row.status !== 'ordered') throw new Conflict(LATE_DELIVERY_COPY.dispatched, { code: 'dispatched' });
    if (!isOverdue(row.status, row.dispatchBy, input.now)) {
      throw new Conflict(LATE_DELIVERY_COPY.notOverdue, { code: 'notOverdue' });
    }
    const refunds: LateVoucherRefund[] = [];
    for (const voucher of line.vouchers) {
      const refund = await ports.refundVoucher(tx, {
        voucherId: voucher.id,
        now: input.now,
        // Every voucher of the order was unexpired when it was placed: the refund has no window.
        validAt: row.createdAt,
        note: `shipment ${row.id} not dispatched by ${row.dispatchBy}`,
      });
      if (refund !== null) refunds.push(refund);
    }
    // The parcel never left the merchant: its units go back to stock, taken on the order's day.
    await returnStock(tx, {
      productId: line.dealProductId,
      quantity: row.quantity,
      stockDay: londonDay(row.createdAt),
    });
    const cardMinor = refunds.reduce((sum, r) => sum + r.cardMinor, 0);
    const walletMinor = refunds.reduce((sum, r) => sum + r.walletMinor + r.promoMinor, 0);
    const provider = refunds.find((r) => r.cardMinor > 0)?.provider ?? null;
    const [cancelled] = await tx
      .update(shipments)
      .set({
        status: 'cancelled',
        cancelledAt: input.now,
        refundCardMinor: cardMinor,
        refundWalletMinor: walletMinor,
        refundProvider: provider,
      })
      .where(eq(shipments.id, row.id))
      .returning();
    if (cancelled === undefined) throw new Error('shipment update returned nothing');
    const parcel = { orderId: row.orderId, title: row.title, quantity: row.quantity, dispatchBy: row.dispatchBy };
    if (buyer !== null) {
      await enqueueMail(tx, {
        userId: buyer.id,
        kind: 'late_delivery_cancelled',
        recipient: buyer.email,
        subject: `Order ${row.orderId}: cancelled and refunded`,
        template: 'lateDelivery',
        data: {
          step: 'cancelled',
          firstName: buyer.firstName,
          parcel,
          currency: line.currency,
          cardMinor,
          cardTo: refundDestination(provider, line.paymentMethod),
          walletMinor,
          orderPath: orderPagePath(row.orderId),
        },
      });
    }
    for (const member of recipients) {
      await enqueueMail(tx, {
        userId: member.userId,
        kind: 'late_delivery_merchant',
        recipient: member.email,
        subject: merchantCancelSubject(row.orderId, row.dispatchBy),
        template: 'lateDelivery',
        data: { step: 'merchantCancelled', parcel, listPath: shippingListPath(row.merchantId) },
      });
    }
    return { row: cancelled, refunds, already: false };
  });
  for (const refund of written.refunds) await ports.afterRefund(db, refund);
  const refund = refundOf(written.row, line.currency);
  if (refund.cardMinor > 0) refund.cardTo = refundDestination(written.row.refundProvider, line.paymentMethod);
  return {
    outcome: written.already ? 'alreadyCancelled' : 'cancelled',
    shipment: shipmentView(written.row),
    refund,
    message: written.already
      ? LATE_DELIVERY_COPY.alreadyCancelled
      : cancelledExplanation(londonDay(written.row.cancelledAt ?? input.now), refund),
  };
}

/** What the order page shows beside a parcel about the promise: the offer to cancel, or the cancel done. */
export type LateDeliveryState =
  | { kind: 'overdue'; shipmentId: number; text: string; refund: LateRefund }
  | { kind: 'cancelled'; shipmentId: number; text: string; refund: LateRefund };

/**
 * For an order page: each overdue parcel's offer ("Not dispatched by Fri 4 Dec. You can cancel this
 * item for a full refund of £44.98 to your card.") and each parcel cancelled as late, by shipment id.
 */
export async function listLateDeliveryStates(
  db: Db,
  ports: Pick<LateDeliveryPorts, 'retrieveLine'>,
  orderIds: readonly number[],
  now: Date,
): Promise<Map<number, LateDeliveryState>> {
  const states = new Map<number, LateDeliveryState>();
  if (orderIds.length === 0) return states;
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, [...orderIds]))
    .orderBy(asc(shipments.id));
  for (const row of rows) {
    const overdue = isOverdue(row.status, row.dispatchBy, now);
    const lateCancel = row.status === 'cancelled' && row.refundCardMinor !== null;
    if (!overdue && !lateCancel) continue;
    const line = await ports.retrieveLine(db, row.orderLineId);
    if (line === null) continue;
    if (overdue) {
      const refund = expectedLateRefund({
        lineValueMinor:
          line.unitValueMinor * line.vouchers.filter((v) => v.status === 'ready' || v.status === 'booked').length,
        orderCashMinor: line.orderCashMinor,
        currency: line.currency,
        paymentMethod: line.paymentMethod,
      });
      states.set(row.id, {
        kind: 'overdue',
        shipmentId: row.id,
        text: lateExplanation(row.dispatchBy, refund),
        refund,
      });
    } else {
      const refund = refundOf(row, line.currency);
      if (refund.cardMinor > 0) refund.cardTo = refundDestination(row.refundProvider, line.paymentMethod);
      states.set(row.id, {
        kind: 'cancelled',
        shipmentId: row.id,
        text: cancelledExplanation(londonDay(row.cancelledAt ?? now), refund),
        refund,
      });
    }
  }
  return states;
}

/** What a reminder run sent. */
export interface DispatchReminderRun {
  /** Emails to merchants (one per member of each merchant with parcels newly due). */
  merchantReminders: number;
  /** Parcels newly reminded of. */
  remindedShipments: number;
  /** Shoppers told their parcel is late. */
  lateNotices: number;
}

/**
 * The hourly job: each undispatched parcel whose dispatch day is near (`isNearDispatchLimit`: today
 * or within DISPATCH_REMINDER_DAYS) is reminded of once, in one email per merchant member listing
 * that merchant's parcels newly due; each parcel past its day is announced once to its shopper, with
 * the link to their order page where they may cancel it for a full refund. Each claim (`reminder_sent_at`,
 * `late_notice_sent_at` set where still empty) is written in the transaction that queues its email,
 * so two runs at once, or a run stopped anywhere, never send one twice.
 */
export async function remindMerchantsOfDueDispatches(
  db: Db,
  ports: Pick<LateDeliveryPorts, 'retrieveLine' | 'merchantRecipients'>,
  now: Date,
): Promise<DispatchReminderRun> {
  const run: DispatchReminderRun = { merchantReminders: 0, remindedShipments: 0, lateNotices: 0 };
  const today = londonDay(now);
  const due = await db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.status, 'ordered'),
        isNull(shipments.reminderSentAt),
        gte(shipments.dispatchBy, today),
        lte(shipments.dispatchBy, addDays(today, DISPATCH_REMINDER_DAYS)),
      ),
    )
    .orderBy(asc(shipments.dispatchBy), asc(shipments.id));
  const byMerchant = new Map<number, ShipmentRow[]>();
  for (const row of due) {
    if (!isNearDispatchLimit(row.status, row.dispatchBy, now)) continue;
    byMerchant.set(row.merchantId, [...(byMerchant.get(row.merchantId) ?? []), row]);
  }
  for (const [merchantId, rows] of byMerchant) {
    const recipients = await ports.merchantRecipients(db, merchantId);
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(shipments)
        .set({ reminderSentAt: now })
        .where(
          and(
            inArray(
              shipments.id,
              rows.map((row) => row.id),
            ),
            isNull(shipments.reminderSentAt),
            eq(shipments.status, 'ordered'),
          ),
        )
        .returning();
      if (claimed.length === 0) return { parcels: 0, emails: 0 };
      claimed.sort((a, b) => a.dispatchBy.localeCompare(b.dispatchBy) || a.id - b.id);
      const parcels = claimed.map((row) => ({
        orderId: row.orderId,
        title: row.title,
        quantity: row.quantity,
        dispatchBy: row.dispatchBy,
      }));
      for (const member of recipients) {
        await enqueueMail(tx, {
          userId: member.userId,
          kind: 'dispatch_reminder',
          recipient: member.email,
          subject:
            parcels.length === 1
              ? 'Parcels due for dispatch: 1 order'
              : `Parcels due for dispatch: ${parcels.length} orders`,
          template: 'lateDelivery',
          data: { step: 'dispatchReminder', listPath: shippingListPath(merchantId), parcels },
        });
      }
      return { parcels: claimed.length, emails: recipients.length };
    });
    run.remindedShipments += sent.parcels;
    run.merchantReminders += sent.emails;
  }

  const late = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.status, 'ordered'), isNull(shipments.lateNoticeSentAt), lt(shipments.dispatchBy, today)))
    .orderBy(asc(shipments.id));
  for (const row of late) {
    if (!isOverdue(row.status, row.dispatchBy, now)) continue;
    const line = await ports.retrieveLine(db, row.orderLineId);
    const buyer = line === null ? null : await retrieveUser(db, line.userId);
    const noticed = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(shipments)
        .set({ lateNoticeSentAt: now })
        .where(and(eq(shipments.id, row.id), isNull(shipments.lateNoticeSentAt), eq(shipments.status, 'ordered')))
        .returning({ id: shipments.id });
      if (claimed === undefined || buyer === null) return false;
      await enqueueMail(tx, {
        userId: buyer.id,
        kind: 'late_delivery_notice',
        recipient: buyer.email,
        subject: `Your order ${row.orderId} is late: you can cancel it for a full refund`,
        template: 'lateDelivery',
        data: {
          step: 'lateNotice',
          firstName: buyer.firstName,
          parcel: { orderId: row.orderId, title: row.title, quantity: row.quantity, dispatchBy: row.dispatchBy },
          orderPath: orderPagePath(row.orderId),
        },
      });
      return true;
    });
    if (noticed) run.lateNotices += 1;
  }
  return run;
}

/**
 * Demonstrations and end-to-end tests only (the dev tools switch, never a production build without
 * it): moves a parcel's order day and promise back `days` calendar days, as if it had been ordered
 * then, so a late parcel can be shown without waiting for one. Decision 003 keeps the shop's clock
 * out of writes; this rewrites a test parcel's dates instead. Answers the parcel as it now is.
 */
export async function backdateShipment(db: Db, input: { shipmentId: number; days: number }): Promise<ShipmentView> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, input.shipmentId));
  if (row === undefined) throw new NotFound(LATE_DELIVERY_COPY.notFound);
  const [moved] = await db
    .update(shipments)
    .set({
      createdAt: new Date(row.createdAt.getTime() - input.days * 86_400_000),
      dispatchBy: addDays(row.dispatchBy, -input.days),
      deliverFrom: addDays(row.deliverFrom, -input.days),
      deliverBy: addDays(row.deliverBy, -input.days),
    })
    .where(eq(shipments.id, row.id))
    .returning();
  if (moved === undefined) throw new Error('shipment update returned nothing');
  return shipmentView(moved);
}
