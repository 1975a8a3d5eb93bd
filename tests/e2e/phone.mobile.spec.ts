/** The shop at 375 px (spec 9 breakpoints): nothing overflows, menus scroll and fold. */
import { expect, test } from '@playwright/test';

for (const path of ['/', '/deals/london', '/deals/glasgow/beauty', '/travel', '/deals/atlantis']) {
  test(`${path} fits a 375 px phone without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('the header is 82 px high on a phone (spec 9)', async ({ page }) => {
  await page.goto('/deals/london');
  const height = await page.locator('[data-site-header]').evaluate((el) => el.getBoundingClientRect().height);
  expect(Math.round(height)).toBe(82);
});

test('the travel menu is an accordion on a phone', async ({ page }) => {
  await page.goto('/travel');
  const menu = page.getByRole('navigation', { name: 'Travel menu' });
  const international = menu.locator('summary', { hasText: 'International Travel' });
  await expect(international).toBeVisible();
  const beach = menu.getByRole('link', { name: 'Beach Holidays' }).last();
  await expect(beach).toBeHidden();
  await international.click();
  await expect(beach).toBeVisible();
});

test('the navigation bar scrolls sideways with an arrow', async ({ page }) => {
  await page.goto('/deals/london');
  const track = page.locator('[data-nav-track]');
  const forward = page.locator('[data-nav-scroll="forward"]');
  await expect(forward).toBeVisible();
  await forward.click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});
