/**
 * A new shopper narrows and pages through a listing (spec 2 filter parameters and paging URLs,
 * spec 3 faceted navigation, spec 4 deal list, spec 9 filters, sorting and page sizes).
 */

import { expect, type Locator, type Page, test } from '@playwright/test';
import { AxeBuilder } from './axe';

/** The grid's cards (the main deal sits above the grid and is left out). */
const gridCards = (page: Page): Locator => page.locator('main .deal-grid__block > li > article');

/** Prices shown on the grid's cards, in pence, in page order ("See options" cards have none). */
async function gridPrices(page: Page): Promise<number[]> {
  const texts = await gridCards(page).locator('.deal-card__amount').allTextContents();
  return texts.map((text) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100));
}

/** Scrolls to "Show more deals" (the island wakes when seen: client:visible) and presses it. */
async function showMore(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Show more deals' });
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeEnabled();
  await button.click();
}

async function dealIds(cards: Locator): Promise<string[]> {
  const hrefs = await cards.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.match(/^\/deal\/(\d+)/)?.[1] ?? href);
}

test('a new shopper filters London by price, sorts low to high and loads more without repeats', async ({ page }) => {
  await page.goto('/deals/london');
  await expect(page.getByRole('heading', { level: 1, name: 'Deals in London' })).toBeVisible();

  // spec 3: the location page offers its categories with counts that add up to the total.
  const facets = page.getByRole('navigation', { name: 'Browse by category' });
  const total = Number(((await page.locator('.listing-head__count').textContent()) ?? '').replace(/[^0-9]/g, ''));
  const counts = await facets
    .locator('.facets__count')
    .evaluateAll((nodes) => nodes.map((node) => Number((node.firstChild?.textContent ?? '').replace(/[^0-9]/g, ''))));
  expect(counts.reduce((sum, n) => sum + n, 0)).toBe(total);

  const filters = page.getByRole('region', { name: 'Filter and sort' });
  await filters.getByLabel('Min price').selectOption({ label: '£10' });
  await filters.getByLabel('Sort by').selectOption({ label: 'Price low to high' });
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/minPrice=10/);
  await expect(page).toHaveURL(/orderBy=pricelow/);
  await expect(filters.getByRole('link', { name: /From £10/ })).toBeVisible();
  // spec 2: a filtered or sorted variant is noindex, and its canonical is the clean listing.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/deals\/london$/);

  const prices = await gridPrices(page);
  expect(prices.length).toBeGreaterThan(9);
  expect(prices.every((price) => price >= 1000)).toBe(true);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  const before = await gridCards(page).count();
  await showMore(page);
  await expect(page.getByRole('main').getByRole('status')).toContainText(/more deals? added/);
  await expect.poll(() => gridCards(page).count()).toBeGreaterThan(before);
  const ids = await dealIds(page.locator('main article'));
  expect(new Set(ids).size).toBe(ids.length);
  const all = await gridPrices(page);
  expect(all).toEqual([...all].sort((a, b) => a - b));
  expect(all.every((price) => price >= 1000)).toBe(true);

  // Removing a chip drops only that filter.
  await filters.getByRole('link', { name: /From £10/ }).click();
  await expect(page).not.toHaveURL(/minPrice/);
  await expect(page).toHaveURL(/orderBy=pricelow/);
});

test('spec 2 paging: page 2 is ?page=2, its previous link is the clean URL, never ?page=1', async ({ page }) => {
  await page.goto('/deals/london');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  const second = pages.getByRole('link', { name: 'Page 2', exact: true });
  await expect(second).toHaveAttribute('href', '/deals/london?page=2');
  await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', /\/deals\/london\?page=2$/);
  await second.click();
  await expect(page).toHaveURL(/\/deals\/london\?page=2$/);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', /\/deals\/london$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/deals\/london\?page=2$/);
  await expect(pages.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/deals/london');
  await expect(pages.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('href', '/deals/london');
  const hrefs = await page.locator('a[href*="page="]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.filter((href) => /[?&]page=1(&|$)/.test(href ?? ''))).toEqual([]);

  // Someone who types ?page=1 lands on the clean URL.
  const response = await page.goto('/deals/london?page=1');
  expect(response?.url()).toMatch(/\/deals\/london$/);
});

test('paging works with JavaScript turned off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/deals/london');
  const firstIds = await dealIds(page.locator('main article'));
  expect(firstIds.length).toBeGreaterThan(9);
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/deals\/london\?page=2$/);
  await expect(page.getByText(/page 2 of \d+/)).toBeVisible();
  const secondIds = await dealIds(page.locator('main article'));
  expect(secondIds.length).toBeGreaterThan(0);
  expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);

  // The filter form is a plain GET form.
  await page.getByLabel('Max price').selectOption({ label: '£50' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/maxPrice=50/);
  const prices = await gridPrices(page);
  expect(prices.every((price) => price <= 5000)).toBe(true);
  await context.close();
});

test('a category page offers its sub-categories, and a special page is titled from its slug', async ({ page }) => {
  await page.goto('/deals/london/beauty');
  const types = page.getByRole('navigation', { name: 'Browse by type' });
  const link = types.getByRole('link').first();
  await expect(link).toHaveAttribute('href', /^\/deals\/london\/beauty\/[a-z-]+$/);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('London');

  await page.goto('/deals/london/special/afternoon-tea');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Afternoon Tea deals in London');
  await expect(page).toHaveTitle(/Afternoon Tea in London/);
});

test('spec 2 aliases and /find: email-deals points its canonical at /deals; /find lists 20 a page', async ({
  page,
}) => {
  await page.goto('/email-deals/london');
  await expect(page.getByRole('heading', { level: 1, name: 'Deals in London' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/deals\/london$/);
  await page.goto('/find');
  await expect(page.getByRole('heading', { level: 1, name: 'Find a deal' })).toBeVisible();
  expect(await gridCards(page).count()).toBe(20);
});

test('the filtered listing has no serious accessibility violations', async ({ page }) => {
  // A whole-page axe run over 100 cards, each with its link and its wishlist heart (decision 022): on the
  // shared 2-core machine it can outlast the default 30 s.
  test.slow();
  await page.goto('/deals/london?minPrice=10&orderBy=pricelow');
  await showMore(page);
  await expect(page.getByRole('main').getByRole('status')).toContainText(/added/);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('when loading more fails, a retry message is announced and trying again works', async ({ page }) => {
  await page.goto('/deals/london');
  let failures = 0;
  await page.route('**/partials/deals?*', async (route) => {
    if (failures === 0) {
      failures += 1;
      // spec 5: an empty deals response raises "Empty response from server".
      await route.fulfill({ status: 200, contentType: 'text/html', body: '' });
      return;
    }
    await route.continue();
  });
  const before = await gridCards(page).count();
  await showMore(page);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Something went wrong. Please try again.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText(/more deals? added/);
  expect(await gridCards(page).count()).toBeGreaterThan(before);
});

/** A card's markup with its image's loading hints left out (the first cards of a page load eagerly). */
const cardMarkup = (cards: Locator) =>
  cards.evaluateAll((nodes) =>
    nodes.map((node) => {
      const copy = node.cloneNode(true) as HTMLElement;
      for (const img of copy.querySelectorAll('img')) {
        img.removeAttribute('loading');
        img.removeAttribute('fetchpriority');
      }
      return { id: node.getAttribute('data-deal-id'), html: copy.outerHTML };
    }),
  );

/** The skeleton of a card: each element's tag, classes and attribute names, without the deal's words. */
const cardShape = (card: Locator) =>
  card.evaluate((root) => {
    const walk = (el: Element): string =>
      `${el.tagName}.${[...el.classList].join('.')}[${[...el.attributes]
        .map((a) => a.name)
        .filter((name) => name !== 'style')
        .sort()
        .join(',')}](${[...el.children].map(walk).join('')})`;
    const link = root.querySelector('a');
    return {
      ancestors: [
        root.parentElement,
        root.parentElement?.parentElement,
        root.parentElement?.parentElement?.parentElement,
      ]
        .map((el) => `${el?.tagName}.${el?.className}`)
        .join(' < '),
      media: walk(root.querySelector('.deal-card__media > img') ?? root),
      title: walk(root.querySelector('.deal-card__title') ?? root),
      href: link?.getAttribute('href')?.replace(/\d+/g, 'N'),
      style: ['borderTopLeftRadius', 'backgroundColor', 'boxShadow'].map(
        (key) => getComputedStyle(root)[key as 'borderTopLeftRadius'],
      ),
      titleSize: getComputedStyle(root.querySelector('.deal-card__title') ?? root).fontSize,
      width: Math.round(root.getBoundingClientRect().width),
    };
  });

test('Show more appends the server’s own cards (same markup, same links, same look) and focuses the first', async ({
  page,
}) => {
  // The same deals as page 2 renders them on the server.
  await page.goto('/deals/london?page=2');
  // Both reads wait for the live "Only N left" (decision 048) to be filled, so they compare like with like.
  const liveStockFilled = () => expect(page.locator('[data-live-left]:not([data-live-left-done])')).toHaveCount(0);
  await liveStockFilled();
  const serverCards = await cardMarkup(gridCards(page));
  expect(serverCards.length).toBeGreaterThan(9);

  await page.goto('/deals/london');
  const before = await gridCards(page).count();
  await showMore(page);
  await expect(page.getByRole('main').getByRole('status')).toHaveText(`${serverCards.length} more deals added.`);
  const firstNew = gridCards(page).nth(before);
  await expect(firstNew.getByRole('link')).toBeFocused();

  // Byte for byte the server's card for the same deal.
  await liveStockFilled();
  const appended = (await cardMarkup(gridCards(page))).slice(before);
  expect(appended).toEqual(serverCards);

  // And like the first page's cards: the same grid, skeleton, link pattern and styles.
  const first = await cardShape(gridCards(page).nth(1));
  const added = await cardShape(firstNew);
  expect(added).toEqual(first);
  expect(first.ancestors).toBe('LI. < UL.deal-grid__block < SECTION.deal-grid');
  expect(first.href).toBe('/deal/N');
});

test('the Show more partial is one page of the listing’s cards, cached and never indexed', async ({ request }) => {
  const url = '/partials/deals?path=/deals/london&orderBy=pricelow&page=2';
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  expect(response.headers()['x-robots-tag']).toBe('noindex');
  expect(response.headers()['cache-control']).toContain('s-maxage=1200');
  const html = await response.text();
  expect(html).not.toMatch(/<!doctype|<html|<head/i);
  expect(html.match(/<article class="deal-card[ "]/g)?.length).toBe(50);
  expect((await request.get(url)).headers()['x-astro-cache']).toBe('HIT');

  for (const [path, status, message] of [
    ['/partials/deals?page=2', 400, 'Url Path is required to use getDeals'],
    ['/partials/deals?path=/deals/london&page=two', 400, 'page: must be a whole number from 1'],
    ['/partials/deals?path=/deals/london&orderBy=cheapest&page=2', 400, 'orderBy:'],
    ['/partials/deals?path=/deals/atlantis&page=2', 404, 'No deal listing'],
    ['/partials/deals?path=/deals/london&page=999', 404, 'No page 999'],
  ] as const) {
    const bad = await request.get(path);
    expect(bad.status(), path).toBe(status);
    expect(await bad.json(), path).toMatchObject({ status, message: expect.stringContaining(message) });
  }
});

test('decision 069: London’s first page, 51 deals, is under 100 KB of HTML before compression', async ({ request }) => {
  const response = await request.get('/deals/london', { headers: { 'accept-encoding': 'identity' } });
  expect(response.status()).toBe(200);
  const html = await response.body();
  // The page a shopper lands on: the top deal and 50 more, every card whole.
  expect(html.toString('utf8').match(/<article class="deal-card/g)).toHaveLength(51);
  // KB of 1,024 bytes, as the bench and the decision records count them.
  expect(html.byteLength).toBeLessThan(100 * 1024);
});

test('decision 041: every listing picture is a raster at the size shown, with its dimensions and srcset', async ({
  page,
}) => {
  const pictures: { url: string; type: string }[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/images/deals/'))
      pictures.push({ url: response.url(), type: response.headers()['content-type'] ?? '' });
  });
  await page.goto('/deals/london');
  const images = page.locator('main img');
  expect(await images.count()).toBeGreaterThan(10);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('width', /^\d+$/);
    await expect(image).toHaveAttribute('height', /^\d+$/);
    await expect(image).toHaveAttribute('srcset', /-400w 400w,.*-800w 800w/);
    await expect(image).toHaveAttribute('sizes', /.+/);
  }
  // The first card's picture is the one fetched first; those below the fold wait.
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(images.last()).toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // What the browser fetched is WebP drawn at a width it asked for, never the SVG document.
  expect(pictures.length).toBeGreaterThan(0);
  for (const picture of pictures) {
    expect(picture.url, picture.url).toMatch(/-(400|800|1200)w$/);
    expect(picture.type, picture.url).toBe('image/webp');
  }
});
