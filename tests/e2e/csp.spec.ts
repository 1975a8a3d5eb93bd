/**
 * Every page type carries a Content Security Policy (decision 032) without 'unsafe-inline' scripts or
 * styles, and works under it: no script, style or connection of the page is refused by it. The
 * policy is a response header (so frame-ancestors holds), beside nosniff, Referrer-Policy,
 * Permissions-Policy and HSTS.
 */
import { expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';

/** Collects the policy's refusals on this page (Chromium reports each on the console). */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text().slice(0, 300));
  });
  return seen;
}

async function visitAll(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    const seen = refusals(page);
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    const policy = response?.headers()['content-security-policy'] ?? '';
    const script = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    const style = /style-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(script, `${path}: script-src`).toContain("'self'");
    expect(`${script} ${style}`, path).not.toContain('unsafe-inline');
    expect(policy, path).toContain("frame-ancestors 'self'");
    // Islands hydrate on load, idle or when seen: let every one of them run.
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
    if (seen.length > 0) found[path] = [...seen];
    page.removeAllListeners('console');
  }
  return found;
}

test('shared pages of every type work under the policy', async ({ page, request }) => {
  // Fifteen pages, each let run until its network is idle.
  test.setTimeout(120_000);
  const listing = await (await request.get('/deals/london')).text();
  const deal = listing.match(/href="(\/deal\/\d+)"/)?.[1];
  expect(deal).toBeTruthy();
  const found = await visitAll(page, [
    '/',
    '/deals/london',
    '/deals/london/beauty',
    `${deal}`,
    '/search?q=spa',
    '/near-me',
    '/map-view',
    '/guides',
    '/faqs',
    '/ppc',
    '/deals/vip',
    '/?site=vip',
    '/login',
    '/register',
    '/wishlist',
  ]);
  expect(found).toEqual({});
});

test('account pages and checkout work under the policy', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `csp-${Date.now()}@example.co.uk`;
  await registerConfirmed(request, { firstName: 'Ceri', email, password: 'Sunny-day-42' });
  await page
    .context()
    .addCookies((await request.storageState()).cookies.map((cookie) => ({ ...cookie, sameSite: cookie.sameSite })));
  const found = await visitAll(page, [
    '/myaccount/profile',
    '/myaccount/vouchers',
    '/myaccount/wallet',
    '/myaccount/payment-methods',
    '/checkout',
  ]);
  expect(found).toEqual({});
});

test('every response carries the other security headers', async ({ request }) => {
  for (const path of ['/', '/favicon.svg', '/api/v1/menu']) {
    const headers = (await request.get(path)).headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['strict-transport-security'], path).toContain('max-age=31536000');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'self'");
  }
});
