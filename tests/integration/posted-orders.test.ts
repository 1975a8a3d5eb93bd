/**
 * Posted products at the order (docs/decisions/051): an order with a line that ships keeps its
 * delivery address and one shipment per posted line with the promise made when it was placed; an
 * order without an address is refused before any money moves; next day costs what it says.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../src/domain/delivery';
import { londonDay } from '../../src/domain/format';
import type { Database } from '../../src/server/db/client';
import { orderLines, outbox, payments } from '../../src/server/db/schema';
import { listOrderShipments, retrieveOrderDelivery } from '../../src/server/fulfilment';
import { enqueueConfirmation } from '../../src/server/orders/confirmation';
import { addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { mailText } from './support/mail';
import { addPostedDeal, placePostedOrder, TEST_ADDRESS } from './support/posted-order';
import { callAsOperator } from './support/shop-call';
import { serveTestDatabase } from './support/test-database';

// The internal API's bearer token, as the server would read it from OPERATOR_TOKEN.
const TOKEN = 'posted-orders-test-token';
vi.mock('astro:env/server', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  OPERATOR_TOKEN: 'posted-orders-test-token',
}));
const { GET: deliveryRoute } = await import('../../src/pages/api/internal/orders/[id]/delivery');

describe.each(embedded)('posted products at the order on $name', (engine) => {
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

  it('keeps the address and a shipment promising dispatch within the deal’s days (Consumer Rights Act 2015 s28)', async () => {
    const { dealId, productIds } = await addPostedDeal(db(), base, { dispatchDays: 3 });
    const user = await addShopper(db());
    const now = new Date('2026-12-01T10:00:00Z'); // a Tuesday
    const { result, totalMinor } = await placePostedOrder(db(), {
      user,
      dealId,
      dealProductId: productIds[0] ?? 0,
      quantity: 2,
      now,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // DMCC Act 2024: two headsets at £39.99 with £4.99 postage each.
    expect(totalMinor).toBe(2 * (3999 + 499));
    expect(await retrieveOrderDelivery(db(), result.order.id)).toEqual(TEST_ADDRESS);
    const [shipment] = await listOrderShipments(db(), [result.order.id]);
    expect(shipment).toMatchObject({ status: 'ordered', method: 'standard', quantity: 2, dispatchBy: '2026-12-04' });
    expect(shipment?.deliverBy).toBe('2026-12-10');
    expect(shipment && shipment.deliverBy <= addDays(londonDay(now), 30)).toBe(true);
  });

  it('charges next day delivery when chosen and promises the next working day', async () => {
    const { dealId, productIds } = await addPostedDeal(db(), base);
    const user = await addShopper(db());
    const now = new Date('2026-12-04T09:00:00Z'); // a Friday morning
    const { result, totalMinor } = await placePostedOrder(db(), {
      user,
      dealId,
      dealProductId: productIds[0] ?? 0,
      method: 'next-day',
      now,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(totalMinor).toBe(3999 + 799);
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, result.order.id));
    expect(line).toMatchObject({ shippingMethod: 'next-day', postageMinor: 799 });
    const [shipment] = await listOrderShipments(db(), [result.order.id]);
    expect(shipment).toMatchObject({ method: 'next-day', dispatchBy: '2026-12-04', deliverFrom: '2026-12-07' });
  });

  it('refuses an order of a posted product without an address, before the card is charged', async () => {
    const { dealId, productIds } = await addPostedDeal(db(), base);
    const user = await addShopper(db());
    const before = (await db().select().from(payments)).length;
    const { result } = await placePostedOrder(db(), { user, dealId, dealProductId: productIds[0] ?? 0, address: null });
    expect(result).toMatchObject({ ok: false, message: 'Enter the delivery address for the items we post to you.' });
    expect((await db().select().from(payments)).length).toBe(before);
  });

  it('lets an operator read an order’s delivery, and nobody without the token (UK GDPR: an address is personal data)', async () => {
    const { dealId, productIds } = await addPostedDeal(db(), base);
    const user = await addShopper(db());
    const { result } = await placePostedOrder(db(), { user, dealId, dealProductId: productIds[0] ?? 0 });
    if (!result.ok) throw new Error(result.message);
    const path = `/api/internal/orders/${result.order.id}/delivery`;
    const params = { id: String(result.order.id) };
    const read = await callAsOperator(deliveryRoute, path, TOKEN, { method: 'GET', params });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ orderId: result.order.id, address: TEST_ADDRESS });
    expect((read.body.shipments as unknown[]).length).toBe(1);
    const without = await callAsOperator(deliveryRoute, path, null, { method: 'GET', params });
    expect(without.status).toBe(401);
    expect(JSON.stringify(without.body)).not.toContain(TEST_ADDRESS.line1);
    const wrong = await callAsOperator(deliveryRoute, path, 'not-the-token', { method: 'GET', params });
    expect(wrong.status).toBe(401);
  });

  it('confirms the delivery address and each parcel’s promise in the order email (Consumer Contracts Regulations 2013 reg 16)', async () => {
    const { dealId, productIds } = await addPostedDeal(db(), base, { dispatchDays: 1 });
    const user = await addShopper(db());
    const now = new Date('2026-12-01T10:00:00Z');
    const { result } = await placePostedOrder(db(), { user, dealId, dealProductId: productIds[0] ?? 0, now });
    if (!result.ok) throw new Error(result.message);
    await enqueueConfirmation(db(), {
      orderId: result.order.id,
      buyer: { id: user.id, email: user.email, firstName: 'Ada' },
      origin: 'http://shop.test',
      confirmEmail: false,
    });
    const [row] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user.id), eq(outbox.kind, 'order_confirmation')));
    if (row === undefined) throw new Error('no confirmation queued');
    const text = await mailText(row);
    expect(text).toContain('12 Mill Lane');
    expect(text).toContain('LS1 4AP');
    expect(text).toContain('Standard delivery. Arrives Fri 4 Dec – Tue 8 Dec; dispatched by Wed 2 Dec.');
  });
});
