/**
 * spec 7 deal feed "recentViewedDeal repeated up to 5" (spec 9; decision 033): the listing's Show more
 * asks for its next page with the deals this browser viewed lately, and the page leaves them out.
 */
import { expect, test } from '@playwright/test';

test('spec 7: Show more leaves out a deal the shopper has just viewed, and more pages still follow', async ({
  page,
  request,
}) => {
  const nextPage = await (await request.get('/partials/deals?path=/deals/london&page=2')).text();
  const viewedId = Number(/data-deal-id="(\d+)"/.exec(nextPage)?.[1]);
  expect(viewedId).toBeGreaterThan(0);

  await page.goto(`/deal/${viewedId}`);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('tuppence:recently-viewed') ?? ''))
    .toContain(`"id":${viewedId}`);

  await page.goto('/deals/london');
  const asked = page.waitForRequest((req) => req.url().includes('/partials/deals?'));
  const button = page.getByRole('button', { name: 'Show more deals' });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeEnabled();
  await button.click();
  expect(new URL((await asked).url()).searchParams.getAll('recentViewedDeal')).toEqual([String(viewedId)]);
  await expect(page.getByRole('main').getByRole('status')).toContainText(/more deals? added/);
  await expect(page.locator(`main .deal-grid [data-deal-id="${viewedId}"]`)).toHaveCount(0);
  // The page was one deal short only because of the one left out: Show more stays.
  await expect(button).toBeVisible();
});

test('spec 7: the Show more partial refuses more than 5 recentViewedDeal or one that is not an id', async ({
  request,
}) => {
  const six = Array.from({ length: 6 }, (_, index) => `recentViewedDeal=${index + 1}`).join('&');
  for (const query of [six, 'recentViewedDeal=x']) {
    const answer = await request.get(`/partials/deals?path=/deals/london&page=2&${query}`);
    expect(answer.status(), query).toBe(400);
    expect(await answer.json()).toMatchObject({ status: 400, message: expect.stringContaining('recentViewedDeal') });
  }
});
