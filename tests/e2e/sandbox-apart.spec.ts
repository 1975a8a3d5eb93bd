/**
 * The payment sandbox is an app of its own (docs/decisions/035-sandbox-as-its-own-app.md): the built
 * shop serves nothing of it at /sandbox/..., where it used to be; the sandbox answers on its own
 * origin, lets the shop's pages call it from the shopper's browser, and the shop's pages may connect
 * to it (Content Security Policy).
 */
import { expect, test } from '@playwright/test';
import { SANDBOX_ORIGIN } from './sandbox';

test('the built shop answers 404 at /sandbox/..., pages and calls alike', async ({ request, baseURL }) => {
  for (const path of ['/sandbox/paypal/approve?id=PAYID-1', '/sandbox/klarna/hpp/1', '/sandbox/clearpay/checkout/1']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  for (const path of [
    '/sandbox/bt/tokenize',
    '/sandbox/wallets/tokenize',
    '/sandbox/paypal/payments',
    '/sandbox/gateway/transactions/sale',
  ]) {
    const response = await request.post(path, { data: {}, headers: { Origin: baseURL ?? '' } });
    expect(response.status(), path).toBe(404);
  }
});

test("the sandbox answers on its own origin, for the shop's browsers only", async ({ request, baseURL }) => {
  const shop = new URL(baseURL ?? '').origin;
  const preflight = await request.fetch(`${SANDBOX_ORIGIN}/bt/tokenize`, {
    method: 'OPTIONS',
    headers: {
      Origin: shop,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
  expect(preflight.status()).toBe(204);
  expect(preflight.headers()['access-control-allow-origin']).toBe(shop);
  const elsewhere = await request.fetch(`${SANDBOX_ORIGIN}/bt/tokenize`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
  });
  expect(elsewhere.status()).toBe(403);
});

test("the checkout's policy lets the page connect to the sandbox (the card form tokenises there)", async ({ page }) => {
  const answer = await page.goto('/checkout');
  const policy = answer?.headers()['content-security-policy'] ?? '';
  expect(/connect-src ([^;]*)/.exec(policy)?.[1]?.split(' ')).toContain(SANDBOX_ORIGIN);
});
