/**
 * spec 7 basket calls on embedded PGlite: status codes, spec 4's Location header and cookie, spec 5
 * "args malformed" and "No Basket Token", the customer's own token only, and the login hook.
 */
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricedBasketSchema } from '../../src/contracts/basket';
import { retrieveBasket } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import type { UserRow } from '../../src/server/db/schema';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const createRoute = await import('../../src/pages/api/v1/basket');
const getRoute = await import('../../src/pages/api/v1/get/basket');
const basketRoute = await import('../../src/pages/api/v1/basket/[token]');
const productRoute = await import('../../src/pages/api/v1/basket/[token]/product');
const lineRoute = await import('../../src/pages/api/v1/basket/[token]/product/[lineId]');
const checkoutRoute = await import('../../src/pages/api/v1/checkout');
const { runSignInHooks } = await import('../../src/server/http');
const { server: actions } = await import('../../src/actions');

/** Runs the deal page's addToBasket action (decision 030) as Astro would for the posted form. */
async function addToBasketForm(context: APIContext) {
  const actionContext = { ...context, [Symbol.for('astro.actionAPIContext')]: true };
  const form = await context.request.formData();
  return (
    actions.addToBasket as unknown as (
      this: unknown,
      input: FormData,
    ) => Promise<{ data?: unknown; error?: { status: number; type: string } }>
  ).call(actionContext, form);
}

interface SetCookie {
  value: string;
  options: Record<string, unknown>;
}

/** A request context with a cookie jar that records what the endpoint set, and an optional signed-in user. */
function call(
  method: string,
  path: string,
  options: {
    params?: Record<string, string>;
    body?: unknown;
    form?: Record<string, string>;
    cookies?: Record<string, string>;
    user?: UserRow;
  } = {},
) {
  const values = new Map(Object.entries(options.cookies ?? {}));
  const set = new Map<string, SetCookie>();
  const cookies = {
    get: (name: string) => (values.has(name) ? { value: values.get(name) } : undefined),
    has: (name: string) => values.has(name),
    set: (name: string, value: string, opts: Record<string, unknown>) => {
      values.set(name, value);
      set.set(name, { value, options: opts });
    },
    delete: (name: string) => {
      values.delete(name);
      set.set(name, { value: '', options: { deleted: true } });
    },
  };
  const { user } = options;
  const session = user ? { get: async () => ({ userId: user.id, epoch: user.sessionEpoch }), destroy() {} } : undefined;
  const url = new URL(`http://localhost${path}`);
  const init: RequestInit = { method };
  if (options.body !== undefined) {
    init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    init.headers = { 'content-type': 'application/json' };
  }
  if (options.form !== undefined) init.body = new URLSearchParams(options.form);
  const context = {
    url,
    locals: { brand: 'tuppence' },
    params: options.params ?? {},
    request: new Request(url, init),
    cookies,
    session,
  } as unknown as APIContext;
  return { context, set };
}

async function expectError(response: Response, status: number, message?: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toMatchObject({ status, message: message ?? expect.any(String) });
}

describe.each(embedded)('basket endpoints on $name', (engine) => {
  let base: { locationId: number; merchantId: number };
  let dealId = 0;
  let productId = 0;
  let soldOutId = 0;

  beforeAll(async () => {
    shared.database = await engine.open();
    base = await seedBasketCatalogue(shared.database.db);
    const deal = await addDeal(shared.database.db, base, {}, [
      { product: { priceMinor: 1500 } },
      { stock: { quantityRemaining: 0 } },
    ]);
    dealId = deal.dealId;
    [productId = 0, soldOutId = 0] = deal.productIds;
  });
  afterAll(async () => {
    await shared.database?.close();
  });

  const create = async (products: unknown[] = [{ dealProductId: productId, quantity: 1 }]) => {
    const { context, set } = call('POST', '/api/v1/basket', { body: { brand: 'tuppence', products } });
    const response = await createRoute.POST(context);
    return { response, set };
  };

  it('POST /api/v1/basket: 201, Location ends in the token, and the token goes in a week-long cookie', async () => {
    const { response, set } = await create();
    expect(response.status).toBe(201);
    const basket = PricedBasketSchema.parse(await response.json());
    expect(response.headers.get('Location')?.split('/').at(-1)).toBe(basket.id);
    expect(basket.total).toEqual({ amountMinor: 1500, currency: 'GBP' });
    expect(set.get('basket_token')).toEqual({
      value: basket.id,
      options: expect.objectContaining({ httpOnly: true, maxAge: 604800, sameSite: 'lax', path: '/' }),
    });
    expect(set.get('basket_qty')).toEqual({ value: '1', options: expect.objectContaining({ httpOnly: false }) });
  });

  it('POST /api/v1/basket: 400 for a bad body, 409 for a sold-out option, 403 for another customer token', async () => {
    await expectError((await create([{ dealProductId: 'x' }])).response, 400);
    await expectError((await create([{ dealProductId: soldOutId, quantity: 1 }])).response, 409, 'SOLD OUT');
    const someone = await addShopper(shared.database?.db as Database['db']);
    const { context } = call('POST', '/api/v1/basket', {
      body: { customerToken: someone.customerToken, products: [] },
    });
    await expectError(await createRoute.POST(context), 403);
  });

  it('GET get/basket: by token; "No Basket Token" for a short one; the customer token only for its owner', async () => {
    const token = (await (await create()).response.json()).id as string;
    const ok = await getRoute.GET(
      call('GET', `/api/v1/get/basket?token=${token}&giftPacks=true`, { cookies: { basket_token: token } }).context,
    );
    expect(ok.status).toBe(200);
    expect(PricedBasketSchema.parse(await ok.json()).visibleQuantity).toBe(1);
    await expectError(
      await getRoute.GET(call('GET', '/api/v1/get/basket?token=short').context),
      400,
      'No Basket Token',
    );
    await expectError(await getRoute.GET(call('GET', '/api/v1/get/basket?giftPacks=true').context), 400);
    const shopper = await addShopper(shared.database?.db as Database['db']);
    const mine = `/api/v1/get/basket?customerToken=${shopper.customerToken}&giftPacks=true`;
    await expectError(await getRoute.GET(call('GET', mine).context), 403);
    await expectError(await getRoute.GET(call('GET', mine, { user: shopper }).context), 404);
  });

  it('POST, PATCH and DELETE a product; removing without a product id is "args malformed"', async () => {
    const token = (await (await create([])).response.json()).id as string;
    const params = { token };
    // The guest browser that made the basket holds its cookie (decision 014: a token is not a key).
    const cookies = { basket_token: token };
    const added = await productRoute.POST(
      call('POST', `/api/v1/basket/${token}/product`, {
        params,
        cookies,
        body: { dealProductId: productId, quantity: 2 },
      }).context,
    );
    expect(added.status).toBe(200);
    const line = PricedBasketSchema.parse(await added.json()).lines[0];
    expect(line).toMatchObject({ quantity: 2, lineTotal: { amountMinor: 3000 } });
    const lineParams = { token, lineId: String(line?.id) };
    const patched = await lineRoute.PATCH(
      call('PATCH', '/x', { params: lineParams, cookies, body: { quantity: 3, giftWrap: 0 } }).context,
    );
    expect(PricedBasketSchema.parse(await patched.json()).lines[0]?.quantity).toBe(3);
    await expectError(await productRoute.DELETE(call('DELETE', '/x', { params }).context), 400, 'args malformed');
    await expectError(
      await lineRoute.DELETE(call('DELETE', '/x', { params: { token, lineId: 'abc' }, cookies }).context),
      400,
      'args malformed',
    );
    await expectError(
      await lineRoute.DELETE(call('DELETE', '/x', { params: { token: 'short', lineId: '1' } }).context),
      400,
      'No Basket Token',
    );
    const { context, set } = call('DELETE', '/x', { params: lineParams, cookies });
    const removed = await lineRoute.DELETE(context);
    expect(PricedBasketSchema.parse(await removed.json()).lines).toEqual([]);
    expect(set.get('basket_qty')?.value).toBe('0');
    await expectError(await lineRoute.DELETE(call('DELETE', '/x', { params: lineParams, cookies }).context), 404);
  });

  it('PUT needs products (400 without); PATCH merges; an unknown basket is a 404', async () => {
    const token = (await (await create()).response.json()).id as string;
    const params = { token };
    const cookies = { basket_token: token };
    await expectError(
      await basketRoute.PUT(call('PUT', '/x', { params, cookies, body: { brand: 'tuppence' } }).context),
      400,
    );
    const put = await basketRoute.PUT(call('PUT', '/x', { params, cookies, body: { products: [] } }).context);
    expect(PricedBasketSchema.parse(await put.json()).lines).toEqual([]);
    const patch = await basketRoute.PATCH(
      call('PATCH', '/x', { params, cookies, body: { products: [{ dealProductId: productId, quantity: 4 }] } }).context,
    );
    expect(PricedBasketSchema.parse(await patch.json()).lines[0]?.quantity).toBe(4);
    const unknown = { token: 'a'.repeat(32) };
    await expectError(await basketRoute.GET(call('GET', '/x', { params: unknown }).context), 404);
  });

  /**
   * Every basket route and checkout?token= as `who` for `token` (decision 014: a token is not a key);
   * each answer with its status and body text (the body must never carry the owner's customer token).
   */
  async function everyRoute(token: string, lineId: number, who: { user?: UserRow; cookies?: Record<string, string> }) {
    const params = { token };
    const lineParams = { token, lineId: String(lineId) };
    const answers: Record<string, Response> = {
      'GET basket/{token}': await basketRoute.GET(call('GET', `/api/v1/basket/${token}`, { ...who, params }).context),
      'GET get/basket?token=': await getRoute.GET(
        call('GET', `/api/v1/get/basket?token=${token}&giftPacks=true`, who).context,
      ),
      'GET checkout?token=': await checkoutRoute.GET(call('GET', `/api/v1/checkout?token=${token}`, who).context),
      'POST product': await productRoute.POST(
        call('POST', '/x', { ...who, params, body: { dealProductId: productId, quantity: 3 } }).context,
      ),
      'PATCH brand': await basketRoute.PATCH(
        call('PATCH', '/x', { ...who, params, body: { brand: 'dealhouse' } }).context,
      ),
      'PATCH quantity': await lineRoute.PATCH(
        call('PATCH', '/x', { ...who, params: lineParams, body: { quantity: 5 } }).context,
      ),
      'DELETE line': await lineRoute.DELETE(call('DELETE', '/x', { ...who, params: lineParams }).context),
      'PUT basket': await basketRoute.PUT(call('PUT', '/x', { ...who, params, body: { products: [] } }).context),
    };
    const out: Record<string, { status: number; text: string }> = {};
    for (const [route, response] of Object.entries(answers)) {
      out[route] = { status: response.status, text: await response.text() };
    }
    return out;
  }

  const basketState = async (token: string) => {
    const basket = await retrieveBasket(shared.database?.db as Database['db'], token);
    return { brand: basket?.brand, lines: basket?.lines.map((l) => [l.id, l.dealProductId, l.quantity]) };
  };

  it("another customer or a guest using a customer's basket token gets 404 on every route; the basket stays as it was", async () => {
    const db = shared.database?.db as Database['db'];
    const owner = await addShopper(db);
    const made = await createRoute.POST(
      call('POST', '/api/v1/basket', {
        user: owner,
        body: { customerToken: owner.customerToken, products: [{ dealProductId: productId, quantity: 1 }] },
      }).context,
    );
    const basket = PricedBasketSchema.parse(await made.json());
    expect(basket.customerToken).toBe(owner.customerToken);
    const lineId = basket.lines[0]?.id ?? 0;
    const before = await basketState(basket.id);
    const other = await addShopper(db);

    for (const who of [
      { user: other },
      { user: other, cookies: { basket_token: basket.id } },
      {},
      { cookies: { basket_token: basket.id } },
    ]) {
      const answers = await everyRoute(basket.id, lineId, who);
      for (const [route, { status, text }] of Object.entries(answers)) {
        expect({ route, status }).toEqual({ route, status: 404 });
        expect(JSON.parse(text)).toMatchObject({ status: 404, message: expect.any(String) });
        expect(text).not.toContain(owner.customerToken);
      }
    }
    expect(await basketState(basket.id)).toEqual(before);

    // The owner still reads and changes it by token, on every route.
    const mine = await everyRoute(basket.id, lineId, { user: owner });
    for (const [route, { status }] of Object.entries(mine)) expect({ route, status }).toEqual({ route, status: 200 });
    expect(JSON.parse(mine['GET basket/{token}']?.text ?? '{}').customerToken).toBe(owner.customerToken);
    expect(JSON.parse(mine['PATCH brand']?.text ?? '{}').brand).toBe('dealhouse');
  });

  it('a guest basket answers only the browser holding its cookie; another guest or a customer gets 404', async () => {
    const db = shared.database?.db as Database['db'];
    const { response, set } = await create();
    const basket = PricedBasketSchema.parse(await response.json());
    expect(set.get('basket_token')?.value).toBe(basket.id);
    const lineId = basket.lines[0]?.id ?? 0;
    const before = await basketState(basket.id);
    const someoneElse = (await (await create()).response.json()).id as string;

    for (const who of [{}, { cookies: { basket_token: someoneElse } }, { user: await addShopper(db) }]) {
      const answers = await everyRoute(basket.id, lineId, who);
      for (const [route, { status }] of Object.entries(answers))
        expect({ route, status }).toEqual({ route, status: 404 });
    }
    expect(await basketState(basket.id)).toEqual(before);

    const holder = await everyRoute(basket.id, lineId, { cookies: { basket_token: basket.id } });
    for (const [route, { status }] of Object.entries(holder)) expect({ route, status }).toEqual({ route, status: 200 });
  });

  it("at login the guest basket in the cookie merges into the customer's, and the cookie names the customer's", async () => {
    const db = shared.database?.db as Database['db'];
    const shopper = await addShopper(db);
    const mine = await create();
    const ownedToken = (await mine.response.json()).id as string;
    const { basketLines, baskets } = await import('../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    await db.update(baskets).set({ customerToken: shopper.customerToken }).where(eq(baskets.id, ownedToken));
    await db.delete(basketLines).where(eq(basketLines.basketId, ownedToken));
    const guestToken = (await (await create()).response.json()).id as string;

    const { context, set } = call('POST', '/login', { cookies: { basket_token: guestToken } });
    await runSignInHooks({ context, db, user: shopper });
    expect(set.get('basket_token')?.value).toBe(ownedToken);
    expect(set.get('basket_qty')?.value).toBe('1');
    expect((await retrieveBasket(db, ownedToken))?.lines.map((l) => l.dealProductId)).toEqual([productId]);
    expect(await retrieveBasket(db, guestToken)).toBeNull();
  });

  it('the deal page form: adds (the page then goes to /checkout), reuses the cookie basket, starts anew after an order', async () => {
    const db = shared.database?.db as Database['db'];
    const form = { dealId: String(dealId), productId: String(productId), quantity: '2' };
    const first = call('POST', `/deal/${dealId}?_action=addToBasket`, { form });
    const added = await addToBasketForm(first.context);
    expect(added.data).toEqual({ dealId, added: true, refusal: null });
    const token = first.set.get('basket_token')?.value ?? '';
    expect(first.set.get('basket_qty')?.value).toBe('1');
    expect((await retrieveBasket(db, token))?.lines.map((l) => [l.dealProductId, l.quantity])).toEqual([
      [productId, 2],
    ]);

    const again = call('POST', `/deal/${dealId}?_action=addToBasket`, {
      form: { ...form, quantity: '3' },
      cookies: { basket_token: token },
    });
    await addToBasketForm(again.context);
    expect(again.set.get('basket_token')?.value).toBe(token);
    expect((await retrieveBasket(db, token))?.lines[0]?.quantity).toBe(3);

    const { baskets } = await import('../../src/server/db/schema');
    const { eq } = await import('drizzle-orm');
    await db.update(baskets).set({ status: 'ordered' }).where(eq(baskets.id, token));
    const after = call('POST', `/deal/${dealId}?_action=addToBasket`, { form, cookies: { basket_token: token } });
    await addToBasketForm(after.context);
    const fresh = after.set.get('basket_token')?.value ?? '';
    expect(fresh).not.toBe(token);
    expect((await retrieveBasket(db, fresh))?.lines).toHaveLength(1);
  });

  it('the deal page form: a sold-out option is refused with its code (the page words it); nonsense is a 400', async () => {
    const path = `/deal/${dealId}?_action=addToBasket`;
    const refused = await addToBasketForm(
      call('POST', path, { form: { dealId: String(dealId), productId: String(soldOutId), quantity: '1' } }).context,
    );
    expect(refused.data).toEqual({ dealId, added: false, refusal: 'soldOut' });
    const nonsense = await addToBasketForm(call('POST', path, { form: { dealId: 'x' } }).context);
    expect(nonsense.error).toMatchObject({ status: 400, type: 'AstroActionInputError' });
  });
});
