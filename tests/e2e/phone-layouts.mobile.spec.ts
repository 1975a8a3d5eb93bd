/**
 * Phone layouts that sell, at 375 px (below spec 9's sm breakpoint): a listing's first deal is on the first
 * screen (category chips in one sideways row, filters and sort behind a "Filter and sort" sheet that works
 * without JavaScript), and a deal page keeps a "Buy now" on screen at every scroll position (the form's own
 * button or the sticky bar's, which submits the same form) without covering content.
 */

import { expect, type Locator, type Page, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import { buyableDeal, cappedDeal } from './deal-fixtures';

const PHONE_WIDTH = 375;

/** The element's box lies wholly inside the screen (the layout viewport). */
async function whollyOnScreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  });
}

/** Some "Buy now" is wholly on screen, shown, and the topmost thing where a finger would press it. */
async function buyNowOnScreen(page: Page): Promise<boolean> {
  for (const button of await page.getByRole('button', { name: 'Buy now', exact: true }).all()) {
    const pressable = await button.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && hit !== null && el.contains(hit);
    });
    if (pressable && (await button.isVisible())) return true;
  }
  return false;
}

const scrollToFraction = (page: Page, fraction: number) =>
  page.evaluate((f) => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) * f), fraction);

async function chooserReady(page: Page): Promise<void> {
  // The chooser hydrates on the shopper's first touch (decision 071): point at its options, then wait.
  const island = page.locator('astro-island[component-url*="ProductChooser"]');
  await island.locator('.chooser__options').hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

test('/deals/london shows its first deal card, headline and price, on the first screen', async ({ page }) => {
  await page.goto('/deals/london');
  const card = page.getByRole('region', { name: 'Top deal' }).getByRole('article');
  const box = await card.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(height);
  // Not only the card's top edge: the shopper sees what the deal is and what it costs.
  expect(await whollyOnScreen(card.getByRole('link'))).toBe(true);
  expect(await whollyOnScreen(card.locator('.deal-card__price'))).toBe(true);

  // The category chips are one row that scrolls sideways; the page itself does not.
  const chips = page.getByRole('navigation', { name: 'Browse by category' }).getByRole('listitem');
  const tops = await chips.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  expect(tops.length).toBeGreaterThan(3);
  expect(new Set(tops).size).toBe(1);
  expect(await page.evaluate(() => [innerWidth, document.documentElement.scrollWidth])).toEqual([
    PHONE_WIDTH,
    PHONE_WIDTH,
  ]);
  // The filter form waits behind its button.
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeHidden();
});

test('"Filter and sort" opens a sheet that closes with Escape and applies a sort', async ({ page }) => {
  await page.goto('/deals/london');
  const open = page.getByRole('button', { name: 'Filter and sort' });
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await open.click();
  await expect(sort).toBeVisible();
  expect(await whollyOnScreen(page.getByRole('button', { name: 'Apply' }))).toBe(true);
  const results = await new AxeBuilder({ page }).include('.filters').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sort).toBeHidden();

  await open.click();
  await sort.selectOption({ label: 'Price low to high' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/orderBy=pricelow/);
  await expect(page.getByRole('link', { name: /Price low to high/ })).toBeVisible();
  const prices = await page
    .locator('main .deal-grid__block > li .deal-card__amount')
    .evaluateAll((nodes) => nodes.map((node) => Number((node.textContent ?? '').replace(/[^0-9.]/g, ''))));
  expect(prices.length).toBeGreaterThan(9);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test('the filter sheet opens and applies with JavaScript turned off', async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: PHONE_WIDTH, height: 800 },
    isMobile: true,
  });
  const page = await context.newPage();
  await page.goto('/deals/london');
  await page.getByRole('button', { name: 'Filter and sort' }).click();
  await page.getByRole('combobox', { name: 'Max price' }).selectOption({ label: '£50' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/maxPrice=50/);
  await context.close();
});

test('a deal page shows a Buy now at every scroll position, never over the page’s content', async ({ page }) => {
  // Record layout shifts from the first paint: the islands and the wish-list heart arriving, and the
  // bar coming and going, must move nothing.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/deal/${buyableDeal.id}`);
  await chooserReady(page);
  await scrollToFraction(page, 0);
  const bar = page.getByRole('region', { name: 'Your choice' });

  // At the top the form's button is below the fold: the bar carries the price and Buy now.
  await expect.poll(() => buyNowOnScreen(page)).toBe(true);
  await expect(bar.getByRole('button', { name: 'Buy now' })).toBeVisible();
  await expect(bar).toContainText('£');

  for (const fraction of [0.25, 0.5, 0.75, 1]) {
    await scrollToFraction(page, fraction);
    await expect.poll(() => buyNowOnScreen(page), `Buy now on screen at ${fraction * 100}%`).toBe(true);
  }
  // At the very bottom the footer ends above the bar: the page is padded for it.
  const footerBottom = await page.getByRole('contentinfo').evaluate((el) => el.getBoundingClientRect().bottom);
  const barTop = await bar.evaluate((el) => el.getBoundingClientRect().top);
  expect(footerBottom).toBeLessThanOrEqual(barTop + 1);

  // With the form's own button on screen the bar steps aside: one Buy now for a screen reader.
  await page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Buy now' }) })
    .first()
    .evaluate((form) => {
      form.scrollIntoView({ block: 'center' });
    });
  await expect(bar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Buy now', exact: true })).toHaveCount(1);
  await expect.poll(() => buyNowOnScreen(page)).toBe(true);

  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});

test('the sticky bar comes and goes before the chooser has hydrated (decision 071)', async ({ page }) => {
  await page.goto(`/deal/${buyableDeal.id}`);
  const bar = page.getByRole('region', { name: 'Your choice' });
  await expect(bar.getByRole('button', { name: 'Buy now' })).toBeVisible();
  // Scrolled by script, not by a touch, so the island stays as the server rendered it.
  await page.locator('form#buy-now').evaluate((form) => form.scrollIntoView({ block: 'center' }));
  await expect(bar).toBeHidden();
  await scrollToFraction(page, 0);
  await expect(bar.getByRole('button', { name: 'Buy now' })).toBeVisible();
  await expect(page.locator('astro-island[component-url*="ProductChooser"]')).toHaveAttribute('ssr', '');
});

test('Buy now in the sticky bar buys the chosen option and reaches checkout', async ({ page }) => {
  await page.goto(`/deal/${cappedDeal.id}`);
  await chooserReady(page);
  const escaped = cappedDeal.secondProduct.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('radio', { name: new RegExp(escaped) }).check();
  await scrollToFraction(page, 0);
  const bar = page.getByRole('region', { name: 'Your choice' });
  await expect(bar).toContainText(cappedDeal.secondProduct.title);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('?_action=addToBasket')),
    bar.getByRole('button', { name: 'Buy now' }).click(),
  ]);
  expect(request.postData()).toContain(`productId=${cappedDeal.secondProduct.id}`);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
});

test('the deal page with its sticky bar has no serious accessibility violations', async ({ page }) => {
  await page.goto(`/deal/${buyableDeal.id}`);
  await chooserReady(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
