/** A shopper arriving on the home page and location pages (spec 2). */

import { expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';

test('the home page shows real deals and links to them', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Tuppence/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Popular in London/ })).toBeVisible();
  const dealLinks = page.locator('main a[href^="/deal/"]');
  expect(await dealLinks.count()).toBeGreaterThanOrEqual(9);
});

test('/deals/london lists at least 9 different deals and names London in the header', async ({ page }) => {
  const response = await page.goto('/deals/london');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Deals in London' })).toBeVisible();
  const hrefs = await page
    .locator('main a[href^="/deal/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  const ids = new Set(hrefs.map((href) => href?.match(/^\/deal\/(\d+)/)?.[1]).filter(Boolean));
  expect(ids.size).toBeGreaterThanOrEqual(9);
  await expect(
    page.getByRole('navigation', { name: 'Deals menu' }).getByText('London', { exact: true }).first(),
  ).toBeVisible();
});

test('/deals/glasgow is a Glasgow listing with real merchants', async ({ page }) => {
  const response = await page.goto('/deals/glasgow');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Deals in Glasgow' })).toBeVisible();
  await expect(page.locator('main article').first()).toContainText('Glasgow');
});

test('a category and sub-category listing (beauty / spa) narrows the deals', async ({ page }) => {
  const response = await page.goto('/deals/london/beauty/spa');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('London');
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Beauty' }),
  ).toBeVisible();
});

test('an unknown location is a real 404 page', async ({ page }) => {
  const response = await page.goto('/deals/atlantis');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('couldn’t find');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('malformed paths are never a server error', async ({ request }) => {
  for (const path of [
    '/deal/abc',
    '/deal/99999999999999999999',
    '/deal/0',
    '/deals/london/%E0%A4%A',
    // The alias paths rewrite to /deals or /deal: a segment that decodes to a bare "%" must not break it.
    '/shop/%25',
    '/travel/%25zz',
    '/escapes/%25/spa',
    '/email-deal/%25',
    '/email-deals/london/%25E0',
    '/deals/london/beauty/spa/extra/segments',
    '/deals//london',
    '/deals/london/not-a-category',
    '/images/deals/spa/xyz.svg',
    '/images/deals/not-a-theme/1-0.svg',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
    expect(response.status(), path).toBeGreaterThanOrEqual(200);
  }
});

test('a deal page shows the deal the card promised, with its options', async ({ page }) => {
  await page.goto('/deals/london');
  const firstCard = page.locator('main article').first();
  const headline = ((await firstCard.getByRole('link').first().textContent()) ?? '').trim();
  await firstCard.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/deal\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
  await expect(page.getByRole('heading', { name: 'Choose your option' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The fine print' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/deal\/\d+$/);
});

test('deal images are drawn locally, at the size shown, with their sizes (decision 041)', async ({ page, request }) => {
  await page.goto('/deals/london');
  const img = page.locator('main article img').first();
  await expect(img).toHaveAttribute('width', /\d+/);
  await expect(img).toHaveAttribute('height', /\d+/);
  const src = await img.getAttribute('src');
  expect(src).toMatch(/^\/images\/deals\/.+-800w$/);
  // WebP for a client that takes it, JPEG for one that does not; never the SVG the seed painted.
  const webp = await request.get(src ?? '', { headers: { Accept: 'image/webp,*/*' } });
  expect(webp.status()).toBe(200);
  expect(webp.headers()['content-type']).toBe('image/webp');
  const jpeg = await request.get(src ?? '', { headers: { Accept: '*/*' } });
  expect(jpeg.headers()['content-type']).toBe('image/jpeg');
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

test('the page head carries title, description, robots, canonical and social tags (spec 2)', async ({ page }) => {
  await page.goto('/deals/glasgow?utm_source=newsletter');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Glasgow/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /index, follow/i);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/deals\/glasgow$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Glasgow/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1);
});

test('the location page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/deals/london');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('spec 2 special locations: /shop, /travel and /escapes list their deals, with sub-category pages', async ({
  page,
}) => {
  for (const [path, heading] of [
    ['/shop', 'Shop deals delivered across the UK'],
    ['/travel', 'Travel deals and holidays'],
    ['/escapes', 'UK escapes and short breaks'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(await page.locator('main a[href^="/deal/"]').count(), path).toBeGreaterThan(0);
  }
  await page.goto('/travel');
  const travelMenu = page.getByRole('navigation', { name: /travel/i }).first();
  await expect(travelMenu.getByText('UK Travel', { exact: true })).toBeVisible();
  await expect(travelMenu.getByText('International Travel', { exact: true })).toBeVisible();
  const response = await page.goto('/deals/travel/all-inclusive');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All Inclusive deals');
});
