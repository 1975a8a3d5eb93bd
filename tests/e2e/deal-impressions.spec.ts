/**
 * Deal impressions by location (spec 7; decision 033): a listing page reports the deal cards a shopper
 * saw, in a batch after the page has settled, without holding the page up.
 */
import { expect, test } from '@playwright/test';

test('spec 7: the London listing reports the deal cards seen, for London, in one batch', async ({ page }) => {
  await page.clock.install();
  await page.goto('/deals/london');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const reported = page.waitForRequest((request) => request.url().endsWith('/api/v1/deal/impressions'));
  // Idle start, then 5 s after the last card seen the batch goes.
  await page.clock.runFor(10_000);
  const request = await reported;
  const batch = JSON.parse(request.postData() ?? '{}') as { location: string; dealIds: number[] };
  expect(batch.location).toBe('london');
  const onScreen = await page.locator('[data-deal-id]').evaluateAll((cards) =>
    cards
      .filter((card) => {
        const box = card.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom > 0;
      })
      .map((card) => Number((card as HTMLElement).dataset.dealId)),
  );
  expect(onScreen.length).toBeGreaterThan(0);
  expect(batch.dealIds).toEqual(expect.arrayContaining(onScreen.slice(0, 1)));
  const response = await request.response();
  expect(response?.status()).toBe(202);
});
