/**
 * Hostile input at the endpoints: NUL characters, ids past the int4 columns and unreadable
 * bodies are a 400 JSON `{ message, status }` that says what was wrong, never a 5xx; and whatever
 * an /api endpoint still throws is answered as JSON, logged without its query parameters.
 */

import type { APIContext, MiddlewareNext } from 'astro';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NUL_MESSAGE } from '../../src/contracts/text';
import { BASKET_TOKEN_COOKIE } from '../../src/domain/basket';
import type { Database } from '../../src/server/db/client';
import type { UserRow } from '../../src/server/db/schema';
import { refuseUnreadableActionBodies } from '../../src/server/http/action-bodies';
import { BODY_MESSAGES } from '../../src/server/http/api';
import { MAX_BODY_BYTES } from '../../src/server/http/bounded-body';
import { answerUnexpectedFailures, NO_ENDPOINT } from '../../src/server/http/failures';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { POST: postSignup } = await import('../../src/pages/api/v1/deal/sold-out-notification');
const { POST: postRegister } = await import('../../src/pages/api/v1/register');
const { POST: postLogin } = await import('../../src/pages/api/v1/login');
const { POST: postForgot } = await import('../../src/pages/api/v1/user/password_reset');
const { GET: getSearch } = await import('../../src/pages/api/v1/search');
const { POST: postBasket } = await import('../../src/pages/api/v1/basket');
const { PATCH: patchBasket } = await import('../../src/pages/api/v1/basket/[token]');
const { DELETE: deleteInstrument } = await import('../../src/pages/api/v1/customer/instruments/[id]');

const NUL = '\u0000';

/** A request as a browser or script sends it; `user` signs it in. */
function call(
  path: string,
  init: {
    method?: string;
    body?: BodyInit;
    type?: string;
    params?: Record<string, string>;
    user?: UserRow;
    cookies?: Record<string, string>;
  } = {},
): APIContext {
  const url = new URL(`http://localhost${path}`);
  const headers: Record<string, string> = init.type ? { 'content-type': init.type } : {};
  const { user } = init;
  const values = new Map<string, string>(Object.entries(init.cookies ?? {}));
  return {
    url,
    params: init.params ?? {},
    request: new Request(url, { method: init.method ?? 'GET', headers, body: init.body }),
    session: {
      get: async (key: string) =>
        key === 'account' && user ? { userId: user.id, epoch: user.sessionEpoch } : undefined,
      set: () => undefined,
      destroy: () => undefined,
    },
    cookies: {
      get: (name: string) => (values.has(name) ? { value: values.get(name) } : undefined),
      has: (name: string) => values.has(name),
      set: (name: string, value: string) => values.set(name, value),
      delete: (name: string) => values.delete(name),
    },
    locals: { now: new Date(), brand: 'tuppence' },
    clientAddress: '203.0.113.7',
  } as unknown as APIContext;
}

const json = (path: string, body: unknown, extra: Parameters<typeof call>[1] = {}) =>
  call(path, { method: 'POST', body: JSON.stringify(body), type: 'application/json', ...extra });

async function expectBadRequest(response: Response, message?: string) {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(await response.json()).toEqual({ status: 400, message: message ?? expect.any(String) });
}

describe.each(embedded)('hostile input is a clear 400, never a 5xx, on $name', (engine) => {
  let dealId = 0;
  let productId = 0;
  let shopper: UserRow;

  beforeAll(async () => {
    shared.database = await engine.open();
    const base = await seedBasketCatalogue(shared.database.db);
    const deal = await addDeal(shared.database.db, base, {}, [{ product: { priceMinor: 1500 } }]);
    dealId = deal.dealId;
    productId = deal.productIds[0] ?? 0;
    shopper = await addShopper(shared.database.db);
  });
  afterAll(async () => {
    await shared.database?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a multipart sign-up with no boundary is a 400 saying so, not a 500', async () => {
    const path = '/api/v1/deal/sold-out-notification';
    await expectBadRequest(
      await postSignup(call(path, { method: 'POST', type: 'multipart/form-data', body: `dealId=${dealId}` })),
      BODY_MESSAGES.notForm,
    );
    await expectBadRequest(
      await postSignup(call(path, { method: 'POST', type: 'multipart/form-data; boundary=x', body: 'garbage' })),
      BODY_MESSAGES.notForm,
    );
    await expectBadRequest(await postSignup(call(path, { method: 'POST', type: 'application/xml', body: '<a/>' })));
    // The form post the deal page sends still works.
    const form = new FormData();
    form.set('dealId', String(dealId));
    form.set('email', 'back-in-stock@example.co.uk');
    const done = await postSignup(call(path, { method: 'POST', body: form }));
    expect(done.status).toBe(303);
  });

  it('unreadable bodies on the account and basket calls are a 400 JSON', async () => {
    await expectBadRequest(
      await postRegister(call('/api/v1/register', { method: 'POST', type: 'application/json', body: '{"firstName":' })),
      BODY_MESSAGES.notJson,
    );
    await expectBadRequest(
      await postLogin(call('/api/v1/login', { method: 'POST', type: 'multipart/form-data', body: 'email=a' })),
      BODY_MESSAGES.notForm,
    );
    await expectBadRequest(
      await postBasket(call('/api/v1/basket', { method: 'POST', type: 'image/png', body: 'PNG' })),
      BODY_MESSAGES.wrongType,
    );
  });

  it('a 5,000-deep or 2 MB body is a fast 400 or 413 JSON before parsing, never a 5xx (spec 8)', async () => {
    const deep = `{"dealId":${'['.repeat(5000)}${']'.repeat(5000)},"email":"a@example.co.uk"}`;
    const huge = JSON.stringify({ dealId, email: 'a@example.co.uk', note: 'x'.repeat(2 * MAX_BODY_BYTES) });
    const calls: [string, (context: APIContext) => Promise<Response> | Response][] = [
      ['/api/v1/deal/sold-out-notification', postSignup],
      ['/api/v1/register', postRegister],
      ['/api/v1/login', postLogin],
      ['/api/v1/basket', postBasket],
    ];
    for (const [path, handler] of calls) {
      const tooDeep = await handler(call(path, { method: 'POST', type: 'application/json', body: deep }));
      expect([path, tooDeep.status]).toEqual([path, 400]);
      expect(await tooDeep.json()).toEqual({ status: 400, message: BODY_MESSAGES.tooDeep });
      const tooLarge = await handler(call(path, { method: 'POST', type: 'application/json', body: huge }));
      expect([path, tooLarge.status]).toEqual([path, 413]);
      expect(tooLarge.headers.get('content-type')).toContain('application/json');
      expect(await tooLarge.json()).toEqual({ status: 413, message: BODY_MESSAGES.tooLarge });
    }
    // A 2 MB form post is refused the same way.
    const bigForm = new URLSearchParams({ dealId: String(dealId), email: 'x'.repeat(2 * MAX_BODY_BYTES) });
    const form = await postSignup(
      call('/api/v1/deal/sold-out-notification', {
        method: 'POST',
        type: 'application/x-www-form-urlencoded',
        body: bigForm.toString(),
      }),
    );
    expect(form.status).toBe(413);
  });

  it('a NUL character in register, login, forgot-password and basket brand is a 400', async () => {
    const logged = vi.spyOn(console, 'error');
    const register = { firstName: `Ada${NUL}`, lastName: 'L', email: 'ada.nul@example.co.uk', password: 'Sunshine1' };
    await expectBadRequest(await postRegister(json('/api/v1/register', register)), NUL_MESSAGE);
    await expectBadRequest(
      await postLogin(json('/api/v1/login', { j_username: `ada${NUL}@example.co.uk`, j_password: 'Sunshine1' })),
      NUL_MESSAGE,
    );
    await expectBadRequest(
      await postForgot(json('/api/v1/user/password_reset', { email: `${NUL}ada@example.co.uk` })),
      NUL_MESSAGE,
    );
    await expectBadRequest(await postBasket(json('/api/v1/basket', { brand: NUL, products: [] })), NUL_MESSAGE);
    await expectBadRequest(await getSearch(call('/api/v1/search?q=%00')), expect.stringContaining(NUL_MESSAGE));
    expect(logged).not.toHaveBeenCalled();
  });

  it('ids past int4 in basket bodies and instrument paths are a 4xx, not a database error', async () => {
    const logged = vi.spyOn(console, 'error');
    await expectBadRequest(
      await postBasket(json('/api/v1/basket', { products: [{ dealProductId: 2_147_483_648, quantity: 1 }] })),
    );
    await expectBadRequest(
      await postBasket(
        json('/api/v1/basket', { products: [{ dealId: 2_147_483_648, dealProductId: productId, quantity: 1 }] }),
      ),
    );
    const created = await postBasket(json('/api/v1/basket', { products: [{ dealProductId: productId, quantity: 1 }] }));
    expect(created.status).toBe(201);
    const { id: token } = (await created.json()) as { id: string };
    const patch = json(
      `/api/v1/basket/${token}`,
      { products: [{ dealProductId: 2_147_483_648 }] },
      // The browser that made the basket holds its cookie (decision 014: a token alone is no proof).
      { method: 'PATCH', params: { token }, cookies: { [BASKET_TOKEN_COOKIE]: token } },
    );
    await expectBadRequest(await patchBasket(patch));
    await expectBadRequest(
      await patchBasket(
        json(
          `/api/v1/basket/x`,
          { brand: 'tuppence' },
          { method: 'PATCH', params: { token: `${token}${NUL}` }, cookies: { [BASKET_TOKEN_COOKIE]: token } },
        ),
      ),
    );

    const gone = await deleteInstrument(
      call('/api/v1/customer/instruments/2147483648', {
        method: 'DELETE',
        params: { id: '2147483648' },
        user: shopper,
      }),
    );
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ status: 404 });
    expect(logged).not.toHaveBeenCalled();
  });
});

describe('actions and page forms are read within the same bounds (spec 8)', () => {
  const next = (() => Promise.resolve(new Response('reached'))) as MiddlewareNext;
  const through = (path: string, body: string, type: string, headers: Record<string, string> = {}) => {
    const url = new URL(`http://localhost${path}`);
    const request = new Request(url, { method: 'POST', headers: { 'content-type': type, ...headers }, body });
    return refuseUnreadableActionBodies({ request, url } as unknown as APIContext, next) as Promise<Response>;
  };

  it('refuses a deep or huge action body, and a huge page form, before the action reads it', async () => {
    const deep = await through('/_actions/account.signIn', '['.repeat(5000) + ']'.repeat(5000), 'application/json');
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ status: 400, message: BODY_MESSAGES.tooDeep });
    const huge = await through('/_actions/account.signIn', `"${'x'.repeat(2 * MAX_BODY_BYTES)}"`, 'application/json');
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ status: 413, message: BODY_MESSAGES.tooLarge });
    const form = await through(
      '/myaccount?_action=account.update',
      `name=${'x'.repeat(2 * MAX_BODY_BYTES)}`,
      'application/x-www-form-urlencoded',
    );
    expect(form.status).toBe(413);
    const declared = await through('/consent', 'a=1', 'application/x-www-form-urlencoded', {
      'content-length': String(MAX_BODY_BYTES + 1),
    });
    expect(declared.status).toBe(413);
  });

  it('lets bodies within the bounds through', async () => {
    const fine = await through(
      '/_actions/account.signIn',
      '{"email":"a@example.co.uk","deep":[[[1]]]}',
      'application/json',
    );
    expect(await fine.text()).toBe('reached');
    const form = await through('/myaccount?_action=account.update', 'name=Ada', 'application/x-www-form-urlencoded');
    expect(await form.text()).toBe('reached');
  });
});

describe('what an /api endpoint still throws is a JSON answer', () => {
  const failing: MiddlewareNext = async () => {
    throw new DrizzleQueryError('select * from "users" where "email" = $1', ['ada@example.co.uk'], new Error('boom'));
  };
  const at = (path: string) => ({
    url: new URL(`http://localhost${path}`),
    request: new Request(`http://localhost${path}`),
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is answered as JSON { message, status } (not the HTML error page) and logged without its parameters', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = (await answerUnexpectedFailures(at('/api/v1/search?q=x') as never, failing)) as Response;
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('application/json');
    // spec 8: an unplanned failure's words (docs/decisions/060).
    expect(await response.json()).toEqual({
      status: 500,
      message: 'An unexpected error occured. Please try again later.',
    });
    // Log lines are JSON (decision 025): read them with their quotes unescaped.
    const log = logged.mock.calls.flat().map(String).join('\n').replaceAll('\\"', '"');
    expect(log).toContain('select * from "users"');
    expect(log).not.toContain('ada@example.co.uk');
  });

  it('a path with no endpoint is a JSON 404, not the HTML not-found page', async () => {
    const notFoundPage: MiddlewareNext = async () =>
      new Response('<h1>Not found</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
    const response = (await answerUnexpectedFailures(at('/api/v1/nope') as never, notFoundPage)) as Response;
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 404, message: NO_ENDPOINT });
    const page = (await answerUnexpectedFailures(at('/nope') as never, notFoundPage)) as Response;
    expect(page.headers.get('content-type')).toBe('text/html');
  });

  it('on a page goes on to the error page with the parameters taken out', async () => {
    const thrown = await Promise.resolve(answerUnexpectedFailures(at('/search?q=x') as never, failing)).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Error);
    expect(String((thrown as Error).stack)).not.toContain('ada@example.co.uk');
  });
});
