/**
 * Hostile input against the running shop: NUL characters, ids past the database's integer
 * range and unreadable bodies get a 4xx (JSON `{ message, status }` on /api), never a 5xx or the
 * HTML error page. Each request below once gave a 5xx from the running shop.
 */
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { buyableDeal } from './deal-fixtures';
import { SANDBOX_ORIGIN } from './sandbox';

const NUL = '\u0000';
const PASSWORD = 'Sunshine1';
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

/** A 4xx JSON error, as every /api refusal is. */
async function expectJsonRefusal(response: APIResponse, status = 400): Promise<void> {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toMatchObject({ status, message: expect.any(String) });
}

/** Answered by a page, not the error page: a 4xx (or a 200 page that shows the problem). */
function expectPageNot5xx(response: APIResponse): void {
  expect(response.status(), `${response.url()} answered ${response.status()}`).toBeLessThan(500);
}

/** A signed-in shopper: registered and confirmed through the emailed link (decision 017). */
async function registerByApi(request: APIRequestContext, email: string): Promise<void> {
  await registerConfirmed(request, { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD });
}

test('a NUL search is a 400 JSON on the API and a normal page on /search', async ({ request }) => {
  await expectJsonRefusal(await request.get('/api/v1/search?q=%00'));
  // Every /api answer is JSON, a path no endpoint serves included.
  await expectJsonRefusal(await request.get('/api/v1/no-such-endpoint'), 404);
  await expectJsonRefusal(await request.get('/api/v1/suggest?q=%00'));
  const page = await request.get('/search?q=%00');
  expectPageNot5xx(page);
  expect(page.headers()['content-type']).toContain('text/html');
  expect(await page.text()).not.toContain('Something went wrong');
  expectPageNot5xx(await request.get('/near-me?q=%00'));
});

test('the sandbox approval pages given a NUL id say the payment is unknown', async ({ request }) => {
  for (const path of ['/paypal/approve?id=%00', '/klarna/hpp/%00', '/clearpay/checkout/%00']) {
    const response = await request.get(`${SANDBOX_ORIGIN}${path}`);
    expect(response.status(), path).toBe(404);
  }
  const posted = await request.post(`${SANDBOX_ORIGIN}/paypal/approve`, {
    headers: { Origin: SANDBOX_ORIGIN },
    form: { id: `PAY${NUL}`, decision: 'cancel' },
  });
  expectPageNot5xx(posted);
});

test('NUL in register, login, forgot-password and profile calls is a 400 JSON', async ({ request }) => {
  await expectJsonRefusal(
    await request.post('/api/v1/register', {
      data: { firstName: `Ada${NUL}`, lastName: 'L', email: uniqueEmail('nul'), password: PASSWORD },
    }),
  );
  await expectJsonRefusal(
    await request.post('/api/v1/login', { data: { j_username: `ada${NUL}@example.co.uk`, j_password: PASSWORD } }),
  );
  await expectJsonRefusal(
    await request.post('/api/v1/user/password_reset', { data: { email: `${NUL}@example.co.uk` } }),
  );

  await registerByApi(request, uniqueEmail('profile-nul'));
  await expectJsonRefusal(
    await request.put('/api/v1/user', { data: { firstName: 'Ada', lastName: `L${NUL}`, email: uniqueEmail('p') } }),
  );
});

test('NUL in the account form pages is a 400 page with the form, not the error page', async ({ request, baseURL }) => {
  const headers = { Origin: baseURL ?? '' };
  for (const [path, form] of [
    // The forms post to their actions (decision 030).
    [
      '/register?_action=register',
      { firstName: `Ada${NUL}`, lastName: 'L', email: uniqueEmail('form'), password: PASSWORD },
    ],
    ['/login?_action=login', { email: `ada${NUL}@example.co.uk`, password: PASSWORD }],
    ['/forgot-password?_action=requestEmailLink', { email: `ada${NUL}@example.co.uk` }],
  ] as const) {
    const response = await request.post(path, { headers, form, maxRedirects: 0 });
    expect(response.status(), path).toBe(400);
    expect(await response.text()).not.toContain('Something went wrong');
  }
});

test('basket brand with NUL and ids past 2147483647 are a 400 JSON', async ({ request, baseURL }) => {
  await expectJsonRefusal(await request.post('/api/v1/basket', { data: { brand: `tuppence${NUL}`, products: [] } }));
  await expectJsonRefusal(
    await request.post('/api/v1/basket', { data: { products: [{ dealProductId: 2147483648, quantity: 1 }] } }),
  );
  const created = await request.post('/api/v1/basket', {
    data: { products: [{ dealId: buyableDeal.id, dealProductId: buyableDeal.product.id, quantity: 1 }] },
  });
  expect(created.status()).toBe(201);
  const { id: token } = (await created.json()) as { id: string };
  await expectJsonRefusal(await request.patch(`/api/v1/basket/${token}`, { data: { brand: `vip${NUL}` } }));
  await expectJsonRefusal(
    await request.post(`/api/v1/basket/${token}/product`, { data: { dealProductId: 2147483648, quantity: 1 } }),
  );
  await expectJsonRefusal(await request.get(`/api/v1/checkout?token=${encodeURIComponent(`${token}${NUL}`)}`));
  await expectJsonRefusal(await request.get('/api/v1/get/basket?token=%00'));
  const added = await request.post(`/deal/${buyableDeal.id}?_action=addToBasket`, {
    headers: { Origin: baseURL ?? '' },
    form: { dealId: String(buyableDeal.id), productId: '2147483648' },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(400);
});

test('customer/instruments/2147483648 is a 404 JSON for a signed-in shopper', async ({ request, baseURL }) => {
  await registerByApi(request, uniqueEmail('instruments'));
  const headers = { Origin: baseURL ?? '' };
  await expectJsonRefusal(await request.delete('/api/v1/customer/instruments/2147483648', { headers }), 404);
  await expectJsonRefusal(
    await request.patch('/api/v1/customer/instruments/2147483648', { data: { default: true } }),
    404,
  );
});

test('a multipart sign-up without a boundary is a 400 JSON, as is any unreadable body', async ({
  request,
  baseURL,
}) => {
  const headers = { Origin: baseURL ?? '' };
  await expectJsonRefusal(
    await request.post('/api/v1/deal/sold-out-notification', {
      headers: { ...headers, 'Content-Type': 'multipart/form-data' },
      data: `dealId=${buyableDeal.id}&email=a@example.co.uk`,
    }),
  );
  await expectJsonRefusal(
    await request.post('/api/v1/register', { headers: { 'Content-Type': 'application/json' }, data: '{"firstName":' }),
  );
  await expectJsonRefusal(
    await request.post('/api/v1/basket', { headers: { 'Content-Type': 'application/xml' }, data: '<basket/>' }),
  );
  // The form pages and the deal page's Buy now form: a 400, not the error page.
  for (const path of [
    '/register?_action=register',
    '/login?_action=login',
    `/deal/${buyableDeal.id}?_action=addToBasket`,
  ]) {
    const response = await request.post(path, {
      headers: { ...headers, 'Content-Type': 'multipart/form-data' },
      data: 'email=a@example.co.uk',
      maxRedirects: 0,
    });
    expect(response.status(), path).toBe(400);
  }
});
