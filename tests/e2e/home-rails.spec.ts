/**
 * The home rails move by themselves (issue 21.6; spec 7 content/scroller-configuration, spec 9
 * carousel interval 9000 ms), on the browser's clock run forward by the test, not by waiting.
 */
import { expect, test } from '@playwright/test';

test('spec 9: a home rail moves on one card after 9000 ms, and its Pause button stops it', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const rail = page.locator('[data-rail="popular"]');
  const list = rail.locator('.rail__list');
  const pause = rail.getByRole('button', { name: /^Pause Popular in/ });
  await expect(pause).toBeVisible();
  await page.mouse.move(0, 0);
  expect(await list.evaluate((el) => el.scrollLeft)).toBe(0);

  await page.clock.runFor(9_000);
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  await pause.click();
  await expect(rail.getByRole('button', { name: /^Play Popular in/ })).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(0, 0);
  const held = await list.evaluate((el) => el.scrollLeft);
  await page.clock.runFor(20_000);
  expect(await list.evaluate((el) => el.scrollLeft)).toBe(held);
});

test('prefers-reduced-motion: the rails never move by themselves', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  const rail = page.locator('[data-rail="popular"]');
  await expect(rail.getByRole('button', { name: /^Next Popular in/ })).toBeVisible();
  await expect(rail.getByRole('button', { name: /^Pause/ })).toBeHidden();
  await page.clock.runFor(30_000);
  expect(await rail.locator('.rail__list').evaluate((el) => el.scrollLeft)).toBe(0);
});

test('spec 7: GET content/scroller-configuration answers the rails’ configuration', async ({ request }) => {
  const response = await request.get('/api/v1/content/scroller-configuration?brand=vip');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ brand: 'vip', autoplay: true, intervalMs: 9000, pauseOnHover: true });
  expect((await request.get('/api/v1/content/scroller-configuration?brand=nope')).status()).toBe(400);
});
