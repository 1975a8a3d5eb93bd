/**
 * spec 4 test variants on embedded PGlite (docs/decisions/058):
 * - the dynamic price variant: a shopper shown variant b's lower price is charged it even after their
 *   cookie changes to a, never more than shown (DMCC Act 2024; CMA guidance on personalised pricing);
 *   the price shown holds for its window, and a lower catalogue price always wins;
 * - exposure is recorded once per browser session and experiment, only with analytics consent and an
 *   assigned variant, and the variant is the visitor's own cookie's;
 * - the search's alternate variant ranks bigger discounts higher among equal matches.
 */
import { randomUUID } from 'node:crypto';
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCheckoutParams } from '../../src/domain/checkout';
import { addToBasket, createBasket, retrievePricedBasket } from '../../src/server/basket';
import { clearCatalogueCaches } from '../../src/server/catalog';
import { loadCheckout } from '../../src/server/checkout';
import { readServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { basketLines, dealProducts, orderLines, orders, payments } from '../../src/server/db/schema';
import { listExposures } from '../../src/server/experiments';
import { EXPOSURE_SESSION_COOKIE, shownPriceOptions } from '../../src/server/http';
import { placeOrder } from '../../src/server/orders';
import { singleProvider } from '../../src/server/payments';
import { searchDeals } from '../../src/server/search';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { postWithCookies } from './support/cookie-call';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const exposureRoute = await import('../../src/pages/api/v1/experiments/exposure');

const ANSWERED_ALL = 'groups=C0001:1,C0002:1,C0003:1,C0004:1';
const REFUSED_PERFORMANCE = 'groups=C0001:1,C0002:0,C0003:1,C0004:0';
const HOUR = 3_600_000;

/** A request's cookies as Astro gives them, recording what the response sets. */
function cookieJar(jar: Record<string, string>) {
  return {
    get: (name: string) => (name in jar ? { value: jar[name] } : undefined),
    has: (name: string) => name in jar,
    set: (name: string, value: string) => {
      jar[name] = value;
    },
    delete: (name: string) => {
      delete jar[name];
    },
  };
}

/** POST /api/v1/experiments/exposure from a browser holding `jar` (cookies it is sent are kept in the jar). */
async function reportExposure(jar: Record<string, string>, body: unknown) {
  const answer = await exposureRoute.POST(
    postWithCookies('/api/v1/experiments/exposure', body, { jar, keep: true }).context,
  );
  return { status: answer.status, body: (await answer.json()) as { recorded?: number; message?: string } };
}

describe.each(embedded)('spec 4 test variants on $name', (engine) => {
  const db = () => shared.database?.db as Database['db'];
  let base: { locationId: number; merchantId: number };

  beforeAll(async () => {
    clearCatalogueCaches();
    shared.database = await engine.open();
    base = await seedBasketCatalogue(db());
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await shared.database?.close();
  });

  /** Checks out the basket as the checkout page shows it, and answers what the order and the card were charged. */
  async function checkOut(token: string, user: Awaited<ReturnType<typeof addShopper>>) {
    const checkout = await loadCheckout(
      db(),
      { basketToken: token, user, params: parseCheckoutParams(new URLSearchParams()), now: new Date() },
      { payments: readServerConfig({}).payments },
    );
    const summary = checkout.orderSummary;
    const key = `variant-${randomUUID()}`;
    const result = await placeOrder(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
      basketToken: token,
      buyer: { id: user.id, email: user.email, firstName: user.firstName },
      useWallet: false,
      expected: {
        totalMinor: summary.totalOrderAmount,
        walletUsedMinor: summary.walletUsed,
        cashAmountMinor: summary.cashAmount,
      },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: key,
      now: new Date(),
      origin: 'http://shop.test',
      delivery: {
        name: 'Ada Lovelace',
        line1: '1 Mill Lane',
        line2: '',
        town: 'Leeds',
        postcode: 'LS1 4AP',
        phone: '',
      },
    });
    if (!result.ok) throw new Error(`order refused: ${result.message}`);
    const [order] = await db().select().from(orders).where(eq(orders.id, result.order.id));
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, result.order.id));
    const [payment] = await db().select().from(payments).where(eq(payments.idempotencyKey, key));
    return { summary, order, line, payment };
  }

  it('decision 058: shown variant b’s price, then the cookie changes to a: the shopper is charged the lower price', async () => {
    const { dealId, productIds } = await addDeal(db(), base, {}, [{ product: { priceMinor: 2599 } }]);
    const [productId = 0] = productIds;
    const user = await addShopper(db());
    // The deal page showed variant b's price (2% off, rounded down): 25.47 pounds.
    const asB = shownPriceOptions({ cookies: cookieJar({ dynamic_price: 'b' }) } as unknown as APIContext);
    const token = await createBasket(
      db(),
      { customerToken: user.customerToken, products: [{ dealId, dealProductId: productId, quantity: 1 }] },
      asB,
    );
    const shown = await retrievePricedBasket(db(), token, { userId: user.id });
    expect(shown?.lines[0]?.unitPrice.amountMinor).toBe(2547);

    // The variant cookie changes to a (a new day's draw); adding another keeps the price shown.
    const asA = shownPriceOptions({ cookies: cookieJar({ dynamic_price: 'a' }) } as unknown as APIContext);
    await addToBasket(db(), token, { dealId, dealProductId: productId, quantity: 2 }, asA);
    const basket = await retrievePricedBasket(db(), token, { userId: user.id });
    expect(basket?.lines[0]?.unitPrice.amountMinor).toBe(2547);
    expect(basket?.total.amountMinor).toBe(5094);

    const { summary, order, line, payment } = await checkOut(token, user);
    expect(summary.totalOrderAmount).toBe(5094);
    expect(order?.totalMinor).toBe(5094);
    expect(line?.unitPriceMinor).toBe(2547);
    expect(payment?.amountMinor).toBe(5094);
  });

  it('decision 058: a price raised after it was shown is not charged; a price lowered is; the hold ends after its window', async () => {
    const { dealId, productIds } = await addDeal(db(), base, {}, [{ product: { priceMinor: 4000 } }]);
    const [productId = 0] = productIds;
    const user = await addShopper(db());
    const asC = shownPriceOptions({ cookies: cookieJar({ dynamic_price: 'c' }) } as unknown as APIContext);
    const token = await createBasket(
      db(),
      { customerToken: user.customerToken, products: [{ dealId, dealProductId: productId, quantity: 1 }] },
      asC,
    );
    const unitNow = async () =>
      (await retrievePricedBasket(db(), token, { userId: user.id }))?.lines[0]?.unitPrice.amountMinor;
    expect(await unitNow()).toBe(3800);

    await db().update(dealProducts).set({ priceMinor: 4500 }).where(eq(dealProducts.id, productId));
    clearCatalogueCaches();
    expect(await unitNow()).toBe(3800);

    await db().update(dealProducts).set({ priceMinor: 3000 }).where(eq(dealProducts.id, productId));
    clearCatalogueCaches();
    expect(await unitNow()).toBe(3000);

    // Past the hold the line is priced as the catalogue is now, which the basket and checkout then show.
    await db().update(dealProducts).set({ priceMinor: 4500 }).where(eq(dealProducts.id, productId));
    await db()
      .update(basketLines)
      .set({ shownPriceAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(basketLines.basketId, token));
    clearCatalogueCaches();
    expect(await unitNow()).toBe(4500);
  });

  it('decision 058: the control keeps no price, and an option paid by deposit is never discounted', async () => {
    const { dealId, productIds } = await addDeal(db(), base, {}, [
      { product: { priceMinor: 2000 } },
      { product: { priceMinor: 3000, hasDeposit: true, depositPriceMinor: 500 } },
    ]);
    const [plain = 0, withDeposit = 0] = productIds;
    const user = await addShopper(db());
    const asA = shownPriceOptions({ cookies: cookieJar({}) } as unknown as APIContext);
    const asC = shownPriceOptions({ cookies: cookieJar({ dynamic_price: 'c' }) } as unknown as APIContext);
    const tokenA = await createBasket(
      db(),
      { customerToken: user.customerToken, products: [{ dealId, dealProductId: plain, quantity: 1 }] },
      asA,
    );
    const [lineA] = await db().select().from(basketLines).where(eq(basketLines.basketId, tokenA));
    expect(lineA?.shownUnitPriceMinor).toBeNull();

    const other = await addShopper(db());
    const tokenC = await createBasket(
      db(),
      { customerToken: other.customerToken, products: [{ dealId, dealProductId: withDeposit, quantity: 1 }] },
      asC,
    );
    const priced = await retrievePricedBasket(db(), tokenC, { userId: other.id });
    expect(priced?.lines[0]?.unitPrice.amountMinor).toBe(3000);
  });

  it('spec 4: exposure is recorded once per session and experiment, with the cookie’s variant', async () => {
    const jar: Record<string, string> = { consent: ANSWERED_ALL, search_variant: 'alternate' };
    expect(await reportExposure(jar, { experiment: 'search', path: '/search?q=spa' })).toEqual({
      status: 200,
      body: { recorded: 1 },
    });
    const sessionId = jar[EXPOSURE_SESSION_COOKIE] ?? '';
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // Again in the same session, from another page and even claiming another variant: nothing more.
    expect(await reportExposure(jar, { experiment: 'search', path: '/search?q=tea', variant: 'default' })).toEqual({
      status: 200,
      body: { recorded: 0 },
    });
    const rows = await listExposures(db(), { sessionId });
    expect(rows.map(({ experiment, variant, path }) => ({ experiment, variant, path }))).toEqual([
      { experiment: 'search', variant: 'alternate', path: '/search' },
    ]);

    // Another experiment in the same session is its own record; a new session is counted again.
    expect((await reportExposure(jar, { experiment: 'autocomplete', path: '/' })).body.recorded).toBe(0);
    jar.autocomplete_variant = 'c';
    expect((await reportExposure(jar, { experiment: 'autocomplete', path: '/' })).body.recorded).toBe(1);
    const next: Record<string, string> = { consent: ANSWERED_ALL, search_variant: 'alternate' };
    expect((await reportExposure(next, { experiment: 'search', path: '/search' })).body.recorded).toBe(1);
    expect(await listExposures(db(), { experiment: 'search' })).toHaveLength(2);
  });

  it('decision 059: without analytics consent, or before the banner is answered, nothing is recorded', async () => {
    for (const jar of [
      { search_variant: 'alternate' },
      { consent: REFUSED_PERFORMANCE, search_variant: 'alternate' },
    ] as Record<string, string>[]) {
      expect(await reportExposure(jar, { experiment: 'search', path: '/search' })).toEqual({
        status: 200,
        body: { recorded: 0 },
      });
      expect(jar[EXPOSURE_SESSION_COOKIE]).toBeUndefined();
    }
  });

  it('an unknown experiment or a path that is not one is a 400 with its message', async () => {
    const jar = { consent: ANSWERED_ALL };
    const unknown = await reportExposure(jar, { experiment: 'prices', path: '/' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('Name one of the shop’s experiments');
    expect((await reportExposure(jar, { experiment: 'search', path: 'https://example.com' })).status).toBe(400);
  });

  it('spec 4 search variants: alternate ranks the bigger discount first among equal matches; default by popularity', async () => {
    const words = { headline: 'Lavender kayak tour', title: 'Lavender kayak tour for two' };
    const popular = await addDeal(db(), base, { ...words, popularity: 900, maxDiscountPercentage: 10 });
    const bargain = await addDeal(db(), base, { ...words, popularity: 100, maxDiscountPercentage: 70 });
    const ids = async (ranking: 'default' | 'alternate') =>
      (await searchDeals(db(), { q: 'lavender kayak' }, { ranking })).deals.map((deal) => deal.id);
    expect(await ids('default')).toEqual([popular.dealId, bargain.dealId]);
    expect(await ids('alternate')).toEqual([bargain.dealId, popular.dealId]);
    // A sort the shopper chose is never changed by the variant.
    const byPrice = async (ranking: 'default' | 'alternate') =>
      (await searchDeals(db(), { q: 'lavender kayak', orderBy: 'popularity' }, { ranking })).deals.map((d) => d.id);
    expect(await byPrice('alternate')).toEqual(await byPrice('default'));
  });
});
