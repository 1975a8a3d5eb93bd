/**
 * spec 8 messages where a shopper meets them (docs/decisions/060): a heart whose call never comes
 * back says "Connection timeout" once spec 9's 20000 ms have passed (the page's clock is run
 * forward; the request is held, never answered), and one answered by a proxy's HTML 502 says
 * "An error occured". Either way the heart goes back.
 */
import { expect, test } from '@playwright/test';

test('spec 8 / 9: a heart with no answer in 20000 ms says "Connection timeout" and is not kept', async ({ page }) => {
  await page.clock.install();
  // The wish list call is held: never answered, never failed (a hung connection).
  await page.route('**/api/v1/wishlist', () => {});
  await page.goto('/deals/london');
  const heart = page.locator('main article button[data-wishlist-heart]').first();
  await expect(heart).toBeVisible();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.clock.runFor(20_000);
  await expect(page.getByRole('status').filter({ hasText: 'Connection timeout' })).toHaveCount(1);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
});

test('spec 8: a heart answered by an HTML 502 says "An error occured" and is not kept', async ({ page }) => {
  await page.route('**/api/v1/wishlist', (route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }),
  );
  await page.goto('/deals/london');
  const heart = page.locator('main article button[data-wishlist-heart]').first();
  await expect(heart).toBeVisible();
  await heart.click();
  await expect(page.getByRole('status').filter({ hasText: 'An error occured' })).toHaveCount(1);
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
});
