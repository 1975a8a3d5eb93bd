/** The hyperlocal hub and pages (spec 2 "Hyperlocal hub pages"; spec 5 "Enter a valid postcode"). */

import { expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';

test('spec 2: the hub has the fixed "near you" title', async ({ page }) => {
  const response = await page.goto('/near-me');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^Deals near you/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deals near you' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeVisible();
});

test('a postcode finds the nearest town: LS1 4AP shows Leeds deals', async ({ page }) => {
  await page.goto('/near-me');
  await page.getByLabel('Town or postcode').fill('LS1 4AP');
  await page.getByRole('button', { name: 'Find deals' }).click();
  await expect(page.getByRole('heading', { name: 'Deals near Leeds' })).toBeVisible();
  const found = page.getByRole('region', { name: 'Deals near Leeds' });
  await expect(found.locator('article').first()).toContainText('Leeds');
  await expect(page.getByRole('link', { name: 'See all deals in Leeds' })).toHaveAttribute('href', '/deals/leeds');
});

test('spec 5: an invalid postcode says "Enter a valid postcode"', async ({ page }) => {
  await page.goto('/near-me');
  await page.getByLabel('Town or postcode').fill('LS1 4A');
  await page.getByRole('button', { name: 'Find deals' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid postcode');
  await expect(page.getByLabel('Town or postcode')).toHaveAttribute('aria-invalid', 'true');
});

test.describe('with the browser sharing its location', () => {
  test.use({ geolocation: { latitude: 53.7997, longitude: -1.5492 }, permissions: ['geolocation'] });

  test('"Use my location" picks the nearest town', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
    });
    await page.goto('/near-me');
    // A plain script, no React (decision 071): the button works once the page has loaded.
    expect(asked.filter((url) => /\/_astro\/client\.[\w-]+\.js$/.test(url))).toEqual([]);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page).toHaveURL(/\/near-me\?q=leeds$/);
    await expect(page.getByRole('heading', { name: 'Deals near Leeds' })).toBeVisible();
  });
});

test('with JavaScript off the hub shows no "Use my location", and the town-or-postcode form still finds deals', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/near-me');
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeHidden();
  await page.getByLabel('Town or postcode').fill('Leeds');
  await page.getByRole('button', { name: 'Find deals' }).click();
  await expect(page.getByRole('heading', { name: 'Deals near Leeds' })).toBeVisible();
  await context.close();
});

test('spec 2: a hyperlocal page is titled from its slug and lists deals near the chosen town', async ({ page }) => {
  const response = await page.goto('/near-me/spa-days');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Spa Days Near Me' })).toBeVisible();
  await expect(page).toHaveTitle(/^Spa Days Near Me/);
  expect(await page.locator('main article').count()).toBeGreaterThan(0);
  await expect(page.getByText(/^Deals in London/)).toBeVisible();
});

test('a town found on the hub becomes the town of the hyperlocal pages', async ({ page }) => {
  await page.goto('/near-me?q=Glasgow');
  await expect(page.getByRole('heading', { name: 'Deals near Glasgow' })).toBeVisible();
  await page.goto('/near-me/afternoon-tea');
  await expect(page.getByRole('heading', { level: 1, name: 'Afternoon Tea Near Me' })).toBeVisible();
  await expect(page.getByText(/^Deals in Glasgow/)).toBeVisible();
});

test('a hyperlocal slug that matches nothing is a 404', async ({ page }) => {
  expect((await page.goto('/near-me/underwater-basket-weaving'))?.status()).toBe(404);
});

test('the near-me hub has no serious accessibility violations', async ({ page }) => {
  await page.goto('/near-me?q=LS1+4A');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
