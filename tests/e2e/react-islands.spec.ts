/**
 * Islands on React itself, hydration that never delays the first paint, and pages that travel light
 * (decision 018).
 */
import { expect, type Page, test } from '@playwright/test';
import { galleryDeal, soldOutDeal } from './deal-fixtures';

const BROWSE_PAGES = ['/', '/deals/london', `/deal/${galleryDeal.id}`, '/search?q=spa', '/near-me'];

/** Console errors and uncaught exceptions: a React hydration mismatch shows up as one of these. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** How many island roots carry React's own fiber or container properties (set by react-dom only). */
const reactRoots = (page: Page) =>
  page
    .locator('astro-island:not([ssr])')
    .evaluateAll(
      (islands) =>
        islands.filter((island) =>
          [island, ...island.querySelectorAll('*')].some((node) =>
            Object.keys(node).some((key) => key.startsWith('__reactFiber$') || key.startsWith('__reactContainer$')),
          ),
        ).length,
    );

test('a deal page is hydrated by React (react-dom), every island without a hydration error', async ({ page }) => {
  const errors = collectErrors(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`/deal/${galleryDeal.id}`);
  // client:visible islands hydrate as they scroll into view, client:interact ones (the search box, the
  // gallery, the option chooser) when the pointer reaches them (decisions 068 and 071).
  await page.getByRole('combobox', { name: 'Search Tuppence' }).hover();
  await page.getByRole('region', { name: /^Pictures of/ }).hover();
  await page.getByRole('group', { name: 'Options' }).hover();
  await page.getByRole('button', { name: 'Buy now' }).scrollIntoViewIfNeeded();
  await page.locator('footer').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const islands = await page.locator('astro-island').count();
  // The search box, the gallery and the chooser (the account menu and basket count are not islands, decision 067).
  expect(islands).toBeGreaterThanOrEqual(3);
  await expect.poll(() => reactRoots(page)).toBe(islands);
  // The renderer Astro loads is @astrojs/react's client, and no Preact module is fetched.
  const renderer = await page.locator('astro-island').first().getAttribute('renderer-url');
  expect(scripts).toContain(new URL(renderer ?? '', page.url()).href);
  expect(scripts.filter((url) => /preact/i.test(url))).toEqual([]);
  expect(errors).toEqual([]);
});

test('the sold-out sign-up hydrates on React and checks the email without zod', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(`/deal/${soldOutDeal.id}`);
  const signup = page.getByLabel('Email me if this deal comes back');
  // The search box and the gallery wake when the pointer reaches them (client:interact, decision 068).
  await page.getByRole('combobox', { name: 'Search Tuppence' }).hover();
  await page.getByRole('region', { name: /^Pictures of/ }).hover();
  // The sign-up wakes on the shopper's first touch too (decision 071).
  await signup.hover();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect.poll(() => reactRoots(page)).toBe(await page.locator('astro-island').count());
  // Checked in the browser (no zod on the deal page now): a bad address gets the spec message.
  await signup.fill('not-an-email');
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('browse pages hydrate no island with client:load', async ({ request }) => {
  for (const pathname of BROWSE_PAGES) {
    const html = await (await request.get(pathname)).text();
    expect(html, pathname).toContain('<astro-island');
    expect(html.match(/<astro-island[^>]*\bclient="load"/g) ?? [], pathname).toEqual([]);
  }
});

test('/deals/london comes back compressed, and an /_astro/ script immutable', async ({ request }) => {
  const page = await request.get('/deals/london', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  expect(page.headers().vary).toMatch(/accept-encoding/i);
  expect(page.headers()['cache-control']).not.toMatch(/immutable/);
  const html = await page.text();
  expect(html).toContain('<astro-island');
  const script = html.match(/component-url="(\/_astro\/[^"]+\.js)"/)?.[1];
  expect(script).toBeDefined();
  const asset = await request.get(script ?? '', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
