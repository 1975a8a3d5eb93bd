/**
 * spec 4 test variants, as a shopper in each variant sees them (docs/decisions/058): the search's
 * alternate ranking, the header box's autocomplete groups, the deal page's dynamic price (never more
 * at checkout than shown) and reviews breakdown. The route cache keeps one copy per variant, so a page
 * rendered for one variant is never shown to another. Every story starts in the control of each
 * experiment (playwright.config.ts); a story sets the variant it is about.
 */

import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../src/domain/money';
import { buyableDeal, reviewedDeal } from './deal-fixtures';

async function inVariant(context: BrowserContext, name: string, value: string): Promise<void> {
  await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/', sameSite: 'Lax' }]);
}

/** The header box, once the pointer reaching it has woken its island (client:interact, decision 068). */
async function headerSearchBox(page: Page) {
  const box = page.getByRole('combobox', { name: 'Search Tuppence' });
  await box.hover();
  await expect(page.locator('astro-island[component-url*="SearchBox"]')).not.toHaveAttribute('ssr', /.*/);
  return box;
}

/** Types into the header box and waits for the suggestions answer. */
async function typeAndWait(page: Page, text: string) {
  const box = await headerSearchBox(page);
  await box.click();
  const answered = page.waitForResponse((response) => response.url().includes('/api/v1/suggest'));
  await box.pressSequentially(text);
  await answered;
  return box;
}

test('spec 4 search: the alternate variant ranks bigger discounts higher and says so; each variant gets its own page', async ({
  page,
  context,
}) => {
  const results = '/search?q=spa';
  // Alternate first, so its page is in the route cache before the control asks for the same URL.
  await inVariant(context, 'search_variant', 'alternate');
  await page.goto(results);
  await expect(page.getByText('Best matches first, with bigger discounts ranked higher.')).toBeVisible();

  await inVariant(context, 'search_variant', 'default');
  await page.goto(results);
  await expect(page.getByText('Best matches first.', { exact: true })).toBeVisible();
  await expect(page.getByText('Best matches first, with bigger discounts ranked higher.')).toHaveCount(0);

  await inVariant(context, 'search_variant', 'alternate');
  await page.goto(results);
  await expect(page.getByText('Best matches first, with bigger discounts ranked higher.')).toBeVisible();
});

test('spec 4 autocomplete: b adds Places, c adds Your recent searches, a offers neither', async ({ page, context }) => {
  await page.goto('/');
  await typeAndWait(page, 'lon');
  await expect(page.getByRole('group', { name: 'Top Searches' }).getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Places' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Your recent searches' })).toHaveCount(0);

  await inVariant(context, 'autocomplete_variant', 'b');
  await page.goto('/');
  await typeAndWait(page, 'lon');
  const place = page.getByRole('group', { name: 'Places' }).getByRole('option', { name: 'Deals in London' });
  await expect(place).toBeVisible();
  await place.click();
  await expect(page).toHaveURL(/\/deals\/london$/);

  await inVariant(context, 'autocomplete_variant', 'c');
  await page.goto('/');
  const box = await typeAndWait(page, 'afternoon tea');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=afternoon\+tea$/);
  const again = await headerSearchBox(page);
  await again.click();
  await again.fill('');
  await again.pressSequentially('after');
  await expect(
    page.getByRole('group', { name: 'Your recent searches' }).getByRole('option', { name: 'afternoon tea' }),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Places' })).toHaveCount(0);
});

test('spec 4 dynamic price: variant b shows 2% off, the checkout charges it, and variant a sees the catalogue price', async ({
  page,
  context,
}) => {
  const { product } = buyableDeal;
  const postage = product.postagePriceMinor ?? 0;
  const catalogue = formatMoney({ amountMinor: buyableDeal.unitTotalMinor, currency: 'GBP' });
  const variantB = formatMoney({
    amountMinor: product.hasDeposit
      ? buyableDeal.unitTotalMinor
      : Math.floor((product.priceMinor * 98) / 100) + postage,
    currency: 'GBP',
  });
  const firstPrice = page.locator('.chooser__price strong').first();
  /** The option's price, after any "From" the display mode puts before it. */
  const endsWith = (price: string) => new RegExp(`${price.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

  await page.goto(`/deal/${buyableDeal.id}`);
  await expect(firstPrice).toHaveText(endsWith(catalogue));
  await expect(page.getByRole('note').filter({ hasText: 'price trial' })).toHaveCount(0);

  await inVariant(context, 'dynamic_price', 'b');
  await page.goto(`/deal/${buyableDeal.id}`);
  await expect(firstPrice).toHaveText(endsWith(variantB));
  await expect(page.getByRole('note').filter({ hasText: '2% off for you' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'price trial' })).toContainText(
    'Your basket keeps this price for 24 hours',
  );
  // Buy now is a plain form's button: it buys before the chooser has hydrated (decision 071).
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  // The next day's draw is a: the basket keeps the price shown, and checkout never charges more.
  await inVariant(context, 'dynamic_price', 'a');
  await page.reload();
  const basket = page.getByRole('region', { name: 'Your basket' });
  await expect(basket.getByText(variantB).first()).toBeVisible();
});

test('spec 4 reviews: variant b adds the breakdown of every star, low ones included; a does not', async ({
  page,
  context,
}) => {
  await page.goto(`/deal/${reviewedDeal.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('listitem')).toHaveCount(3);
  await expect(reviews.getByRole('list', { name: 'Ratings by stars' })).toHaveCount(0);

  await inVariant(context, 'reviews_variant', 'b');
  await page.goto(`/deal/${reviewedDeal.id}`);
  const breakdown = reviews.getByRole('list', { name: 'Ratings by stars' });
  await expect(breakdown.getByRole('listitem')).toHaveText([/^5 stars/, /^4 stars/, /^3 stars/, /^2 stars/, /^1 star/]);
});
