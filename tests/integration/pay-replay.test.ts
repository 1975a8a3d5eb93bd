/**
 * On embedded PGlite: an Idempotency-Key belongs to the customer or guest session that made it
 * (decision 012). A stranger replaying A's key with A's exact body gets a 422 `{message, status}` (no order
 * answer) and no access to A's vouchers; A's own retry still replays the first answer.
 */
import { randomUUID } from 'node:crypto';
import type { APIContext, APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBasket } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import { orders, vouchers } from '../../src/server/db/schema';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const { POST: postPay } = await import('../../src/pages/api/v1/pay');
const { POST: postKlarnaPay } = await import('../../src/pages/api/v1/kn/pay');
const { GET: getVoucherPdf } = await import('../../src/pages/api/v1/voucher/[id]/pdf');

/** One browser: its cookie jar and its server-side session, kept across requests. */
interface Browser {
  cookies: Map<string, string>;
  session: Map<string, unknown>;
}
const newBrowser = (cookies: Record<string, string> = {}): Browser => ({
  cookies: new Map(Object.entries(cookies)),
  session: new Map(),
});
const signedInBrowser = (user: { id: number; sessionEpoch: number }): Browser => {
  const browser = newBrowser();
  browser.session.set('account', { userId: user.id, epoch: user.sessionEpoch });
  return browser;
};

async function send(
  route: APIRoute,
  browser: Browser,
  path: string,
  init: { method?: string; body?: unknown; key?: string; params?: Record<string, string> } = {},
): Promise<Response> {
  const url = new URL(`http://shop.test${path}`);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.key) headers['Idempotency-Key'] = init.key;
  const context = {
    url,
    params: init.params ?? {},
    locals: { brand: 'tuppence', now: new Date() },
    request: new Request(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
    cookies: {
      get: (name: string) => (browser.cookies.has(name) ? { value: browser.cookies.get(name) } : undefined),
      has: (name: string) => browser.cookies.has(name),
      set: (name: string, value: string) => browser.cookies.set(name, value),
      delete: (name: string) => browser.cookies.delete(name),
    },
    session: {
      get: async (key: string) => browser.session.get(key),
      set: (key: string, value: unknown) => browser.session.set(key, value),
      destroy: () => browser.session.clear(),
    },
  } as unknown as APIContext;
  return route(context);
}

describe.each(embedded)('pay replays belong to their buyer on $name', (engine) => {
  let base: { locationId: number; merchantId: number };
  const db = () => {
    if (!shared.database) throw new Error('test database not open');
    return shared.database.db;
  };

  beforeAll(async () => {
    shared.database = await engine.open();
    base = await seedBasketCatalogue(db());
  });
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });

  /** A basket of one 25-pound option, for a customer (by token) or a guest. */
  async function basket(customerToken: string | null = null): Promise<string> {
    const { productIds } = await addDeal(db(), base, {}, [{ product: { priceMinor: 2500 } }]);
    return createBasket(db(), { customerToken, products: [{ dealProductId: productIds[0] ?? 0, quantity: 1 }] });
  }

  const cardBody = (extra: Record<string, unknown> = {}) => ({
    totalOrderAmount: 2500,
    walletUsed: 0,
    cashAmount: 2500,
    paymentMethod: 'credit_card',
    nonce: 'fake-valid-visa-nonce',
    ...extra,
  });

  const pay = (browser: Browser, key: string, body: unknown) =>
    send(postPay, browser, '/api/v1/pay', { method: 'POST', key, body });

  async function voucherIdOf(orderId: number): Promise<string> {
    const [voucher] = await db().select().from(vouchers).where(eq(vouchers.orderId, orderId));
    if (voucher === undefined) throw new Error('the order issued no voucher');
    return String(voucher.id);
  }

  const pdf = async (browser: Browser, id: string) =>
    (await send(getVoucherPdf, browser, `/api/v1/voucher/${id}/pdf`, { params: { id } })).status;

  it('a cookieless stranger replaying a guest buyer key and exact body gets 422, no order and no voucher PDF', async () => {
    const buyer = newBrowser({ basket_token: await basket() });
    const key = `guest-${randomUUID()}`;
    const body = cardBody({ email: `guest-${randomUUID().slice(0, 8)}@example.co.uk` });

    const first = await pay(buyer, key, body);
    expect(first.status).toBe(201);
    const order = (await first.json()) as { productOrder: { id: number } };
    const voucherId = await voucherIdOf(order.productOrder.id);
    expect(await pdf(buyer, voucherId)).toBe(200);

    const stranger = newBrowser();
    const replay = await pay(stranger, key, body);
    expect(replay.status).toBe(422);
    const refused = await replay.json();
    expect(refused).toMatchObject({ status: 422, message: expect.any(String) });
    expect(refused).not.toHaveProperty('productOrder');
    expect(JSON.stringify(refused)).not.toContain(String(order.productOrder.id));
    expect(stranger.session.get('guestOrders')).toBeUndefined();
    expect(await pdf(stranger, voucherId)).toBe(404);

    // The buyer's own retry (same browser session) still gets the first answer, and no second order.
    const retry = await pay(buyer, key, body);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(order);
    expect(await db().select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(1);
    expect(await pdf(buyer, voucherId)).toBe(200);
  });

  it('another signed-in customer replaying a customer key gets 422 and cannot read the vouchers; the owner replays', async () => {
    const owner = await addShopper(db());
    await basket(owner.customerToken);
    const ownerBrowser = signedInBrowser(owner);
    const key = `customer-${randomUUID()}`;
    const body = cardBody();
    const first = await pay(ownerBrowser, key, body);
    expect(first.status).toBe(201);
    const order = (await first.json()) as { productOrder: { id: number } };
    const voucherId = await voucherIdOf(order.productOrder.id);

    const other = signedInBrowser(await addShopper(db()));
    const replay = await pay(other, key, body);
    expect(replay.status).toBe(422);
    expect(await replay.json()).not.toHaveProperty('productOrder');
    expect(await pdf(other, voucherId)).toBe(404);
    const guest = newBrowser();
    expect((await pay(guest, key, body)).status).toBe(422);
    expect(await pdf(guest, voucherId)).toBe(404);

    const retry = await pay(ownerBrowser, key, body);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual(order);
  });

  it('/api/v1/kn/pay: a guest key replayed by another guest session is refused the same way', async () => {
    const buyer = newBrowser({ basket_token: await basket() });
    const key = `klarna-${randomUUID()}`;
    // No approved Klarna session: the first answer is a payment failure, but it is still the buyer's.
    const body = { totalOrderAmount: 2500, walletUsed: 0, cashAmount: 2500, nonce: 'not-a-klarna-token' };
    const first = await send(postKlarnaPay, buyer, '/api/v1/kn/pay', { method: 'POST', key, body });
    const firstBody = await first.json();
    const replay = await send(postKlarnaPay, newBrowser(), '/api/v1/kn/pay', { method: 'POST', key, body });
    expect(replay.status).toBe(422);
    expect(await replay.json()).toMatchObject({ status: 422, message: expect.any(String) });
    const retry = await send(postKlarnaPay, buyer, '/api/v1/kn/pay', { method: 'POST', key, body });
    expect(retry.status).toBe(first.status);
    expect(await retry.json()).toEqual(firstBody);
  });
});
