/**
 * spec 7 payment service paths /kn/sessions, /cp/checkouts, /kn/pay and /cp/pay on embedded PGlite:
 * a session is opened only for a basket spec 5 lets pay later, for the amount the server prices,
 * and only back to this shop; an approval pays once through the ordinary pay call; refusals carry
 * spec 8's words and place nothing.
 */
import { randomUUID } from 'node:crypto';
import type { APIContext, APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { payClearpayByCard, verifyClearpaySms } from '../../sandbox/clearpay';
import { sessions as sandboxSessions, transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { confirmKlarnaCode, identifyKlarnaShopper } from '../../sandbox/klarna';
import { MESSAGES } from '../../src/domain/messages';
import { createBasket } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import { baskets, orders, payments, type UserRow } from '../../src/server/db/schema';
import { forgetClearpayConfiguration } from '../../src/server/payments/clearpay';
import { sandboxDb } from '../fixtures/sandbox-database';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const klarnaSessions = await import('../../src/pages/api/v1/kn/sessions');
const klarnaPay = await import('../../src/pages/api/v1/kn/pay');
const clearpayCheckouts = await import('../../src/pages/api/v1/cp/checkouts');
const clearpayPay = await import('../../src/pages/api/v1/cp/pay');

const { publicOrigin } = await import('../../src/server/runtime/public-origin');

/** The shop's own origin is the configured public one (SITE_URL), never the request's Host. */
const ORIGIN = publicOrigin();

interface Call {
  body?: unknown;
  basketToken?: string;
  user?: UserRow;
  key?: string;
  /** The browser's session, kept across calls (a new one per call when absent). */
  session?: Map<string, unknown>;
}

/** Calls a route with a cookie jar holding the basket, an in-memory session, and the JSON body. */
async function call(route: APIRoute, path: string, options: Call = {}) {
  const cookies = new Map<string, string>(options.basketToken ? [['basket_token', options.basketToken]] : []);
  const store =
    options.session ??
    new Map<string, unknown>(
      options.user ? [['account', { userId: options.user.id, epoch: options.user.sessionEpoch }]] : [],
    );
  const url = new URL(`${ORIGIN}${path}`);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.key) headers['Idempotency-Key'] = options.key;
  const context = {
    url,
    locals: { brand: 'tuppence' },
    params: {},
    request: new Request(url, { method: 'POST', headers, body: JSON.stringify(options.body ?? {}) }),
    cookies: {
      get: (name: string) => (cookies.has(name) ? { value: cookies.get(name) } : undefined),
      has: (name: string) => cookies.has(name),
      set: (name: string, value: string) => cookies.set(name, value),
      delete: (name: string) => cookies.delete(name),
    },
    session: {
      get: async (key: string) => store.get(key),
      set: (key: string, value: unknown) => store.set(key, value),
      destroy: () => store.clear(),
    },
  } as unknown as APIContext;
  const response = await route(context);
  return { status: response.status, body: await response.json() };
}

const uniqueEmail = () => `guest-${randomUUID().slice(0, 8)}@example.co.uk`;

describe.each(embedded)('pay-later endpoints on $name', (engine) => {
  let base: { locationId: number; merchantId: number };

  beforeAll(async () => {
    shared.database = await engine.open();
    base = await seedBasketCatalogue(shared.database.db);
  });
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });
  beforeEach(() => forgetClearpayConfiguration());
  afterEach(() => vi.unstubAllEnvs());

  const db = () => {
    if (!shared.database) throw new Error('test database not open');
    return shared.database.db;
  };

  /** A basket holding `quantity` of a new deal's option at `priceMinor` each. */
  async function basketOf(priceMinor: number, deal: { highFraudRisk?: boolean } = {}, quantity = 1) {
    const { productIds } = await addDeal(db(), base, deal, [{ product: { priceMinor } }]);
    const [dealProductId = 0] = productIds;
    return createBasket(db(), { products: [{ dealProductId, quantity }] });
  }

  const klarnaSession = (basketToken: string, body: Record<string, unknown> = {}) =>
    call(klarnaSessions.POST, '/api/v1/kn/sessions', {
      basketToken,
      body: { returnUrl: `${ORIGIN}/checkout?pm=klarna`, ...body },
    });
  const clearpayCheckout = (basketToken: string, body: Record<string, unknown> = {}) =>
    call(clearpayCheckouts.POST, '/api/v1/cp/checkouts', {
      basketToken,
      body: { returnUrl: `${ORIGIN}/checkout?pm=clearpay`, ...body },
    });

  async function sessionRow(redirectUrl: string) {
    const id = decodeURIComponent(redirectUrl.split('/').at(-1) ?? '');
    const [row] = await db().select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
    return row;
  }

  it('spec 7 /kn/sessions: a guest basket of 2 x 30 pounds opens a Klarna session for 60.00 with its lines', async () => {
    const basketToken = await basketOf(30_00, {}, 2);
    const { status, body } = await klarnaSession(basketToken, { email: 'ada@example.co.uk' });
    expect(status).toBe(201);
    expect(body.redirectUrl).toMatch(/^http:\/\/sandbox\.test\/klarna\/hpp\/[0-9a-f-]{36}$/);
    const row = await sessionRow(body.redirectUrl);
    expect(row).toMatchObject({ provider: 'klarna', amountMinor: 60_00, currency: 'GBP', status: 'created' });
    expect(row?.details).toMatchObject({
      returnUrl: 'http://localhost:4321/checkout?pm=klarna',
      email: 'ada@example.co.uk',
      orderLines: [{ quantity: 2, totalMinor: 60_00 }],
    });
  });

  it('spec 7 /cp/checkouts: the same for Clearpay, answering its checkout page', async () => {
    const { status, body } = await clearpayCheckout(await basketOf(45_00));
    expect(status).toBe(201);
    expect(body.redirectUrl).toMatch(/^http:\/\/sandbox\.test\/clearpay\/checkout\/002\./);
    expect(await sessionRow(body.redirectUrl)).toMatchObject({ provider: 'clearpay', amountMinor: 45_00 });
  });

  it('spec 5: a guest basket over 1,000 pounds is refused pay-later (422, "Sorry please try a different payment method.")', async () => {
    const basketToken = await basketOf(1200_00);
    for (const answer of [await klarnaSession(basketToken), await clearpayCheckout(basketToken)]) {
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(MESSAGES.tryDifferentMethod);
      expect(answer.body.reason).toContain('available to guests on orders from £1 to £1,000');
    }
  });

  it('spec 5: a basket with a high-fraud-risk product is refused pay-later', async () => {
    const basketToken = await basketOf(60_00, { highFraudRisk: true });
    expect((await klarnaSession(basketToken)).status).toBe(422);
    expect((await clearpayCheckout(basketToken)).status).toBe(422);
  });

  it("PAYMENTS.md: a 20 pound basket is under Klarna's 25 pound minimum, but Clearpay takes it", async () => {
    const basketToken = await basketOf(20_00);
    const klarna = await klarnaSession(basketToken);
    expect(klarna.status).toBe(422);
    expect(klarna.body.message).toBe(MESSAGES.tryDifferentMethod);
    expect((await clearpayCheckout(basketToken)).status).toBe(201);
  });

  it('spec 8: an unreachable provider is a 503 "We couldn\'t contact the payment provider right now..." and opens nothing', async () => {
    const basketToken = await basketOf(60_00);
    const before = (await db().select().from(sandboxSessions)).length;
    vi.stubEnv('PAYMENTS_FAULT', 'unreachable');
    for (const answer of [await klarnaSession(basketToken), await clearpayCheckout(basketToken)]) {
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(MESSAGES.providerUnreachable);
    }
    expect((await db().select().from(sandboxSessions)).length).toBe(before);
  });

  it.each([
    ['another site', 'https://elsewhere.example/checkout'],
    ['another page of the shop', `${ORIGIN}/myaccount`],
    ['not a URL', 'http://'],
  ])('the provider may only send the shopper back to /checkout: %s is a 400', async (_name, returnUrl) => {
    const answer = await klarnaSession(await basketOf(60_00), { returnUrl });
    expect(answer.status).toBe(400);
  });

  it('without a basket: 400 "Your basket is empty."', async () => {
    const answer = await call(klarnaSessions.POST, '/api/v1/kn/sessions', {
      body: { returnUrl: `${ORIGIN}/checkout` },
    });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Your basket is empty.' } });
  });

  it('/kn/pay needs an Idempotency-Key and the token (400 without either)', async () => {
    const basketToken = await basketOf(60_00);
    const body = { totalOrderAmount: 60_00, walletUsed: 0, cashAmount: 60_00, nonce: 'x', email: uniqueEmail() };
    expect((await call(klarnaPay.POST, '/api/v1/kn/pay', { basketToken, body })).status).toBe(400);
    const { nonce: _nonce, ...noToken } = body;
    expect(
      (await call(klarnaPay.POST, '/api/v1/kn/pay', { basketToken, body: noToken, key: randomUUID() })).status,
    ).toBe(400);
  });

  it('spec 7 /kn/pay: a guest approved at Klarna pays with the token: "Purchase Successful", one order, one capture; the key replays it', async () => {
    const basketToken = await basketOf(60_00);
    const session = await klarnaSession(basketToken);
    const sessionId = session.body.redirectUrl.split('/').at(-1);
    await identifyKlarnaShopper(sandboxDb(db()), sessionId, 'customer+gb@klarna.com');
    const approved = await confirmKlarnaCode(sandboxDb(db()), sessionId, '123456');
    if (approved.kind !== 'return') throw new Error('not approved');
    const token = new URL(approved.location, ORIGIN).searchParams.get('pm_token');
    const key = randomUUID();
    const body = { totalOrderAmount: 60_00, walletUsed: 0, cashAmount: 60_00, nonce: token, email: uniqueEmail() };

    // The key replays only for the browser session that made it (decision 012: a key has an owner).
    const browserSession = new Map<string, unknown>();
    const paid = await call(klarnaPay.POST, '/api/v1/kn/pay', { basketToken, body, key, session: browserSession });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ message: MESSAGES.purchaseSuccessful, cardType: 'Klarna', currency: 'GBP' });
    const orderId = paid.body.productOrder.id;
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentMethod: 'klarna', cardType: 'Klarna', cashAmountMinor: 60_00 });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ provider: 'KLARNA', method: 'klarna', status: 'settled' });
    const [charge] = await db()
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.id, payment?.transactionId ?? ''));
    expect(charge).toMatchObject({ provider: 'klarna', status: 'submitted_for_settlement', amountMinor: 60_00 });

    const again = await call(klarnaPay.POST, '/api/v1/kn/pay', { basketToken, body, key, session: browserSession });
    expect(again).toMatchObject({ status: 201, body: { productOrder: { id: orderId } } });
    const mine = await db().select().from(orders).where(eq(orders.basketId, basketToken));
    expect(mine).toHaveLength(1);
  });

  it('spec 8 /cp/pay: a declined Clearpay approval has no token; paying with a made-up one is "Sorry please try a different payment method." and places nothing', async () => {
    const basketToken = await basketOf(60_00);
    const checkout = await clearpayCheckout(basketToken);
    const token = decodeURIComponent(checkout.body.redirectUrl.split('/').at(-1));
    await verifyClearpaySms(sandboxDb(db()), token, '111111');
    const declined = await payClearpayByCard(sandboxDb(db()), token, {
      number: '4111111111111111',
      expiry: '12/35',
      cvv: '051',
    });
    expect(declined.kind === 'return' && declined.location).toContain('pm_status=declined');

    const answer = await call(clearpayPay.POST, '/api/v1/cp/pay', {
      basketToken,
      key: randomUUID(),
      body: { totalOrderAmount: 60_00, walletUsed: 0, cashAmount: 60_00, nonce: token, email: uniqueEmail() },
    });
    expect(answer.status).toBe(402);
    expect(answer.body.message).toBe(MESSAGES.tryDifferentMethod);
    expect(await db().select().from(orders).where(eq(orders.basketId, basketToken))).toHaveLength(0);
    const [basket] = await db().select().from(baskets).where(eq(baskets.id, basketToken));
    expect(basket?.status).toBe('open');
  });

  it('spec 5 /cp/pay: a method the order may not use is refused (422) before anything is charged', async () => {
    const basketToken = await basketOf(60_00, { highFraudRisk: true });
    const answer = await call(clearpayPay.POST, '/api/v1/cp/pay', {
      basketToken,
      key: randomUUID(),
      body: { totalOrderAmount: 60_00, walletUsed: 0, cashAmount: 60_00, nonce: '002.any', email: uniqueEmail() },
    });
    expect(answer).toMatchObject({ status: 422, body: { message: MESSAGES.tryDifferentMethod } });
  });

  it('a signed-in shopper gets a session too, with their own email for Klarna', async () => {
    const user = await addShopper(db());
    const { productIds } = await addDeal(db(), base, {}, [{ product: { priceMinor: 70_00 } }]);
    const basketToken = await createBasket(db(), {
      customerToken: user.customerToken,
      products: [{ dealProductId: productIds[0] ?? 0, quantity: 1 }],
    });
    const answer = await call(klarnaSessions.POST, '/api/v1/kn/sessions', {
      basketToken,
      user,
      body: { returnUrl: '/checkout?pm=klarna' },
    });
    expect(answer.status).toBe(201);
    expect((await sessionRow(answer.body.redirectUrl))?.details).toMatchObject({ email: user.email });
  });
});
