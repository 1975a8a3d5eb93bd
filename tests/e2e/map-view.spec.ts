/**
 * The map view (spec 9 "Map"; decision 022), as a shopper meets it: London deals as markers, more areas
 * when zoomed out, and a list beside the map a keyboard user can work through on its own. Nothing is
 * fetched from another host: the base map is the site's own outline.
 */

import { expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';

test('/map-view shows London deals as markers, more areas zoomed out, and a keyboard list', async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL ?? '') && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  await page.goto('/map-view');
  await expect(page.getByRole('heading', { level: 1, name: 'Deals on the map around London' })).toBeVisible();
  const map = page.getByRole('region', { name: 'Map of deals around London' });
  await expect(map).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /\d+ deals? in this area/ })).toBeVisible();
  const markers = map.locator('.leaflet-marker-icon');
  await expect(markers.first()).toBeVisible();
  await expect(map.locator('path.map-view__land').first()).toBeAttached();

  const list = page.getByRole('region', { name: 'Deals on the map' }).getByRole('listitem');
  const londonCount = await list.count();
  expect(londonCount).toBeGreaterThan(0);
  const londonPlaces = new Set(await page.locator('.map-view__card-place').allTextContents());

  // Zoom out three steps: more towns come into view.
  for (let step = 0; step < 3; step += 1) await map.getByRole('button', { name: 'Zoom out' }).click();
  await expect
    .poll(async () => new Set(await page.locator('.map-view__card-place').allTextContents()).size)
    .toBeGreaterThan(londonPlaces.size);

  // A keyboard user reaches every deal in the list: each has its link and its "Show on map" button.
  const links = page.locator('.map-view__card-link');
  const total = await links.count();
  await links.first().focus();
  await expect(links.first()).toBeFocused();
  for (let index = 1; index < Math.min(total, 4); index += 1) {
    await page.keyboard.press('Tab'); // the card's "Show on map"
    await page.keyboard.press('Tab'); // the next card's link
    await expect(links.nth(index)).toBeFocused();
  }
  const locate = page.getByRole('button', { name: /^Show on map: / }).first();
  await locate.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.map-view__card.is-selected')).toHaveCount(1);

  const accessibility = await new AxeBuilder({ page }).include('main').exclude('.leaflet-container').analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);
  expect(foreign).toEqual([]);
});

test('spec 8: a failing map call says "Sorry there was a problem." and can be tried again', async ({ page }) => {
  let failing = true;
  await page.route('**/api/v1/map-deals?**', (route) =>
    failing ? route.fulfill({ status: 503, body: '{}' }) : route.continue(),
  );
  await page.goto('/map-view');
  await expect(page.getByRole('status').filter({ hasText: 'Sorry there was a problem.' })).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status').filter({ hasText: /\d+ deals? in this area/ })).toBeVisible();
});

test('the map call refuses a zoom outside 6 to 16 and a price filter over 200 (spec 9)', async ({ request }) => {
  const base = 'south=51.3&west=-0.5&north=51.7&east=0.3';
  expect((await request.get(`/api/v1/map-deals?${base}&zoom=5`)).status()).toBe(400);
  expect((await request.get(`/api/v1/map-deals?${base}&zoom=11&maxPrice=500`)).status()).toBe(400);
  const ok = await request.get(`/api/v1/map-deals?${base}&zoom=16&mobile=true`);
  expect(ok.status()).toBe(200);
  const body = await ok.json();
  expect(body.limit).toBe(40);
  expect(body.deals.length).toBeLessThanOrEqual(40);
});
