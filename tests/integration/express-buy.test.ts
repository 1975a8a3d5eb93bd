/**
 * Express Buy (decision 016) on embedded PGlite (spec 4, spec 7 express-buy-token): a signed-in shopper with
 * a default saved card gets a token for their own email and buys one option in one step, on a basket of its
 * own (their basket is untouched); a deal Express Buy cannot take, or a method spec 5 does not allow for the
 * amount, is refused with "Requested deal cannot be purchased via Express Buy." and the standard checkout's
 * address; one Idempotency-Key is one order.
 */
import { randomUUID } from 'node:crypto';
import type { APIContext } from 'astro';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { ADDRESS_MESSAGES } from '../../src/contracts/delivery';
import { ExpressBuyTokenResponseSchema } from '../../src/contracts/express-buy';
import { CHECKOUT_COPY } from '../../src/domain/checkout-copy';
import { MESSAGES } from '../../src/domain/messages';
import { createBasket, retrieveBasket } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import { baskets, categories, orders, paymentInstruments, vouchers } from '../../src/server/db/schema';
import { retrieveOrderDelivery } from '../../src/server/fulfilment';
import { placeOrder } from '../../src/server/orders';
import { singleProvider } from '../../src/server/payments';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { addPostedDeal, TEST_ADDRESS } from './support/posted-order';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { POST: postToken } = await import('../../src/pages/api/v1/express-buy-token');
const { POST: postExpressBuy } = await import('../../src/pages/api/v1/express-buy');

type Shopper = Awaited<ReturnType<typeof addShopper>>;

function context(url: string, user: Shopper | null, body: unknown, headers: Record<string, string> = {}): APIContext {
  const session = {
    get: async (key: string) => (key === 'account' && user ? { userId: user.id, epoch: user.sessionEpoch } : undefined),
    set: () => undefined,
    destroy: () => undefined,
  };
  const cookies = { get: () => undefined, set: () => undefined, delete: () => undefined };
  return {
    url: new URL(url),
    params: {},
    request: new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    session,
    cookies,
    locals: { now: new Date(), brand: 'tuppence' },
  } as unknown as APIContext;
}

describe.each(embedded)('Express Buy on $name', (engine) => {
  let base: { locationId: number; merchantId: number };
  const db = () => {
    if (!shared.database) throw new Error('no db');
    return shared.database.db;
  };

  beforeAll(async () => {
    shared.database = await engine.open();
    base = await seedBasketCatalogue(db());
    await db().insert(categories).values({ id: 14, shortName: 'electronics', name: 'Electronics', parentId: 1 });
  }, 120_000);
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });

  /** A shopper whose first order saved the test Visa (ending 1881) as their default. */
  async function shopperWithSavedCard(): Promise<Shopper> {
    const user = await addShopper(db());
    const { productIds } = await addDeal(db(), base);
    const basketToken = await createBasket(db(), { products: [{ dealProductId: productIds[0] ?? 0, quantity: 1 }] });
    const placed = await placeOrder(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
      basketToken,
      buyer: { id: user.id, email: user.email, firstName: user.firstName },
      useWallet: false,
      expected: { totalMinor: 2500, walletUsedMinor: 0, cashAmountMinor: 2500 },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce', save: true },
      idempotencyKey: randomUUID(),
      now: new Date(),
      origin: 'http://shop.test',
    });
    if (!placed.ok) throw new Error(placed.message);
    return user;
  }

  async function tokenFor(user: Shopper | null, email = user?.email ?? 'nobody@example.co.uk') {
    const response = await postToken(
      context('http://localhost/api/v1/express-buy-token', user, { expressBuyTokenRequest: { email } }),
    );
    return { status: response.status, body: await response.json() };
  }

  async function buy(user: Shopper, body: Record<string, unknown>, key = randomUUID()) {
    const response = await postExpressBuy(
      context('http://localhost/api/v1/express-buy', user, body, { 'Idempotency-Key': key }),
    );
    return { status: response.status, body: await response.json() };
  }

  async function ordersOf(user: Shopper) {
    return db().select().from(orders).where(eq(orders.userId, user.id));
  }

  it('spec 7 express-buy-token: a token and the default card named for the button, for the signed-in shopper only', async () => {
    const user = await shopperWithSavedCard();
    const answer = await tokenFor(user);
    expect(answer.status).toBe(201);
    const body = ExpressBuyTokenResponseSchema.parse(answer.body);
    expect(body.instrument).toEqual({ type: 'card', label: 'Visa ending 1881' });
    const minutes = (new Date(body.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    expect((await tokenFor(null)).status).toBe(401);
    expect(await tokenFor(user, 'someone-else@example.co.uk')).toMatchObject({
      status: 403,
      body: { message: CHECKOUT_COPY.expressBuyNotYourEmail },
    });
    expect(await tokenFor(await addShopper(db()))).toMatchObject({
      status: 404,
      body: { message: CHECKOUT_COPY.expressBuyNoDefault },
    });
    expect((await tokenFor(user, 'not an email')).status).toBe(400);

    await db().update(paymentInstruments).set({ expiryYear: '2020' }).where(eq(paymentInstruments.userId, user.id));
    expect(await tokenFor(user)).toMatchObject({
      status: 409,
      body: { message: CHECKOUT_COPY.expressBuyDefaultExpired },
    });
  });

  it('?clock= only previews themes (decision 003): a token asked for with a far-future ?clock= still expires 30 minutes from the real now', async () => {
    const user = await shopperWithSavedCard();
    // What the middleware made of ?clock=2029-01-01 before the fix: the request's "now" in 2029.
    const future = new Date('2029-01-01T00:00:00Z');
    const request = context('http://localhost/api/v1/express-buy-token?clock=2029-01-01T00:00:00Z', user, {
      expressBuyTokenRequest: { email: user.email },
    });
    Object.assign(request.locals, { now: future, themeNow: future });
    const answer = await postToken(request);
    expect(answer.status).toBe(201);
    const body = ExpressBuyTokenResponseSchema.parse(await answer.json());
    const minutes = (new Date(body.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('Express Buy places the order with the saved card, on its own basket, and the same key is one order', async () => {
    const user = await shopperWithSavedCard();
    // Something already in the shopper's own basket stays there.
    const { productIds: kept } = await addDeal(db(), base);
    const ownBasket = await createBasket(db(), {
      customerToken: user.customerToken,
      products: [{ dealProductId: kept[0] ?? 0, quantity: 1 }],
    });
    const { dealId, productIds } = await addDeal(db(), base, {}, [
      { product: { priceMinor: 1999, postagePriceMinor: 150 } },
    ]);
    const { body: token } = await tokenFor(user);
    const request = { token: token.token, dealId, productId: productIds[0], quantity: 2 };
    const key = randomUUID();

    const first = await buy(user, request, key);
    expect(first).toMatchObject({
      status: 201,
      body: { message: MESSAGES.purchaseSuccessful, cardType: 'Visa', walletAmountUsed: 0, currency: 'GBP' },
    });
    expect(first.body.redirect).toBe(`/myaccount/vouchers?order=${first.body.productOrder.id}`);
    const [order] = await db().select().from(orders).where(eq(orders.id, first.body.productOrder.id));
    expect(order).toMatchObject({ totalMinor: (1999 + 150) * 2, paymentMethod: 'credit_card', userId: user.id });
    expect(order?.basketId).not.toBe(ownBasket);
    const [issued] = await db()
      .select({ n: count() })
      .from(vouchers)
      .where(eq(vouchers.orderId, order?.id ?? 0));
    expect(Number(issued?.n)).toBe(2);
    expect((await retrieveBasket(db(), ownBasket))?.lines).toHaveLength(1);

    const replay = await buy(user, request, key);
    expect(replay).toEqual(first);
    expect((await ordersOf(user)).length).toBe(2); // the saving order and this one
    const [charges] = await db()
      .select({ n: count() })
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.idempotencyKey, key));
    expect(Number(charges?.n)).toBe(1);
    expect((await buy(user, { ...request, quantity: 1 }, key)).status).toBe(422);
  });

  it('a posted product goes to the address confirmed with Express Buy, and without one nothing is charged (decision 051)', async () => {
    const user = await shopperWithSavedCard();
    const { dealId, productIds } = await addPostedDeal(db(), base);
    const { body: token } = await tokenFor(user);
    const request = { token: token.token, dealId, productId: productIds[0], quantity: 1 };

    const refused = await buy(user, request);
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message: CHECKOUT_COPY.deliveryAddressRequired,
        checkoutUrl: `/deal/${dealId}/${productIds[0]}#options-heading`,
      },
    });
    expect((await ordersOf(user)).length).toBe(1);
    expect((await buy(user, { ...request, delivery: { ...TEST_ADDRESS, postcode: 'nowhere' } })).body.message).toBe(
      ADDRESS_MESSAGES.postcode,
    );

    const bought = await buy(user, { ...request, delivery: TEST_ADDRESS });
    expect(bought.status).toBe(201);
    const [order] = await db().select().from(orders).where(eq(orders.id, bought.body.productOrder.id));
    // DMCC Act 2024: the headset with its standard postage.
    expect(order?.totalMinor).toBe(3999 + 499);
    expect(await retrieveOrderDelivery(db(), order?.id ?? 0)).toEqual(TEST_ADDRESS);
  });

  it.each([
    ['a per-person deal', { pricePerPerson: true }, {}],
    ['a travel deal', { isTravel: true, dealType: 'standard-travel', deliveryType: 'travel' }, {}],
    ['a calendar booking deal', { bookingCalendarOnRedemption: true }, {}],
    ['a gift claim deal', { giftClaim: true }, {}],
    ['an option with a deposit', {}, { hasDeposit: true, depositPriceMinor: 500 }],
  ])(
    'spec 4: %s is refused with the spec 8 message and the standard checkout offered',
    async (_what, deal, product) => {
      const user = await shopperWithSavedCard();
      const { dealId, productIds } = await addDeal(db(), base, deal, [{ product: { minPeople: 2, ...product } }]);
      const { body: token } = await tokenFor(user);
      const basketsBefore = (await db().select({ id: baskets.id }).from(baskets)).length;
      const refused = await buy(user, { token: token.token, dealId, productId: productIds[0], quantity: 2 });
      expect(refused).toEqual({
        status: 422,
        body: {
          message: MESSAGES.expressBuyRefused,
          status: 422,
          reason: null,
          checkoutUrl: `/deal/${dealId}/${productIds[0]}#options-heading`,
        },
      });
      expect((await ordersOf(user)).length).toBe(1);
      expect((await db().select({ id: baskets.id }).from(baskets)).length).toBe(basketsBefore);
    },
  );

  it('spec 4: more than the caps allow, or an option of another deal, is refused', async () => {
    const user = await shopperWithSavedCard();
    const { dealId, productIds } = await addDeal(db(), base, {}, [{ product: { purchaseCap: 2 } }]);
    const other = await addDeal(db(), base);
    const { body: token } = await tokenFor(user);
    for (const request of [
      { dealId, productId: productIds[0], quantity: 3 },
      { dealId, productId: other.productIds[0], quantity: 1 },
    ]) {
      expect(await buy(user, { token: token.token, ...request })).toMatchObject({
        status: 422,
        body: { message: MESSAGES.expressBuyRefused },
      });
    }
    expect((await ordersOf(user)).length).toBe(1);
  });

  it('spec 5: a saved PayPal account pays by Express Buy where the order may use PayPal (a high-fraud-risk order, decision 016)', async () => {
    const user = await addShopper(db());
    // A fraud-prone sub-category 14 deal at 60 pounds is a high-fraud-risk order (spec 5).
    const { dealId, productIds } = await addDeal(db(), base, { subCategoryId: 14, highFraudRisk: true }, [
      { product: { priceMinor: 6000 } },
    ]);
    const basketToken = await createBasket(db(), { products: [{ dealProductId: productIds[0] ?? 0, quantity: 1 }] });
    const placed = await placeOrder(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
      basketToken,
      buyer: { id: user.id, email: user.email, firstName: user.firstName },
      useWallet: false,
      expected: { totalMinor: 6000, walletUsedMinor: 0, cashAmountMinor: 6000 },
      payment: { method: 'paypal', nonce: 'fake-paypal-billing-agreement-nonce', save: true },
      idempotencyKey: randomUUID(),
      now: new Date(),
      origin: 'http://shop.test',
    });
    expect(placed.ok).toBe(true);
    const { body: token } = await tokenFor(user);
    expect(token.instrument).toEqual({ type: 'paypal', label: 'PayPal' });
    const answer = await buy(user, { token: token.token, dealId, productId: productIds[0], quantity: 1 });
    expect(answer).toMatchObject({ status: 201, body: { cardType: 'PayPal' } });
    const [order] = await db().select().from(orders).where(eq(orders.id, answer.body.productOrder.id));
    expect(order?.paymentMethod).toBe('paypal');
  });

  it('an unknown or expired token is refused without an order; a declined saved card says why', async () => {
    const user = await shopperWithSavedCard();
    const { dealId, productIds } = await addDeal(db(), base, {}, [{ product: { priceMinor: 200_000 } }]);
    const expired = await buy(user, { token: 'x'.repeat(43), dealId, productId: productIds[0], quantity: 1 });
    expect(expired).toMatchObject({ status: 401, body: { message: CHECKOUT_COPY.expressBuyExpired } });

    const { body: token } = await tokenFor(user);
    // PAYMENTS.md: 2000.00 is processor declined 2000 Do Not Honor.
    const declined = await buy(user, { token: token.token, dealId, productId: productIds[0], quantity: 1 });
    expect(declined).toMatchObject({
      status: 402,
      body: {
        message: MESSAGES.paymentDidNotGoThrough,
        checkoutUrl: `/deal/${dealId}/${productIds[0]}#options-heading`,
      },
    });
    expect((await ordersOf(user)).length).toBe(1);
  });
});
