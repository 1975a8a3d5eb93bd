/** The home page's category tiles (spec 7 "GET tiles", the tiles service; decision 033). */
import { expect, test } from '@playwright/test';

test('spec 7: the home page shows London’s categories as tiles that lead to their listings', async ({ page }) => {
  await page.goto('/');
  const tiles = page.getByRole('region', { name: 'Browse London' });
  const links = tiles.getByRole('link');
  expect(await links.count()).toBeGreaterThan(1);
  const first = links.first();
  await expect(first).toHaveAccessibleName(/\d[\d,]* deals?$/);
  const href = (await first.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/deals\/london\/[a-z0-9-]+$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('spec 7: GET /api/v1/tiles answers an array, or an object with error', async ({ request }) => {
  const tiles = await request.get('/api/v1/tiles?brand=tuppence&country=gb&location=london');
  expect(tiles.status()).toBe(200);
  const body = (await tiles.json()) as { linkText: string; url: string; count: number }[];
  expect(body[0]).toMatchObject({ linkText: expect.any(String), url: expect.stringMatching(/^\/deals\/london\//) });
  const unknown = await request.get('/api/v1/tiles?location=atlantis');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: expect.any(String) });
});
