/**
 * A merchant closes and everyone is refunded (docs/decisions/045): a shopper buys a voucher; support
 * finds the merchant on /operator/merchants, closes it with the day and a reason, and sees the
 * closure's report; the shopper's voucher page shows the voucher Refunded.
 */
import { expect, test } from '@playwright/test';
import { generateCatalogue } from '../../scripts/seed/generate';
import { DEFAULT_SEED, DEFAULT_SEED_DEALS } from '../../scripts/seed/index';
import { AxeBuilder } from './axe';
import { signedInPage } from './merchant-helpers';
import { addOptionToBasket, payBasketByCard } from './shopping';

/**
 * A merchant no other spec buys from: the one with the last plain, on-sale e-voucher deal of the
 * seeded catalogue (the shared fixtures take the first match of each kind), and few deals, so
 * closing it changes little of what other specs see.
 */
const closable = (() => {
  const catalogue = generateCatalogue({ deals: DEFAULT_SEED_DEALS, seed: DEFAULT_SEED, now: new Date() });
  const dated = new Set(catalogue.dealProductNights.map((n) => n.productId));
  const dealsOf = new Map<number, number>();
  for (const deal of catalogue.deals) dealsOf.set(deal.merchantId, (dealsOf.get(deal.merchantId) ?? 0) + 1);
  const stock = new Map(catalogue.dealProductStock.map((s) => [s.productId, s]));
  for (const deal of [...catalogue.deals].reverse()) {
    if (deal.status !== 'live' || deal.closingDate.getTime() < Date.now() + 7 * 86_400_000) continue;
    if (deal.isTravel || deal.pricePerPerson || deal.highFraudRisk || deal.purchaseCap != null) continue;
    if ((deal.deliveryType ?? 'e-voucher') !== 'e-voucher' || (dealsOf.get(deal.merchantId) ?? 0) > 3) continue;
    const product = catalogue.dealProducts.find(
      (p) => p.dealId === deal.id && p.visibility === 'visible' && !p.disabled && !p.vipExclusive,
    );
    if (!product || dated.has(product.id) || product.hasDeposit || (product.minPeople ?? 1) > 1) continue;
    const left = stock.get(product.id);
    if (product.purchaseCap != null || left?.quantityRemaining != null || left?.remainingForDay != null) continue;
    if (product.priceMinor + (product.postagePriceMinor ?? 0) >= 150_000) continue;
    return { dealId: deal.id, productId: product.id, merchantId: deal.merchantId };
  }
  throw new Error('No seeded merchant to close');
})();

test('an operator closes a merchant, sees the report, and the shopper finds their voucher refunded', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shopper = await signedInPage(browser, 'closure-shopper', 'Cleo');
  await addOptionToBasket(shopper.page, { dealId: closable.dealId, productId: closable.productId });
  const orderId = await payBasketByCard(shopper.page, 'closure');
  await shopper.page.goto(`/myaccount/vouchers?order=${orderId}`);
  await expect(shopper.page.locator('.voucher__status').first()).toContainText('Ready to Redeem');

  const operator = await browser.newPage();
  await operator.goto('/operator/merchants');
  await operator.getByLabel('Operator token').fill(process.env.OPERATOR_TOKEN ?? 'e2e-operator-token');
  await operator.getByRole('button', { name: 'Save token' }).click();
  await operator.getByLabel('Name or id').fill(String(closable.merchantId));
  await operator.getByRole('button', { name: 'Find' }).click();
  const row = operator.getByRole('row').filter({ hasText: `id ${closable.merchantId})` });
  await expect(row).toContainText('Trading');
  await row.getByRole('button', { name: /^Close… / }).click();

  await operator.getByLabel('Reason').fill('The owner has retired and the business has ceased trading.');
  await operator.getByRole('button', { name: 'Close merchant and refund' }).click();
  await expect(operator.getByRole('status')).toContainText('Refunds run:');
  const report = operator.locator('.operator__report');
  await expect(report).toContainText('Vouchers refunded');
  await expect(report.locator('dt', { hasText: 'Vouchers refunded' }).locator('+ dd')).not.toHaveText('0');
  await expect(report.locator('dt', { hasText: 'Vouchers left to refund' }).locator('+ dd')).toHaveText('0');
  await expect(row).toContainText('Closed on');
  const results = await new AxeBuilder({ page: operator }).include('main').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  // The closed deal's page says it has ended (as any closed deal's does), and the voucher is refunded.
  const dealPage = await shopper.page.request.get(`/deal/${closable.dealId}`);
  expect(dealPage.status()).toBe(200);
  await shopper.page.goto(`/myaccount/vouchers?order=${orderId}`);
  await expect(shopper.page.locator('.voucher__status').first()).toContainText('Refunded');
});
