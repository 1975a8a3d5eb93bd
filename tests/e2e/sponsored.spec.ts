/**
 * Sponsored deals in search (decision 030; spec 3 Sponsored deal, spec 4 sponsored search, spec 7
 * sponsored session and event). The demo catalogue sponsors a pottery deal for "pottery".
 */

import { expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';

test('a sponsored deal sits above the results; seeing it records an impression, opening it a click', async ({
  page,
}) => {
  const impression = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/v1/sponsored/impressionAndClick') && r.request().postDataJSON()?.type === 'impression',
  );
  await page.goto('/search?q=pottery');
  const sponsored = page.getByRole('region', { name: 'Sponsored' });
  const link = sponsored.getByRole('article').first().getByRole('link').first();
  await expect(link).toHaveAttribute('href', /\?usr_src=sponsored_search_demo-pottery$/);
  const seen = await impression;
  expect(seen.status()).toBe(202);
  expect(seen.request().postDataJSON()).toMatchObject({ adIds: ['demo-pottery'], dealIds: [expect.any(Number)] });
  const { sessionId } = seen.request().postDataJSON() as { sessionId: string };

  const click = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/sponsored/impressionAndClick') && r.request().postDataJSON()?.type === 'click',
  );
  await link.click();
  await expect(page).toHaveURL(/\/deal\/\d+\?usr_src=sponsored_search_demo-pottery$/);
  const clicked = await click;
  expect(clicked.status()).toBe(202);
  // One visitor, one session: the click joins the impression's.
  expect(clicked.request().postDataJSON()).toMatchObject({ sessionId, type: 'click', adIds: ['demo-pottery'] });
});

test('the search page with a sponsored deal has no serious accessibility problems', async ({ page }) => {
  await page.goto('/search?q=pottery');
  await expect(page.getByRole('region', { name: 'Sponsored' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
