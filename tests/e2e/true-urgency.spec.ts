/**
 * True urgency only (docs/decisions/048) in the browser: the deal page's cached HTML carries no
 * "Only N left"; the option chooser asks the live stock and shows exactly what it answers. The
 * operator sets who a promo code is for (decision 021 and 048).
 */

import { expect, test } from '@playwright/test';
import { generateCatalogue } from '../../scripts/seed/generate';
import { DEFAULT_SEED, DEFAULT_SEED_DEALS } from '../../scripts/seed/index';

const catalogue = generateCatalogue({ deals: DEFAULT_SEED_DEALS, seed: DEFAULT_SEED, now: new Date() });
const dealOfProduct = new Map(catalogue.dealProducts.map((p) => [p.id, p.dealId]));
const vipOnly = new Set(catalogue.dealProducts.filter((p) => p.vipExclusive).map((p) => p.id));
const liveDeals = new Set(
  catalogue.deals
    .filter((d) => d.status === 'live' && !d.isTravel && d.closingDate.getTime() > Date.now() + 86_400_000)
    .map((d) => d.id),
);

interface StockAnswer {
  deals: {
    dealId: number;
    left: number | null;
    isSoldOut: boolean;
    products: { productId: number; left: number | null }[];
  }[];
}

test('spec 9: "Only N left" on the deal page is the live stock, not the cached page', async ({ page }) => {
  // Seeded deals (the generator is deterministic: tests/e2e/deal-fixtures.ts) with an option 50 or
  // fewer left; the live stock names the first that is still on sale.
  const candidates = [
    ...new Set(
      catalogue.dealProductStock
        .filter((s) => (s.quantityRemaining ?? 0) > 0 && (s.quantityRemaining ?? 0) <= 50)
        .map((s) => dealOfProduct.get(s.productId))
        .filter((id): id is number => id !== undefined && liveDeals.has(id)),
    ),
  ].slice(0, 50);
  const answer = (await (
    await page.request.get(`/api/v1/deal/stock?ids=${candidates.join(',')}`)
  ).json()) as StockAnswer;
  let found: { dealId: number; left: number } | null = null;
  for (const deal of answer.deals) {
    const product = deal.products.find((p) => p.left !== null && !vipOnly.has(p.productId));
    if (!deal.isSoldOut && product?.left != null) {
      found = { dealId: deal.dealId, left: product.left };
      break;
    }
  }
  expect(found, 'a seeded deal with few left').not.toBeNull();
  if (found === null) return;
  const chosen = found;

  const html = await (await page.request.get(`/deal/${found.dealId}`)).text();
  expect(html).not.toMatch(/Only \d+ left/);

  await page.goto(`/deal/${found.dealId}`);
  await expect(page.locator('.chooser__options')).toBeVisible();
  await expect(page.getByText(`Only ${found.left} left`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('deal-live-left-1280.png') });

  // A card of the deal (search results) fills its "Only N left" from the same live answer, or says nothing.
  const headline = catalogue.deals.find((d) => d.id === chosen.dealId)?.headline ?? '';
  await page.goto(`/search?q=${encodeURIComponent(headline)}`);
  const card = page.locator(`article[data-deal-id="${found.dealId}"]`).first();
  await expect(card).toBeVisible();
  const dealLeft = answer.deals.find((d) => d.dealId === chosen.dealId)?.left ?? null;
  if ((await card.locator('[data-live-left]').count()) > 0 && dealLeft !== null) {
    await expect(card.locator('[data-live-left]')).toHaveText(`Only ${dealLeft} left`);
  } else {
    await expect(card.getByText(/Only \d+ left/)).toHaveCount(0);
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('card-live-left-375.png') });
});

test('decision 048: the operator chooses who a promo code is for', async ({ page }) => {
  await page.goto('/operator/promotions');
  const select = page.getByLabel('Who may use it');
  await expect(select).toBeVisible();
  await expect(select.locator('option')).toHaveText(['Every shopper', 'VIP members only', 'Shoppers who are not VIP']);
  await select.selectOption('vip');
  await page.screenshot({ path: test.info().outputPath('operator-promotions-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('operator-promotions-375.png'), fullPage: true });
});
