/**
 * Guides and the guide editor (decision 023; spec 3 Guide page, spec 7 guide answers):
 * a guide lists deals from its feed with Article / ItemList JSON-LD, a redirectUrl is a 301 and a
 * missing guide a 404; guide pages are cached and a changed deal refreshes them; an editor changes a
 * guide's text and feed with a live preview and publishes, and the public page shows it on the next
 * request while other pages stay cached; a guest or a shopper cannot open the editor.
 */

import { expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';

const OPERATOR = { Authorization: 'Bearer e2e-operator-token' };

function jsonLdOf(html: string): { '@graph': Record<string, unknown>[] } {
  const text = [...html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .find((json) => json.includes('"Article"'));
  return JSON.parse(text ?? '{"@graph":[]}');
}

test('a guide lists its numbered picks and the deals of its feed, with Article and ItemList JSON-LD', async ({
  page,
}) => {
  await page.goto('/guides/best-afternoon-tea-in-london');
  await expect(page.getByRole('heading', { level: 1, name: 'Best afternoon tea in London' })).toBeVisible();
  await expect(page).toHaveTitle(/Best Afternoon Tea in London 2026/);
  const picks = page
    .getByRole('list')
    .filter({ has: page.locator('.guide-pick') })
    .locator('> li');
  expect(await picks.count()).toBeGreaterThan(0);
  await expect(picks.first().getByRole('heading', { name: /^Pick 1:/ })).toBeVisible();
  // Every deal card links to a London afternoon tea deal from the feed.
  const dealLinks = await page
    .locator('a[href^="/deal/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(dealLinks.length).toBeGreaterThan(0);

  const graph = jsonLdOf(await page.content())['@graph'];
  expect(graph.map((node) => node['@type'])).toEqual(['Article', 'ItemList']);
  const list = graph[1] as { itemListElement: { url: string; position: number }[] };
  expect(list.itemListElement.length).toBe(new Set(dealLinks).size);
  expect(new URL(list.itemListElement[0]?.url ?? 'http://x/').pathname).toBe(dealLinks[0]);
});

test('spec 7: a guide with a redirectUrl answers 301, a missing guide 404', async ({ request }) => {
  const moved = await request.get('/guides/afternoon-tea-london', { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('/guides/best-afternoon-tea-in-london');
  const missing = await request.get('/guides/no-such-guide');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['x-guide-error']).toBe('not-found');
  expect(await missing.text()).toContain('<title>');
  expect((await request.get('/guides')).status()).toBe(200);
});

test('a guide page is cached, and a change to a deal it shows refreshes it', async ({ request }) => {
  const first = await request.get('/guides/escape-rooms-in-birmingham');
  expect(first.status()).toBe(200);
  const dealId = (await first.text()).match(/href="\/deal\/(\d+)"/)?.[1];
  expect(dealId).toBeTruthy();
  expect((await request.get('/guides/escape-rooms-in-birmingham')).headers()['x-astro-cache']).toBe('HIT');

  const headline = `Escape the lab: a 60-minute room for up to 6 ${Date.now()}`;
  const patched = await request.patch(`/api/internal/deals/${dealId}`, { headers: OPERATOR, data: { headline } });
  expect(patched.status()).toBe(200);
  const after = await request.get('/guides/escape-rooms-in-birmingham');
  expect(after.headers()['x-astro-cache']).toBe('MISS');
  expect(await after.text()).toContain(headline);
});

test('a guest is sent to sign in, and a signed-in shopper without the editor role is refused', async ({ page }) => {
  const guest = await page.request.get('/editor', { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  expect(guest.headers().location).toBe('/login?redirect=%2Feditor');
  expect((await page.request.get('/editor/guides/spa-days-near-manchester', { maxRedirects: 0 })).status()).toBe(302);
  const origin = new URL(guest.url()).origin;
  const preview = await page.request.post('/editor/preview', {
    form: { displayName: 'x' },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(preview.status()).toBe(401);

  const email = `shopper-${Date.now()}@example.co.uk`;
  await registerConfirmed(page.request, { firstName: 'Sam', email, password: 'Correct-horse-battery-9' });
  const refused = await page.goto('/editor');
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'You do not have access to the guide editor' })).toBeVisible();
  expect((await page.request.get('/editor/guides/spa-days-near-manchester')).status()).toBe(403);
});

async function signInAsEditor(page: Page): Promise<string> {
  const email = `editor-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.co.uk`;
  await registerConfirmed(page.request, { firstName: 'Edie', email, password: 'Correct-horse-battery-9' });
  const granted = await page.request.put('/api/internal/content-editors', { headers: OPERATOR, data: { email } });
  expect(granted.status()).toBe(200);
  return email;
}

test("an editor changes a guide's text and feed with a live preview, publishes, and the page shows it on the next request", async ({
  page,
}) => {
  await signInAsEditor(page);
  // Warm two public pages: the one being edited and another that must stay cached.
  await page.request.get('/guides/spa-days-near-manchester');
  await page.request.get('/guides/bottomless-brunch-in-leeds');
  expect((await page.request.get('/guides/spa-days-near-manchester')).headers()['x-astro-cache']).toBe('HIT');
  expect((await page.request.get('/guides/bottomless-brunch-in-leeds')).headers()['x-astro-cache']).toBe('HIT');

  await page.goto('/editor');
  await page.getByRole('link', { name: 'Spa days near Manchester' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Spa days near Manchester' })).toBeVisible();

  const sentence = `The favourite spa of our editors this winter ${Date.now()}.`;
  await page.getByLabel('Text (Markdown)', { exact: true }).fill(`## New this week\n\n${sentence}`);
  await page.getByLabel('Max price (£)').fill('40');
  const preview = page.frameLocator('iframe[name="guide-preview"]');
  await expect(preview.getByRole('heading', { name: 'New this week' })).toBeVisible();
  await expect(preview.getByText(sentence)).toBeVisible();

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText(/Saved version 2 as a draft/)).toBeVisible();
  // A draft is not live.
  expect(await (await page.request.get('/guides/spa-days-near-manchester')).text()).not.toContain(sentence);

  const started = Date.now();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published version 2. The guide page shows it now.')).toBeVisible();
  const requested = Date.now();
  const served = await page.request.get('/guides/spa-days-near-manchester');
  const publishToServedMs = Date.now() - started;
  const renderMs = Date.now() - requested;
  // Reported, not asserted (no timed assertions): decision 023 records the figure.
  test.info().annotations.push({ type: 'publish-to-served-ms', description: String(publishToServedMs) });
  console.log(`Guide publish click to new page served: ${publishToServedMs} ms (the fresh render: ${renderMs} ms)`);
  expect(served.headers()['x-astro-cache']).toBe('MISS');
  const html = await served.text();
  expect(html).toContain(sentence);
  // The feed change took effect too: every price shown is at most £40.
  const prices = [...html.matchAll(/class="deal-card__amount"[^>]*>£([\d,.]+)/g)].map((m) =>
    Number((m[1] ?? '0').replace(',', '')),
  );
  expect(prices.every((price) => price <= 40)).toBe(true);
  // Another guide stayed cached.
  expect((await page.request.get('/guides/bottomless-brunch-in-leeds')).headers()['x-astro-cache']).toBe('HIT');

  // History: restore version 1 as a new draft, publish it, and the old text is back.
  await page.getByRole('button', { name: 'Restore v1' }).click();
  await expect(page.getByText('Restored as draft version 3. Publish it to put it live.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Draft (restored from v1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published version 3. The guide page shows it now.')).toBeVisible();
  expect(await (await page.request.get('/guides/spa-days-near-manchester')).text()).not.toContain(sentence);
});

test('the editor keeps what was typed and says what is wrong when a guide is invalid', async ({ page }) => {
  await signInAsEditor(page);
  await page.goto('/editor/guides/experience-gifts-under-30');
  await page.getByLabel('Min price (£)').fill('50');
  await page.getByLabel('Max price (£)').fill('20');
  await page.getByLabel('Redirect to (a 301; leave empty for none)').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save draft' }).click();
  const alert = page.getByRole('alert').first();
  await expect(alert).toContainText('The minimum price must not be above the maximum price');
  await expect(alert).toContainText('Use a site path such as /guides/spa-days, or an https:// address');
  await expect(page.getByLabel('Min price (£)')).toHaveValue('50');
});

test('an editor starts a new guide, and the editor has no serious accessibility violations', async ({ page }) => {
  await signInAsEditor(page);
  await page.goto('/editor');
  const slug = `cocktail-classes-${Date.now()}`;
  await page.getByLabel('Name').fill('Cocktail classes in Glasgow');
  await page.getByLabel('Slug (the address: /guides/…)').fill(slug);
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(new RegExp(`/editor/guides/${slug}`));
  await expect(page.getByText('Guide created as a draft.')).toBeVisible();
  // Not public until published.
  expect((await page.request.get(`/guides/${slug}`)).status()).toBe(404);
  const results = await new AxeBuilder({ page }).exclude('iframe').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious).toEqual([]);
});

test('a guide page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/guides/bottomless-brunch-in-leeds');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious).toEqual([]);
});

test('the operator endpoint grants and revokes the editor role, refusing a missing token and bad input', async ({
  page,
}) => {
  const email = `role-${Date.now()}@example.co.uk`;
  expect((await page.request.put('/api/internal/content-editors', { data: { email } })).status()).toBe(401);
  const bad = await page.request.put('/api/internal/content-editors', { headers: OPERATOR, data: { email: 'nope' } });
  expect(bad.status()).toBe(400);
  const unknown = await page.request.put('/api/internal/content-editors', { headers: OPERATOR, data: { email } });
  expect(unknown.status()).toBe(404);

  await registerConfirmed(page.request, { firstName: 'Rory', email, password: 'Correct-horse-battery-9' });
  const granted = await page.request.put('/api/internal/content-editors', { headers: OPERATOR, data: { email } });
  expect(await granted.json()).toEqual({ email, isEditor: true, changed: true });
  expect((await page.request.get('/editor')).status()).toBe(200);
  const revoked = await page.request.delete('/api/internal/content-editors', { headers: OPERATOR, data: { email } });
  expect(await revoked.json()).toEqual({ email, isEditor: false, changed: true });
  expect((await page.request.get('/editor')).status()).toBe(403);
});
