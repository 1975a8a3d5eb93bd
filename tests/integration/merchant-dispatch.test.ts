/**
 * Dispatch of posted products (docs/decisions/051) on embedded PGlite: a merchant's shipping list
 * (its own parcels only, the soonest dispatch day first, overdue flagged), marking a parcel
 * dispatched (only its own, only while it waits, never once cancelled; the shopper's email with the
 * tracking link goes through the outbox), a CSV with a bad row, delivered, the packing slip PDF,
 * the shopper's Delivery section, and a delivered product becoming reviewable (decision 046) while
 * it can still be returned.
 */
import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ShipmentProgress from '../../src/components/orders/ShipmentProgress.astro';
import { DISPATCH_COPY } from '../../src/domain/dispatch';
import { REVIEW_COPY } from '../../src/domain/reviews';
import type { Database } from '../../src/server/db/client';
import { merchants, outbox, shipments, vouchers } from '../../src/server/db/schema';
import {
  listShipmentsForShopper,
  listShipmentsToDispatch,
  markDelivered,
  markDispatched,
  markDispatchedFromCsv,
  renderPackingSlipPdf,
  retrievePackingSlip,
} from '../../src/server/fulfilment';
import { listReviewableVouchers, submitReview } from '../../src/server/reviews';
import { requestReturn } from '../../src/server/voucher-lifecycle';
import { addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { readPdf } from './pdf-reading';
import { createContainer } from './support/container';
import { mailText, renderedMail } from './support/mail';
import { addPostedDeal, placePostedOrder, TEST_ADDRESS } from './support/posted-order';

describe.each(embedded)('a merchant dispatches posted orders on $name', (engine) => {
  let database: Database;
  let base: { locationId: number; merchantId: number };
  let otherMerchantId: number;
  let container: AstroContainer;
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    base = await seedBasketCatalogue(db());
    const [other] = await db()
      .insert(merchants)
      .values({
        name: 'Other Goods Ltd',
        addressLine1: '2 Low Street',
        town: 'York',
        postcode: 'YO1 7HH',
        phone: '01904 000000',
        locationId: base.locationId,
      })
      .returning();
    if (other === undefined) throw new Error('no second merchant');
    otherMerchantId = other.id;
    container = await createContainer();
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A shopper's order of `quantity` headsets, placed at `now`; answers the order, its parcel and voucher. */
  async function postedOrder(options: { quantity?: number; now?: Date; dispatchDays?: number } = {}) {
    const { dealId, productIds } = await addPostedDeal(db(), base, { dispatchDays: options.dispatchDays ?? 2 });
    const user = await addShopper(db(), { firstName: 'Ada' });
    const { result } = await placePostedOrder(db(), {
      user,
      dealId,
      dealProductId: productIds[0] ?? 0,
      quantity: options.quantity ?? 1,
      now: options.now,
    });
    if (!result.ok) throw new Error(result.message);
    const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, result.order.id));
    if (shipment === undefined) throw new Error('no shipment');
    return { orderId: result.order.id, shipmentId: shipment.id, user, voucherId: result.order.voucherIds[0] ?? 0 };
  }

  it('lists only the merchant’s own parcels, the soonest dispatch day first, with address, items and days left (CRA 2015 s28)', async () => {
    const late = await postedOrder({ now: new Date('2026-11-02T10:00:00Z'), quantity: 2 });
    const later = await postedOrder({ now: new Date('2026-11-20T10:00:00Z') });
    const now = new Date('2026-11-24T10:00:00Z'); // a Tuesday

    const list = await listShipmentsToDispatch(db(), base.merchantId, { now });
    const mine = list.filter((p) => p.orderId === late.orderId || p.orderId === later.orderId);
    expect(mine.map((p) => p.orderId)).toEqual([late.orderId, later.orderId]);
    expect(mine[0]).toMatchObject({
      reference: `S${late.shipmentId}`,
      quantity: 2,
      title: 'Wireless Gaming Headset: Black headset',
      address: TEST_ADDRESS,
      orderedAt: '2026-11-02T10:00:00.000Z',
      methodLabel: 'Standard delivery',
      status: 'ordered',
      urgency: 'overdue',
    });
    expect(mine[0]?.daysLeft).toBeLessThan(0);
    // Ordered Fri 20 Nov with 2 working days: dispatch by Tue 24 Nov, today.
    expect(mine[1]).toMatchObject({ dispatchBy: '2026-11-24', daysLeft: 0, urgency: 'due-today' });
    expect(await listShipmentsToDispatch(db(), otherMerchantId, { now })).toEqual([]);
  });

  it('marks its own waiting parcel dispatched once and emails the shopper the tracking link; another merchant gets a 404', async () => {
    const { orderId, shipmentId, user } = await postedOrder();
    const now = new Date();
    await expect(
      markDispatched(db(), {
        merchantId: otherMerchantId,
        shipmentId,
        carrier: 'royal-mail',
        trackingNumber: 'AB123456789GB',
        now,
      }),
    ).rejects.toMatchObject({ kind: 'notFound', message: DISPATCH_COPY.noSuchShipment });
    await expect(
      markDispatched(db(), {
        merchantId: base.merchantId,
        shipmentId,
        carrier: 'pigeon',
        trackingNumber: 'AB123456789GB',
        now,
      }),
    ).rejects.toMatchObject({ kind: 'invalid', message: DISPATCH_COPY.carrier });
    await expect(
      markDispatched(db(), {
        merchantId: base.merchantId,
        shipmentId,
        carrier: 'royal-mail',
        trackingNumber: '<x>',
        now,
      }),
    ).rejects.toMatchObject({ message: DISPATCH_COPY.trackingNumber });
    await expect(markDelivered(db(), { merchantId: base.merchantId, shipmentId, now })).rejects.toMatchObject({
      kind: 'conflict',
      message: DISPATCH_COPY.notDispatched,
    });

    const sent = await markDispatched(db(), {
      merchantId: base.merchantId,
      shipmentId,
      carrier: 'royal-mail',
      trackingNumber: ' ab123456789gb ',
      now,
    });
    expect(sent).toMatchObject({
      status: 'dispatched',
      carrier: 'royal-mail',
      trackingNumber: 'AB123456789GB',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    });
    await expect(
      markDispatched(db(), {
        merchantId: base.merchantId,
        shipmentId,
        carrier: 'dpd',
        trackingNumber: 'XY99887766',
        now,
      }),
    ).rejects.toMatchObject({ kind: 'conflict', message: DISPATCH_COPY.alreadyDispatched });

    const mail = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user.id), eq(outbox.kind, 'order_dispatched')));
    expect(mail).toHaveLength(1);
    const [row] = mail;
    if (row === undefined) throw new Error('no dispatch email');
    expect(row.subject).toBe(`Your order ${orderId} is on its way`);
    const text = await mailText(row);
    expect(text).toContain('Calm Spa Ltd has dispatched your order');
    expect(text).toContain('AB123456789GB');
    expect(text).toContain('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
    expect((await renderedMail(row)).html).toContain(
      'href="https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB"',
    );

    const delivered = await markDelivered(db(), { merchantId: base.merchantId, shipmentId, now });
    expect(delivered.status).toBe('delivered');
    await expect(markDelivered(db(), { merchantId: base.merchantId, shipmentId, now })).rejects.toMatchObject({
      message: DISPATCH_COPY.alreadyDelivered,
    });
  });

  it('refuses to dispatch a cancelled parcel (Consumer Rights Act 2015 s28)', async () => {
    const { shipmentId } = await postedOrder();
    await db()
      .update(shipments)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(shipments.id, shipmentId));
    await expect(
      markDispatched(db(), {
        merchantId: base.merchantId,
        shipmentId,
        carrier: 'evri',
        trackingNumber: 'H01234567890',
        now: new Date(),
      }),
    ).rejects.toMatchObject({ kind: 'conflict', message: DISPATCH_COPY.cancelled });
    const [row] = await db().select().from(shipments).where(eq(shipments.id, shipmentId));
    expect(row).toMatchObject({ status: 'cancelled', carrier: null, trackingNumber: null });
  });

  it('dispatches from a CSV row by row: good rows done, a bad row refused with its reason, nothing half-done', async () => {
    const byOrder = await postedOrder();
    const byShipment = await postedOrder();
    const badCarrier = await postedOrder();
    const [others] = await db()
      .insert(merchants)
      .values({
        name: 'Third Ltd',
        addressLine1: '3 Lane',
        town: 'Hull',
        postcode: 'HU1 1AA',
        phone: '',
        locationId: base.locationId,
      })
      .returning();
    const csv = [
      'Order,Carrier,Tracking number',
      `${byOrder.orderId},Royal Mail,AB000000001GB`,
      `${badCarrier.orderId},Pigeon Post,AB000000002GB`,
      `999999,DPD,15501234567890`,
      '',
    ].join('\r\n');
    const report = await markDispatchedFromCsv(db(), base.merchantId, csv, new Date());
    expect(report.done).toEqual([
      { line: 2, reference: String(byOrder.orderId), dispatched: [`S${byOrder.shipmentId}`], refused: null },
    ]);
    expect(report.refused).toEqual([
      { line: 3, reference: String(badCarrier.orderId), dispatched: [], refused: DISPATCH_COPY.carrier },
      { line: 4, reference: '999999', dispatched: [], refused: DISPATCH_COPY.csvNoParcel },
    ]);
    const bad = await db().select().from(shipments).where(eq(shipments.id, badCarrier.shipmentId));
    expect(bad[0]?.status).toBe('ordered');

    // A shipment reference column; another merchant's parcel is not found, a repeated row already done.
    const second = await markDispatchedFromCsv(
      db(),
      base.merchantId,
      `shipment,courier,tracking\nS${byShipment.shipmentId},dpd,15501234567890\nS${byShipment.shipmentId},dpd,15501234567890\n`,
      new Date(),
    );
    expect(second.done.map((r) => r.dispatched)).toEqual([[`S${byShipment.shipmentId}`]]);
    expect(second.refused.map((r) => r.refused)).toEqual([DISPATCH_COPY.alreadyDispatched]);
    const stranger = await markDispatchedFromCsv(
      db(),
      others?.id ?? 0,
      `shipment,carrier,tracking number\nS${badCarrier.shipmentId},dpd,15501234567890\n`,
      new Date(),
    );
    expect(stranger.refused.map((r) => r.refused)).toEqual([DISPATCH_COPY.noSuchShipment]);

    await expect(markDispatchedFromCsv(db(), base.merchantId, 'foo,bar\n1,2', new Date())).rejects.toMatchObject({
      kind: 'invalid',
      message: DISPATCH_COPY.csvHeader,
    });
  });

  it('draws a packing slip with the address, items and delivery option, for the merchant’s own order only', async () => {
    const { orderId } = await postedOrder({ quantity: 3, now: new Date('2026-12-01T10:00:00Z') });
    const slip = await retrievePackingSlip(db(), {
      merchantId: base.merchantId,
      merchantName: 'Calm Spa Ltd',
      orderId,
    });
    if (slip === null) throw new Error('no slip');
    const pdf = await readPdf(await renderPackingSlipPdf(slip));
    expect(pdf.title).toBe(`Packing slip for order ${orderId}`);
    for (const words of [
      'Calm Spa Ltd',
      `Order number: ${orderId}`,
      'Ordered: 1 December 2026',
      TEST_ADDRESS.name,
      TEST_ADDRESS.line1,
      TEST_ADDRESS.line2,
      TEST_ADDRESS.town,
      TEST_ADDRESS.postcode,
      '3 x Wireless Gaming Headset: Black headset',
      'Arrives Mon 7 Dec - Wed 9 Dec',
      'Delivery option: Standard delivery',
    ]) {
      expect(pdf.text).toContain(words);
    }
    expect(
      await retrievePackingSlip(db(), { merchantId: otherMerchantId, merchantName: 'Other Goods Ltd', orderId }),
    ).toBeNull();
  });

  it('shows the shopper the delivery address and each parcel’s progress with its tracking link', async () => {
    const { orderId, shipmentId } = await postedOrder({ now: new Date('2026-12-01T10:00:00Z') });
    await markDispatched(db(), {
      merchantId: base.merchantId,
      shipmentId,
      carrier: 'dpd',
      trackingNumber: '15501234567890',
      now: new Date('2026-12-02T09:00:00Z'),
    });
    const shipping = await listShipmentsForShopper(db(), orderId);
    if (shipping === null) throw new Error('no shipping');
    expect(shipping.address).toEqual(TEST_ADDRESS);
    const html = await container.renderToString(ShipmentProgress, {
      props: { ...shipping, orderedAt: new Date('2026-12-01T10:00:00Z') },
    });
    expect(html).toContain('Delivering to');
    expect(html).toContain('LS1 4AP');
    expect(html).toMatch(
      /<li[^>]*aria-current="step"[^>]*>\s*<span[^>]*>Dispatched<\/span>\s*<span[^>]*>2 December 2026/,
    );
    expect(html).toContain('Arrives');
    expect(html).toMatch(/href="https:\/\/track\.dpd\.co\.uk\/parcels\/15501234567890" target="_blank" rel="noopener"/);
    expect(await listShipmentsForShopper(db(), 999_999)).toBeNull();
  });

  it('a delivered product becomes reviewable (decision 046) and can still be returned', async () => {
    const { shipmentId, user, voucherId } = await postedOrder();
    const [{ dealId } = { dealId: 0 }] = await db()
      .select({ dealId: vouchers.dealId })
      .from(vouchers)
      .where(eq(vouchers.id, voucherId));
    const review = {
      voucherId,
      rating: 5,
      title: 'Great headset',
      body: 'Clear sound and a comfortable fit for long games.',
    };
    await expect(submitReview(db(), { ...review, userId: user.id, now: new Date() })).rejects.toMatchObject({
      message: REVIEW_COPY.notRedeemed,
    });
    expect(await listReviewableVouchers(db(), user.id, dealId)).toEqual([]);

    const now = new Date();
    await markDispatched(db(), {
      merchantId: base.merchantId,
      shipmentId,
      carrier: 'evri',
      trackingNumber: 'H01234567890',
      now,
    });
    await markDelivered(db(), { merchantId: base.merchantId, shipmentId, now });
    expect((await listReviewableVouchers(db(), user.id, dealId)).map((v) => v.voucherId)).toEqual([voucherId]);
    const written = await submitReview(db(), { ...review, userId: user.id, now: new Date() });
    expect(written.voucherId).toBe(voucherId);

    // Consumer Contracts Regulations: delivered is not redeemed, so the return is still open.
    const reference = await requestReturn(db(), { voucherId, userId: user.id, now: new Date() });
    expect(reference).toMatch(/^RT-/);
  });
});
