/**
 * The basket (decision 014) from the shopper's side: "Buy now" on a deal page adds the chosen option and goes
 * on to checkout; the header then counts it (spec 4/5); a refusal comes back to the deal page.
 */
import { expect, type Page, test } from '@playwright/test';
import { cappedDeal, soldOutOption } from './deal-fixtures';

async function chooserReady(page: Page): Promise<void> {
  // The chooser hydrates on the shopper's first touch (decision 071): point at its options, then wait.
  const island = page.locator('astro-island[component-url*="ProductChooser"]');
  await island.locator('.chooser__options').hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

test('a shopper picks an option, Buy now adds it to the basket and goes to checkout; the header counts 1', async ({
  page,
}) => {
  await page.goto('/');
  // spec 4: an empty basket shows no number.
  const basket = page.getByRole('link', { name: /^Basket, / });
  await expect(basket).toHaveAccessibleName('Basket, 0 items');
  await expect(basket.locator('[data-basket-count]')).toHaveText('');

  await page.goto(`/deal/${cappedDeal.id}`);
  await chooserReady(page);
  const escaped = cappedDeal.secondProduct.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('radio', { name: new RegExp(escaped) }).check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(`/deal/${cappedDeal.id}?_action=addToBasket`)),
    page.getByRole('button', { name: 'Buy now' }).click(),
  ]);
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe('/checkout');
  await expect(page).toHaveURL(/\/checkout$/);

  // The same option again is one line (spec 5 counts lines), still 1.
  await page.goto(`/deal/${cappedDeal.id}`);
  await chooserReady(page);
  await page.getByRole('radio', { name: new RegExp(escaped) }).check();
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Basket, 1 item' }).locator('[data-basket-count]')).toHaveText('1');
  await expect(page.getByRole('link', { name: 'Basket, 1 item' })).toHaveAttribute('href', '/checkout');
});

test('a sold-out option is refused and the deal page says so', async ({ page, baseURL }) => {
  // The plain deal page first, so a cached copy exists: the notice must still show on the way back.
  await page.goto(`/deal/${soldOutOption.dealId}`);
  await expect(page.getByRole('status').filter({ hasText: 'SOLD OUT' })).toHaveCount(0);
  const response = await page.request.post(`/deal/${soldOutOption.dealId}?_action=addToBasket`, {
    headers: { Origin: baseURL ?? '' },
    form: {
      dealId: String(soldOutOption.dealId),
      productId: String(soldOutOption.productId),
      quantity: '1',
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  const location = response.headers().location ?? '';
  expect(location).toBe(`/deal/${soldOutOption.dealId}?basket=soldOut#options-heading`);
  await page.goto(location);
  await expect(page.getByRole('status').filter({ hasText: 'SOLD OUT' })).toBeVisible();
  // Nothing was added.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Basket, 0 items' })).toBeVisible();
});
