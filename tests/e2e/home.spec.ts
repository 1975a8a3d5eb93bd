/** The home page rails, structured data, sitemaps and robots (spec 2 "Home rails"). */

import { expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';

test('spec 2 home rails: New Products and Early Bird Deals, each with a View all link', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);

  const newProducts = page.getByRole('region', { name: 'New Products' });
  await expect(newProducts.getByRole('heading', { name: 'New Products' })).toBeVisible();
  expect(await newProducts.locator('a[href^="/deal/"]').count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('link', { name: 'View all New Products' })).toHaveAttribute(
    'href',
    '/deals/london?orderBy=recent',
  );

  const earlyBird = page.getByRole('region', { name: 'Early Bird Deals' });
  await expect(earlyBird.getByRole('heading', { name: 'Early Bird Deals' })).toBeVisible();
  expect(await earlyBird.locator('a[href^="/deal/"]').count()).toBeGreaterThanOrEqual(4);
  await page.getByRole('link', { name: 'View all Early Bird Deals' }).click();
  await expect(page).toHaveURL(/\/early-bird$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Early Bird Deals' })).toBeVisible();
});

test('spec 2: the national homepage leads with New Products and Early Bird Deals above the national deals', async ({
  page,
}) => {
  const response = await page.goto('/deals/national-deal');
  expect(response?.status()).toBe(200);
  const newProducts = page.getByRole('region', { name: 'New Products' });
  expect(await newProducts.locator('a[href^="/deal/"]').count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('link', { name: 'View all New Products' })).toHaveAttribute(
    'href',
    '/shop?orderBy=recent',
  );
  const earlyBird = page.getByRole('region', { name: 'Early Bird Deals' });
  expect(await earlyBird.locator('a[href^="/deal/"]').count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('link', { name: 'View all Early Bird Deals' })).toHaveAttribute('href', '/early-bird');
  // The national listing follows, with its own page links.
  expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(20);
});

test('the rails move sideways with next and previous buttons (embla, decision 033)', async ({ page }) => {
  await page.goto('/');
  const region = page.getByRole('region', { name: 'New Products' });
  const next = page.getByRole('button', { name: 'Next New Products' });
  const previous = page.getByRole('button', { name: 'Previous New Products' });
  await region.scrollIntoViewIfNeeded();
  // The pointer reaching the rail wakes it (client:interact, decision 068): its buttons appear.
  await region.hover();
  await expect(previous).toBeVisible();
  await expect(previous).toBeDisabled();
  await next.click();
  const firstCardLeft = () =>
    region.evaluate(
      (el) =>
        (el.querySelector('.rail__item')?.getBoundingClientRect().left ?? 0) -
        (el.querySelector('.rail__viewport')?.getBoundingClientRect().left ?? 0),
    );
  await expect.poll(firstCardLeft).toBeLessThan(0);
  await expect(previous).toBeEnabled();
});

test('spec 2: a new guest sees no personal rails, and asks the server for none', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/partials/personal-rail')) asked.push(request.url());
  });
  await page.goto('/');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  for (const rail of ['buy-again', 'recently-viewed', 'recommended']) {
    await expect(page.locator(`[data-personal-rail="${rail}"]`)).toBeHidden();
    await expect(page.locator(`[data-personal-rail="${rail}"]`)).toHaveCount(1);
  }
  expect(asked).toEqual([]);
});

test('the home page describes the organisation and a site search for search engines (JSON-LD)', async ({ page }) => {
  await page.goto('/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const nodes = blocks.flatMap((text) => {
    const data = JSON.parse(text) as { '@graph'?: Array<Record<string, unknown>> };
    return data['@graph'] ?? [data];
  });
  const organization = nodes.find((node) => node['@type'] === 'Organization');
  expect(organization).toMatchObject({ name: 'Tuppence', url: expect.stringMatching(/\/$/) });
  expect(organization?.logo).toEqual(expect.stringMatching(/^https?:\/\/.+\/brand\/tuppence\.svg$/));
  const website = nodes.find((node) => node['@type'] === 'WebSite');
  expect(website).toMatchObject({
    potentialAction: {
      '@type': 'SearchAction',
      target: { urlTemplate: expect.stringMatching(/\/search\?q=\{search_term_string\}$/) },
      'query-input': 'required name=search_term_string',
    },
  });
});

test('/early-bird pages by 50: page 2 links back to the clean URL, ?page=1 redirects to it', async ({ page }) => {
  await page.goto('/early-bird');
  const cards = page.locator('main article');
  const total = Number(((await page.locator('.count').textContent()) ?? '').replace(/\D/g, ''));
  await expect(cards).toHaveCount(Math.min(50, total));
  if (total > 50) {
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/early-bird\?page=2$/);
    await expect(page.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/early-bird');
  }
  await page.goto('/early-bird?page=1');
  await expect(page).toHaveURL(/\/early-bird$/);
  expect((await page.goto('/early-bird?page=999'))?.status()).toBe(404);
});

test('robots.txt points to the sitemap index and keeps crawlers out of private areas', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap-index\.xml$/m);
  for (const path of ['/api/', '/checkout', '/myaccount']) expect(text).toContain(`Disallow: ${path}`);
});

test('the sitemap index lists the content, location, category and deal sitemaps, which list real pages', async ({
  request,
}) => {
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('xml');
  const xml = await index.text();
  const files = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
  expect(files).toEqual(
    expect.arrayContaining([
      '/sitemaps/content-1.xml',
      '/sitemaps/locations-1.xml',
      '/sitemaps/categories-1.xml',
      '/sitemaps/deals-1.xml',
    ]),
  );
  const deals = await (await request.get('/sitemaps/deals-1.xml')).text();
  expect(deals).toMatch(/<url><loc>https?:\/\/[^<]+\/deal\/\d+<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod><\/url>/);
  const towns = await (await request.get('/sitemaps/locations-1.xml')).text();
  expect(towns).toContain('/deals/leeds</loc>');
  expect((await request.get('/sitemaps/deals-99.xml')).status()).toBe(404);
});

test('the home page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
