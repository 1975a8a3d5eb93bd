/** Brands and themes (spec 1, spec 2 "site" parameter, spec 4 campaign windows). */
import { expect, test } from '@playwright/test';

test('?site= selects a brand and it is remembered on the next page', async ({ page }) => {
  await page.goto('/deals/london?site=treatly&clock=2026-07-01');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'treatly');
  await page.goto('/deals/glasgow?clock=2026-07-01');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'treatly');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'treatly');
});

test('an unknown ?site= value falls back to the default brand', async ({ page }) => {
  await page.goto('/?site=nonsense&clock=2026-07-01');
  await expect(page.locator('html')).toHaveAttribute('data-brand', 'tuppence');
});

test('a VIP result switches to the VIP theme', async ({ page }) => {
  await page.goto('/?site=vip');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'vip');
});

test('the wellness-collection location switches to the wellness theme', async ({ page }) => {
  const response = await page.goto('/deals/wellness-collection');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'wellness');
});

test('Black Friday and Christmas variants switch by date window', async ({ page }) => {
  await page.goto('/deals/london?clock=2026-11-27T12:00:00Z');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'black-friday');
  await page.goto('/deals/london?clock=2026-12-20T12:00:00Z');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'christmas');
  await page.goto('/deals/london?clock=2026-12-27T12:00:00Z');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'tuppence');
});

test('/deals/vip lists VIP deals in the VIP theme', async ({ page }) => {
  const response = await page.goto('/deals/vip');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'vip');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('VIP deals');
  expect(await page.locator('main a[href^="/deal/"]').count()).toBeGreaterThan(0);
});
