/**
 * Recently viewed and buy again (decision 022) as a shopper meets them: three deals opened come first
 * in Recently Viewed, newest first, and stay after a reload; a shopper with two past orders sees them
 * under Buy again, on the home page's rail and on /buy-again; the shared home page is still served from
 * the cache.
 */

import { expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { priceableDeals } from './deal-fixtures';
import { addOptionToBasket, payBasketByCard, uniqueEmail } from './shopping';

/** The headline links of the cards under a heading's section, in order. */
async function cardHeadlines(scope: ReturnType<Page['locator']>): Promise<string[]> {
  return scope.locator('article .deal-card__title a').allTextContents();
}

test('three deals opened come first in Recently Viewed, newest first, after a reload too', async ({ page }) => {
  await page.goto('/deals/manchester');
  const hrefs = (await page
    .locator('main article .deal-card__title a')
    .evaluateAll((links) => links.slice(0, 3).map((link) => link.getAttribute('href') ?? ''))) as string[];
  expect(hrefs).toHaveLength(3);
  const opened: string[] = [];
  for (const href of hrefs) {
    await page.goto(href);
    const heading = page.getByRole('heading', { level: 1 });
    opened.push(((await heading.textContent()) ?? '').trim());
    // The view is stored once the page's script has run.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('tuppence:recently-viewed') ?? ''))
      .toContain(href.match(/\d{5,}/)?.[0] ?? 'x');
  }
  const newestFirst = [...opened].reverse();

  await page.goto('/recently-viewed');
  const list = page.locator('[data-grid-list]');
  await expect(list.locator('article').first()).toBeVisible();
  expect((await cardHeadlines(list)).slice(0, 3)).toEqual(newestFirst);
  // The cards put in by the browser carry working hearts too.
  await expect(list.locator('button[data-wishlist-heart]').first()).toBeVisible();
  await page.reload();
  await expect(list.locator('article').first()).toBeVisible();
  expect((await cardHeadlines(list)).slice(0, 3)).toEqual(newestFirst);
  const accessibility = await new AxeBuilder({ page }).include('main').analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);

  // The home page's rail shows them too (spec 9: 4 shown), with its View all link; the page
  // itself is the shared cached one.
  const home = await page.goto('/');
  expect(home?.headers()['cache-control'] ?? '').not.toContain('private');
  const rail = page.getByRole('region', { name: 'Recently Viewed' });
  await expect(rail).toBeVisible();
  expect((await cardHeadlines(rail)).slice(0, 3)).toEqual(newestFirst);
  await expect(page.getByRole('link', { name: 'View all Recently Viewed' })).toHaveAttribute(
    'href',
    '/recently-viewed',
  );
  // Recommended for you follows from the categories viewed.
  await expect(page.getByRole('region', { name: 'Recommended for you' })).toBeVisible();
});

test('a shopper with two past orders sees them under Buy again', async ({ page }) => {
  const bought = [priceableDeals[37], priceableDeals[38]];
  await registerConfirmed(page.request, {
    firstName: 'Bea',
    email: uniqueEmail('buyagain'),
    password: 'Sunshine1',
  });
  for (const option of bought) {
    if (!option) throw new Error('no priceable deal for Buy again');
    await addOptionToBasket(page, option);
    await payBasketByCard(page, 'buy-again', { nonce: 'fake-valid-nonce' });
  }

  await page.goto('/buy-again');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy again' })).toBeVisible();
  await expect(page.getByText('2 deals you bought before')).toBeVisible();
  for (const option of bought) {
    await expect(page.locator(`main article a[href^="/deal/${option?.dealId}"]`)).toBeVisible();
  }

  await page.goto('/');
  const rail = page.getByRole('region', { name: 'Buy again' });
  await expect(rail).toBeVisible();
  for (const option of bought) await expect(rail.locator(`a[href^="/deal/${option?.dealId}"]`)).toBeVisible();
  // The most recently bought comes first.
  await expect(rail.locator('article').first().locator(`a[href^="/deal/${bought[1]?.dealId}"]`)).toBeVisible();
});

test('a guest is asked to sign in on /buy-again, and the personal rail partial answers nothing for them', async ({
  page,
  request,
}) => {
  await page.goto('/buy-again');
  await expect(page.getByText('Sign in to see the deals you bought before.')).toBeVisible();
  const partial = await request.get('/partials/personal-rail?rail=buy-again');
  expect(partial.status()).toBe(204);
  expect(partial.headers()['cache-control']).toContain('no-store');
  expect((await request.get('/partials/personal-rail?rail=everything')).status()).toBe(400);
});
