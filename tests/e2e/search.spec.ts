/**
 * A shopper searching (spec 2 "/search", "Search shows Suggestions and Top Searches"; spec 3
 * search response; spec 9 search page size 12): the header box suggests as they type and is
 * usable by keyboard, results have facets and page links, typos are corrected, an empty search
 * still offers somewhere to go, and everything works without JavaScript.
 */

import { expect, type Page, test } from '@playwright/test';
import { AxeBuilder } from './axe';

/** The header box, once the pointer reaching it has woken its island (client:interact, decision 068). */
async function headerSearchBox(page: Page) {
  const box = page.getByRole('combobox', { name: 'Search Tuppence' });
  await box.hover();
  await expect(page.locator('astro-island[component-url*="SearchBox"]')).not.toHaveAttribute('ssr', /.*/);
  return box;
}

function seriousViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

test('typing in the header box shows Suggestions and Top Searches; ArrowDown + Enter opens the first', async ({
  page,
}) => {
  await page.goto('/');
  const box = await headerSearchBox(page);
  await box.click();
  await box.pressSequentially('afterno');
  const suggestions = page.getByRole('group', { name: 'Suggestions' }).getByRole('option');
  await expect(suggestions.first()).toHaveText('afternoon');
  await expect(page.getByRole('group', { name: 'Top Searches' }).getByRole('option').first()).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  await box.press('ArrowDown');
  const firstId = await suggestions.first().getAttribute('id');
  await expect(box).toHaveAttribute('aria-activedescendant', firstId ?? 'missing');
  await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/search\?q=afternoon$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deals for “afternoon”');
});

test('the suggestion list follows the keyboard: End, Home, ArrowUp wraps, Escape closes', async ({ page }) => {
  await page.goto('/');
  const box = await headerSearchBox(page);
  await box.click();
  await box.pressSequentially('spa');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(page.getByRole('group', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  const count = await options.count();

  await box.press('ArrowDown');
  await box.press('End');
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await box.press('Home');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');

  await box.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(box).toHaveValue('spa');
});

test('a deal suggestion leads straight to the deal', async ({ page }) => {
  await page.goto('/');
  const box = await headerSearchBox(page);
  await box.click();
  await box.pressSequentially('afternoon tea');
  const dealOption = page
    .getByRole('group', { name: 'Suggestions' })
    .getByRole('option', { name: /Afternoon Tea for \d/ })
    .first();
  await expect(dealOption).toBeVisible();
  const headline = (await dealOption.textContent()) ?? '';
  await dealOption.click();
  await expect(page).toHaveURL(/\/deal\/\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headline);
});

test('submitting a search shows 12 results, category facets and page links (spec 9: search page size 12)', async ({
  page,
}) => {
  await page.goto('/');
  const box = await headerSearchBox(page);
  await box.fill('spa');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=spa$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deals for “spa”');
  await expect(page.getByText(/^\d[\d,]* deals$/)).toBeVisible();
  await expect(page.locator('main article')).toHaveCount(12);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  await expect(page).toHaveTitle(/deals for “spa”/);

  const facets = page.getByRole('navigation', { name: 'Filter by category' });
  await expect(facets.getByRole('link', { name: /All categories/ })).toHaveAttribute('aria-current', 'page');
  await facets.getByRole('link', { name: /^Beauty/ }).click();
  await expect(page).toHaveURL(/\/search\?q=spa&category=beauty$/);
  await expect(facets.getByRole('link', { name: /^Beauty/ })).toHaveAttribute('aria-current', 'page');

  const pages = page.getByRole('navigation', { name: 'Result pages' });
  await pages.getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=spa&category=beauty&page=2$/);
  await expect(page.getByText(/page 2 of \d+/)).toBeVisible();
  // spec 2: the way back to page 1 is the clean URL, never page=1.
  await expect(pages.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
    'href',
    '/search?q=spa&category=beauty',
  );
  await expect(pages.getByRole('link', { name: 'Previous page' })).toHaveAttribute(
    'href',
    '/search?q=spa&category=beauty',
  );
});

test('spec 9 price filters and sort options narrow and reorder the results, keeping the query', async ({ page }) => {
  await page.goto('/search?q=spa');
  await page.getByRole('navigation', { name: 'Filter by price' }).getByRole('link', { name: '£20 to £50' }).click();
  await expect(page).toHaveURL(/\/search\?q=spa&minPrice=20&maxPrice=50$/);
  await page.getByLabel('Sort by').selectOption({ label: 'Price low to high' });
  await page.getByRole('button', { name: 'Sort' }).click();
  await expect(page).toHaveURL(/\/search\?q=spa&minPrice=20&maxPrice=50&orderBy=pricelow$/);
  await expect(page.getByLabel('Sort by')).toHaveValue('pricelow');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deals for “spa”');
  expect(await page.locator('main article').count()).toBeGreaterThan(0);

  // The search's highest price filter: far above any price the other specs set when they re-price deals.
  await page.goto('/search?q=spa&minPrice=100000');
  await expect(page.getByRole('heading', { name: 'No “spa” deals match these filters' })).toBeVisible();
  await page.getByRole('link', { name: 'See every deal for “spa”' }).click();
  await expect(page).toHaveURL(/\/search\?q=spa$/);
});

test('a misspelt search says what it showed instead ("afternon tea")', async ({ page }) => {
  await page.goto('/search?q=afternon+tea');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deals for “afternon tea”');
  await expect(page.getByText('Showing results for afternoon tea')).toBeVisible();
  await expect(page.locator('main article').first()).toContainText(/afternoon tea/i);
});

test('a search with no results offers the search box, Top Searches and popular categories', async ({ page }) => {
  await page.goto('/search?q=xqzvwk');
  await expect(page.getByRole('heading', { name: 'No deals matched “xqzvwk”' })).toBeVisible();
  await expect(page.getByText('0 deals')).toBeVisible();
  await expect(page.getByRole('search', { name: 'Try another search' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Popular categories' }).getByRole('link').first()).toBeVisible();
  const topSearches = page.getByRole('region', { name: 'Top Searches' });
  await topSearches.getByRole('link', { name: 'Afternoon tea' }).click();
  await expect(page).toHaveURL(/\/search\?q=Afternoon\+tea$/);
  expect(await page.locator('main article').count()).toBeGreaterThan(0);
});

test('/search without a query is a search landing with Top Searches', async ({ page }) => {
  const response = await page.goto('/search');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search deals');
  await expect(page.getByRole('region', { name: 'Top Searches' }).getByRole('link')).not.toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
});

test('a bad filter value is ignored on the page; only an unusable query gets a 400 page', async ({ page }) => {
  const ignored = await page.goto('/search?q=spa&minPrice=cheap');
  expect(ignored?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deals for “spa”');
  expect(await page.locator('main article').count()).toBeGreaterThan(0);

  const response = await page.goto(`/search?q=${'spa'.repeat(70)}`);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('q');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header box is a plain search form', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search Tuppence' });
    await box.fill('massage');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=massage$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deals for “massage”');
  });
});

test('the search API answers spec 3’s shape and refuses bad input with a 400', async ({ request }) => {
  const ok = await request.get('/api/v1/search?q=spa');
  expect(ok.status()).toBe(200);
  const body = await ok.json();
  expect(body.deals).toHaveLength(12);
  expect(body.searchResult).toEqual({ q: 'spa', page: 1, pageSize: 12 });
  const facetTotal = body.facetedNavigation.navigations.reduce((sum: number, f: { count: number }) => sum + f.count, 0);
  expect(facetTotal).toBe(body.count);

  const missing = await request.get('/api/v1/search');
  expect(missing.status()).toBe(400);
  expect(await missing.json()).toEqual({ status: 400, message: 'q: Enter something to search for (q)' });

  const suggest = await request.get('/api/v1/suggest?q=spaa');
  expect((await suggest.json()).suggestions[0]).toEqual({ text: 'spa', url: '/search?q=spa' });
});

for (const [name, path] of [
  ['results', '/search?q=spa'],
  ['empty results', '/search?q=xqzvwk'],
  ['landing', '/search'],
] as const) {
  test(`the search ${name} page has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    expect(seriousViolations(await new AxeBuilder({ page }).analyze())).toEqual([]);
  });
}

test('the open suggestion list has no serious accessibility violations', async ({ page }) => {
  await page.goto('/search?q=spa');
  const box = await headerSearchBox(page);
  await box.fill('');
  await box.pressSequentially('afterno');
  await expect(page.getByRole('group', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await box.press('ArrowDown');
  expect(seriousViolations(await new AxeBuilder({ page }).analyze())).toEqual([]);
});
