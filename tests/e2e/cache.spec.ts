/**
 * Route caching (decision 006, spec 9 cache age 1200 s): a location page comes from the cache on the
 * second request, carries shared-cache headers, is never personalised or served across brands,
 * and a changed deal invalidates the cached pages that show it.
 */
import { expect, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { poorlyReviewedDeal } from './deal-fixtures';

const OPERATOR = { Authorization: 'Bearer e2e-operator-token' };

test('a location page is served from the cache on the second request, with shared-cache headers', async ({
  request,
}) => {
  // A path of its own so no other test warmed it first.
  const first = await request.get('/deals/bristol');
  expect(first.status()).toBe(200);
  expect(first.headers()['x-astro-cache']).toBe('MISS');
  expect(first.headers()['cache-control']).toContain('s-maxage=1200');
  expect(first.headers()['cache-control']).toContain('stale-while-revalidate');
  expect(first.headers()['set-cookie']).toBeUndefined();

  const second = await request.get('/deals/bristol');
  expect(second.headers()['x-astro-cache']).toBe('HIT');
  expect(await second.text()).toBe(await first.text());
});

test('a page cached for one brand is never served for another', async ({ request }) => {
  const plain = await request.get('/deals/cardiff');
  const vip = await request.get('/deals/cardiff', { headers: { Cookie: 'site=vip' } });
  expect(await plain.text()).toContain('data-brand="tuppence"');
  expect(await vip.text()).toContain('data-brand="vip"');
  const vipAgain = await request.get('/deals/cardiff', { headers: { Cookie: 'site=vip' } });
  expect(vipAgain.headers()['x-astro-cache']).toBe('HIT');
  expect(await vipAgain.text()).toContain('data-brand="vip"');
});

test('a changed deal invalidates the cached listing that shows it', async ({ request }) => {
  const before = await request.get('/deals/leeds');
  const dealId = (await before.text()).match(/href="\/deal\/(\d+)"/)?.[1];
  expect(dealId).toBeTruthy();
  expect((await request.get('/deals/leeds')).headers()['x-astro-cache']).toBe('HIT');

  const headline = `Sunrise hot-air balloon flight for two ${Date.now()}`;
  const patched = await request.patch(`/api/internal/deals/${dealId}`, { headers: OPERATOR, data: { headline } });
  expect(patched.status()).toBe(200);

  const after = await request.get('/deals/leeds');
  expect(after.headers()['x-astro-cache']).toBe('MISS');
  expect(await after.text()).toContain(headline);
});

test('the operator endpoint refuses a missing token and bad input with clear 4xx answers', async ({ request }) => {
  expect((await request.patch('/api/internal/deals/31000001', { data: { headline: 'Nope' } })).status()).toBe(401);
  const bad = await request.patch('/api/internal/deals/31000001', { headers: OPERATOR, data: { headline: 42 } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toContain('headline');
  const missing = await request.patch('/api/internal/deals/99', {
    headers: OPERATOR,
    data: { headline: 'A real headline' },
  });
  expect(missing.status()).toBe(404);
});

test('a signed-in shopper gets the shared page; their name arrives only through the account island', async ({
  page,
  request,
}) => {
  const email = `cache-${Date.now()}@example.co.uk`;
  await registerConfirmed(request, { firstName: 'Wilhelmina', lastName: 'Cachetest', email, password: 'Sunny-day-42' });

  // The request context now carries the session cookie: the cached page must not know who it is for.
  const shared = await request.get('/deals/york');
  const html = await shared.text();
  expect(html).not.toContain('Wilhelmina');
  expect(html).not.toContain(email);
  expect(shared.headers()['cache-control']).toContain('public');

  // In a browser with the same session, the header island fills in the name after loading.
  await page
    .context()
    .addCookies(
      (await request.storageState()).cookies.map(({ name, value, domain, path }) => ({ name, value, domain, path })),
    );
  await page.goto('/deals/york');
  await expect(page.getByRole('banner')).toContainText('Wilhelmina');
});

test('a form posted to a cached deal page (its action, decision 030) is answered afresh, and the cached page stays', async ({
  request,
  baseURL,
}) => {
  // A deal no story buys from, so nothing else invalidates its cached page meanwhile.
  const page = `/deal/${poorlyReviewedDeal.id}`;
  await request.get(page);
  const cached = await request.get(page);
  expect(cached.headers()['x-astro-cache']).toBe('HIT');

  const refused = await request.post(`${page}?_action=addToBasket`, {
    headers: { Origin: baseURL ?? '' },
    form: { dealId: String(poorlyReviewedDeal.id), productId: 'not an option' },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect(refused.headers()['x-astro-cache']).toBeUndefined();
  expect(refused.headers()['cache-control']).toBe('no-store');

  const after = await request.get(page);
  expect(after.headers()['x-astro-cache']).toBe('HIT');
  expect(await after.text()).toBe(await cached.text());
});
