/**
 * The 30-day delivery promise kept (Consumer Rights Act 2015 s28; docs/decisions/051; refunds to the
 * original payment method, Consumer Contracts Regulations) on embedded PGlite: a posted order placed
 * in the past through the real order service and paid by sandbox card; the shopper cancels a parcel
 * left undispatched past its promised day for a full refund of the line (price and postage, every
 * unit) to the card, once; the merchant and the shopper are told; the hourly reminder tells each
 * merchant once and the shopper once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../../sandbox/db/schema';
import { LATE_DELIVERY_COPY } from '../../src/domain/late-delivery';
import type { Database } from '../../src/server/db/client';
import {
  dealProductStock,
  merchantUsers,
  outbox,
  payments,
  shipments,
  voucherRefunds,
  vouchers,
} from '../../src/server/db/schema';
import {
  cancelLateShipment,
  listLateDeliveryStates,
  listOrderShipments,
  remindMerchantsOfDueDispatches,
} from '../../src/server/fulfilment';
import { runHourlyJobs } from '../../src/server/jobs';
import { lateDeliveryPorts } from '../../src/server/late-delivery';
import { singleProvider } from '../../src/server/payments';
import { markReturnPosted, receiveMerchantReturn, requestReturn } from '../../src/server/voucher-lifecycle';
import { sandboxDb } from '../fixtures/sandbox-database';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { insertMerchantMember } from './merchant-fixtures';
import { mailText } from './support/mail';
import { addPostedDeal, placePostedOrder } from './support/posted-order';
import { callAsShopper } from './support/shop-call';
import { serveTestDatabase } from './support/test-database';

const { POST: cancelRoute } = await import('../../src/pages/api/v1/shipments/[id]/cancel');

const DAY = 86_400_000;
/** Placed on a Tuesday morning: with 2 working days the parcel is promised for dispatch by Thu 3 Dec. */
const PLACED = new Date('2026-12-01T10:00:00Z');
/** Ten days later, long past the dispatch day. */
const TEN_DAYS_ON = new Date(PLACED.getTime() + 10 * DAY);

describe.each(embedded)('the 30-day delivery promise on $name', (engine) => {
  let database: Database;
  let base: { locationId: number; merchantId: number };
  const db = () => database.db;
  const ports = () => lateDeliveryPorts(singleProvider(createSandboxProvider(db())));

  beforeAll(async () => {
    database = await engine.open();
    base = await seedBasketCatalogue(db());
  });
  afterAll(async () => {
    await database?.close();
  });

  async function postedOrder(options: { placed: Date; quantity?: number; dispatchDays?: number }) {
    const { dealId, productIds } = await addPostedDeal(db(), base, { dispatchDays: options.dispatchDays ?? 2 });
    const productId = productIds[0] ?? 0;
    await db().insert(dealProductStock).values({ productId, quantityRemaining: 50 });
    const user = await addShopper(db(), { firstName: 'Ada' });
    const { result, totalMinor } = await placePostedOrder(db(), {
      user,
      dealId,
      dealProductId: productId,
      quantity: options.quantity ?? 1,
      now: options.placed,
    });
    if (!result.ok) throw new Error(`the order was refused: ${JSON.stringify(result)}`);
    const [shipment] = await listOrderShipments(db(), [result.order.id]);
    if (shipment === undefined) throw new Error('no shipment');
    return { user, orderId: result.order.id, shipment, totalMinor, productId };
  }

  it('Consumer Rights Act 2015 s28: undispatched 10 days after the order (2 working days promised), the shopper cancels once for a full refund to the card', async () => {
    const member = await insertMerchantMember(db(), base.merchantId, 'owner');
    const { user, orderId, shipment, totalMinor, productId } = await postedOrder({ placed: PLACED, quantity: 2 });
    expect(shipment.dispatchBy).toBe('2026-12-03');
    // Two headsets at £39.99 with £4.99 postage each: £89.96, all of it on the card.
    expect(totalMinor).toBe(2 * (3999 + 499));
    const [stockBefore] = await db().select().from(dealProductStock).where(eq(dealProductStock.productId, productId));

    const offer = (await listLateDeliveryStates(db(), ports(), [orderId], TEN_DAYS_ON)).get(shipment.id);
    expect(offer?.text).toBe(
      'Not dispatched by Thu 3 Dec. You can cancel this item for a full refund of £89.96 to your card.',
    );

    const done = await cancelLateShipment(db(), ports(), {
      userId: user.id,
      shipmentId: shipment.id,
      now: TEN_DAYS_ON,
    });
    expect(done.outcome).toBe('cancelled');
    expect(done.shipment).toMatchObject({ status: 'cancelled', cancelledAt: TEN_DAYS_ON.toISOString() });
    expect(done.refund).toMatchObject({ cardMinor: 8996, walletMinor: 0, cardTo: 'your card' });
    expect(done.message).toBe('Cancelled on Fri 11 Dec — £89.96 refunded to your card.');

    // Every unit's voucher refunded, to the card, marked as a late delivery's refund, paid by the sandbox.
    const issued = await db().select().from(vouchers).where(eq(vouchers.orderId, orderId));
    expect(issued.map((v) => v.status)).toEqual(['refunded', 'refunded']);
    const refunds = await db().select().from(voucherRefunds).where(eq(voucherRefunds.orderId, orderId));
    expect(refunds).toHaveLength(2);
    expect(
      refunds.every((r) => r.refundedTo === 'card' && r.refundType === 'LATE_DELIVERY' && r.status === 'done'),
    ).toBe(true);
    expect(refunds.reduce((sum, r) => sum + r.cardMinor, 0)).toBe(8996);
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    const sandboxRefunds = await sandboxDb(db())
      .select()
      .from(transactions)
      .where(eq(transactions.nonce, `refund:${payment?.transactionId}`));
    expect(sandboxRefunds.reduce((sum, t) => sum + t.amountMinor, 0)).toBe(8996);
    // The parcel never left: its two units are back in stock.
    const [stockAfter] = await db().select().from(dealProductStock).where(eq(dealProductStock.productId, productId));
    expect((stockAfter?.quantityRemaining ?? 0) - (stockBefore?.quantityRemaining ?? 0)).toBe(2);

    // The shopper's confirmation and the merchant's notice, in the outbox for after commit.
    const mail = await db()
      .select()
      .from(outbox)
      .where(inArray(outbox.kind, ['late_delivery_cancelled', 'late_delivery_merchant']));
    const toShopper = mail.filter((m) => m.recipient === user.email);
    const toMerchant = mail.filter((m) => m.recipient === member.email);
    expect(toShopper.map((m) => m.kind)).toEqual(['late_delivery_cancelled']);
    expect(toMerchant.map((m) => m.subject)).toEqual([`Order ${orderId} cancelled: not dispatched by Thu 3 Dec`]);
    const shopperText = await mailText(toShopper[0] as (typeof mail)[number]);
    expect(shopperText).toContain('£89.96');
    expect(shopperText).toContain('To your card');

    // A second click (or a double submit) changes nothing and says it is already cancelled.
    const again = await cancelLateShipment(db(), ports(), {
      userId: user.id,
      shipmentId: shipment.id,
      now: TEN_DAYS_ON,
    });
    expect(again).toMatchObject({ outcome: 'alreadyCancelled', message: LATE_DELIVERY_COPY.alreadyCancelled });
    expect(await db().select().from(voucherRefunds).where(eq(voucherRefunds.orderId, orderId))).toHaveLength(2);
    const sandboxAfter = await sandboxDb(db())
      .select()
      .from(transactions)
      .where(eq(transactions.nonce, `refund:${payment?.transactionId}`));
    expect(sandboxAfter).toHaveLength(sandboxRefunds.length);
    const mailAfter = await db()
      .select()
      .from(outbox)
      .where(inArray(outbox.kind, ['late_delivery_cancelled', 'late_delivery_merchant']));
    expect(mailAfter).toHaveLength(mail.length);

    // The order page then says what happened.
    const state = (await listLateDeliveryStates(db(), ports(), [orderId], TEN_DAYS_ON)).get(shipment.id);
    expect(state).toMatchObject({ kind: 'cancelled', text: 'Cancelled on Fri 11 Dec — £89.96 refunded to your card.' });
  });

  it('Consumer Rights Act 2015 s28: two submits at once refund the line once', async () => {
    const { user, orderId, shipment } = await postedOrder({ placed: PLACED });
    const outcomes = await Promise.all([
      cancelLateShipment(db(), ports(), { userId: user.id, shipmentId: shipment.id, now: TEN_DAYS_ON }),
      cancelLateShipment(db(), ports(), { userId: user.id, shipmentId: shipment.id, now: TEN_DAYS_ON }),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['alreadyCancelled', 'cancelled']);
    expect(await db().select().from(voucherRefunds).where(eq(voucherRefunds.orderId, orderId))).toHaveLength(1);
  });

  it('Consumer Rights Act 2015 s28: a parcel not yet late, or already dispatched, cannot be cancelled; another shopper’s is not found', async () => {
    const { user, orderId, shipment } = await postedOrder({ placed: PLACED });
    // On its dispatch day it is not late yet.
    await expect(
      cancelLateShipment(db(), ports(), {
        userId: user.id,
        shipmentId: shipment.id,
        now: new Date('2026-12-03T16:00:00Z'),
      }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'notOverdue', message: LATE_DELIVERY_COPY.notOverdue });
    // Another shopper: the same answer as no such shipment.
    const stranger = await addShopper(db());
    await expect(
      cancelLateShipment(db(), ports(), { userId: stranger.id, shipmentId: shipment.id, now: TEN_DAYS_ON }),
    ).rejects.toMatchObject({ kind: 'notFound', message: LATE_DELIVERY_COPY.notFound });
    // Dispatched (late, but sent): cannot be cancelled.
    await db()
      .update(shipments)
      .set({ status: 'dispatched', dispatchedAt: TEN_DAYS_ON })
      .where(eq(shipments.id, shipment.id));
    await expect(
      cancelLateShipment(db(), ports(), { userId: user.id, shipmentId: shipment.id, now: TEN_DAYS_ON }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'dispatched', message: LATE_DELIVERY_COPY.dispatched });
    expect(await db().select().from(voucherRefunds).where(eq(voucherRefunds.orderId, orderId))).toHaveLength(0);
  });

  it('Consumer Contracts Regulations: a delivered posted product bought with an address is returned with its label and refunded by the existing rules (price and postage to the card)', async () => {
    const member = await insertMerchantMember(db(), base.merchantId, 'staff');
    const { user, orderId } = await postedOrder({ placed: new Date() });
    const [voucher] = await db().select().from(vouchers).where(eq(vouchers.orderId, orderId));
    if (voucher === undefined) throw new Error('no voucher');
    const reference = await requestReturn(db(), { voucherId: voucher.id, userId: user.id, now: new Date() });
    expect(reference).toBe(`RT-${voucher.code.slice(3)}`);
    await markReturnPosted(db(), { voucherId: voucher.id, userId: user.id, now: new Date() });
    const outcome = await receiveMerchantReturn(db(), singleProvider(createSandboxProvider(db())), {
      merchantId: base.merchantId,
      voucherId: voucher.id,
      userId: member.id,
      now: new Date(),
    });
    expect(outcome).toMatchObject({ refundedTo: 'card', cardMinor: 3999 + 499, walletMinor: 0, cardPending: false });
    const [refund] = await db().select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucher.id));
    expect(refund).toMatchObject({ refundType: 'ON_DEMAND_REFUND', status: 'done', cardMinor: 4498 });
  });

  it('Consumer Rights Act 2015 s28: the hourly reminder tells each merchant once of its parcels due, and the shopper once that theirs is late', async () => {
    await db().update(shipments).set({ status: 'dispatched' }).where(eq(shipments.status, 'ordered'));
    const member = await insertMerchantMember(db(), base.merchantId, 'staff');
    // Two parcels due on Wed 9 Dec (placed Mon 7 Dec, 2 working days), one late (placed 1 Dec).
    const monday = new Date('2026-12-07T09:00:00Z');
    const dueA = await postedOrder({ placed: monday });
    const dueB = await postedOrder({ placed: monday });
    const late = await postedOrder({ placed: PLACED });
    const tuesday = new Date('2026-12-08T09:00:00Z');

    const first = await remindMerchantsOfDueDispatches(db(), ports(), tuesday);
    expect(first.remindedShipments).toBe(2);
    expect(first.lateNotices).toBe(1);
    const reminders = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'dispatch_reminder'), eq(outbox.recipient, member.email)));
    expect(reminders).toHaveLength(1);
    const reminderText = await mailText(reminders[0] as (typeof reminders)[number]);
    expect(reminderText).toContain(`Order ${dueA.orderId}`);
    expect(reminderText).toContain(`Order ${dueB.orderId}`);
    const notices = await db().select().from(outbox).where(eq(outbox.kind, 'late_delivery_notice'));
    expect(notices.map((n) => n.recipient)).toEqual([late.user.email]);
    const noticeText = await mailText(notices[0] as (typeof notices)[number]);
    expect(noticeText).toContain(`/myaccount/vouchers?order=${late.orderId}`);
    const [marked] = await db().select().from(shipments).where(eq(shipments.id, dueA.shipment.id));
    expect(marked?.reminderSentAt).toEqual(tuesday);

    const allReminders = await db().select().from(outbox).where(eq(outbox.kind, 'dispatch_reminder'));
    // One email per member of the merchant, each listing both parcels.
    const members = await db().select().from(merchantUsers).where(eq(merchantUsers.merchantId, base.merchantId));
    expect(allReminders).toHaveLength(members.length);
    // Run again (the next hour, and the whole hourly jobs): nothing is sent twice.
    const second = await remindMerchantsOfDueDispatches(db(), ports(), new Date(tuesday.getTime() + 3_600_000));
    expect(second).toEqual({ merchantReminders: 0, remindedShipments: 0, lateNotices: 0 });
    await runHourlyJobs(db(), new Date(tuesday.getTime() + 7_200_000));
    expect(await db().select().from(outbox).where(eq(outbox.kind, 'dispatch_reminder'))).toHaveLength(members.length);
    expect(await db().select().from(outbox).where(eq(outbox.kind, 'late_delivery_notice'))).toHaveLength(1);
  });
});

describe.each(embedded)('POST /api/v1/shipments/{id}/cancel on $name', (engine) => {
  const shared: { database?: Database | null } = {};
  serveTestDatabase(shared);
  let base: { locationId: number; merchantId: number };
  const db = () => {
    if (!shared.database) throw new Error('database not open');
    return shared.database.db;
  };

  beforeAll(async () => {
    shared.database = await engine.open();
    base = await seedBasketCatalogue(db());
  });
  afterAll(async () => {
    await shared.database?.close();
  });

  async function order(placed: Date) {
    const { dealId, productIds } = await addPostedDeal(db(), base, { dispatchDays: 2 });
    const user = await addShopper(db());
    const { result } = await placePostedOrder(db(), { user, dealId, dealProductId: productIds[0] ?? 0, now: placed });
    if (!result.ok) throw new Error('the order was refused');
    const [shipment] = await listOrderShipments(db(), [result.order.id]);
    return { user, orderId: result.order.id, shipmentId: shipment?.id ?? 0 };
  }
  const call = (shipmentId: number, who: { id: number; sessionEpoch: number } | null) =>
    callAsShopper(cancelRoute, `/api/v1/shipments/${shipmentId}/cancel`, who, {
      params: { id: String(shipmentId) },
    });

  it('Consumer Rights Act 2015 s28: the shopper cancels a parcel 10 days late; a second call changes nothing; another shopper gets 404', async () => {
    const { user, orderId, shipmentId } = await order(new Date(Date.now() - 10 * DAY));
    const stranger = await addShopper(db());
    expect(await call(shipmentId, stranger)).toMatchObject({
      status: 404,
      body: { message: LATE_DELIVERY_COPY.notFound },
    });
    const first = await call(shipmentId, user);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      outcome: 'cancelled',
      shipment: { id: shipmentId, status: 'cancelled' },
      refund: { cardMinor: 3999 + 499, walletMinor: 0 },
    });
    const second = await call(shipmentId, user);
    expect(second).toMatchObject({ status: 200, body: { outcome: 'alreadyCancelled' } });
    expect(await db().select().from(voucherRefunds).where(eq(voucherRefunds.orderId, orderId))).toHaveLength(1);
  });

  it('Consumer Rights Act 2015 s28: 409 with a message for a parcel not yet late; 401 for nobody signed in', async () => {
    const { user, shipmentId } = await order(new Date());
    expect(await call(shipmentId, user)).toMatchObject({
      status: 409,
      body: { message: LATE_DELIVERY_COPY.notOverdue },
    });
    expect((await call(shipmentId, null)).status).toBe(401);
  });
});
