/**
 * Returns (decision 026) as a merchant meets them: a customer sends a product back; the merchant's Returns
 * page lists it by its label's reference; "Mark as received" makes it Returned to the Merchant and the
 * customer is refunded (their voucher shows Refunded); another merchant neither sees nor receives it.
 */

import { type Browser, expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import { buyableDeal, otherMerchantId, postalDeal } from './deal-fixtures';
import { becomeOwner, signedInPage } from './merchant-helpers';
import { addOptionToBasket, payBasketByCard } from './shopping';

/** A customer buys the product by card and starts its return; answers their page and the return's reference. */
async function customerStartsReturn(browser: Browser) {
  const customer = await signedInPage(browser, 'returner', 'Nia');
  const { page } = customer;
  await addOptionToBasket(page, { dealId: postalDeal.id, productId: postalDeal.productId });
  // docs/decisions/051: a posted product is ordered with its delivery address.
  const order = await payBasketByCard(page, 'return', {
    delivery: { name: 'Nia Jones', line1: '4 Park Row', line2: '', town: 'Leeds', postcode: 'LS1 5HD', phone: '' },
  });
  await page.goto(`/myaccount/vouchers?order=${order}`);
  const href =
    (await page
      .getByRole('link', { name: /Print voucher/ })
      .first()
      .getAttribute('href')) ?? '';
  const voucherId = Number(href.match(/voucher\/(\d+)/)?.[1]);
  const started = await page.request.post('/api/v1/create-return-order', { data: { voucherId } });
  expect(started.status(), await started.text()).toBe(200);
  const reference = (await started.json()).reference as string;
  return { page, voucherId, reference };
}

test('a merchant marks a returned parcel received and the customer is refunded; another merchant cannot', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = await customerStartsReturn(browser);

  // Another merchant's owner: the return is not on their page, and receiving it is a 404.
  const strangerMerchantId = otherMerchantId === postalDeal.merchantId ? buyableDeal.merchantId : otherMerchantId;
  const stranger = await signedInPage(browser, 'other-owner', 'Ola');
  await becomeOwner(stranger.page, stranger.email, strangerMerchantId);
  await stranger.page.goto(`/merchant/${strangerMerchantId}/returns`);
  await expect(stranger.page.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
  await expect(stranger.page.getByText(customer.reference)).toHaveCount(0);
  expect((await stranger.page.request.get(`/merchant/${postalDeal.merchantId}/returns`)).status()).toBe(404);

  const owner = await signedInPage(browser, 'returns-owner', 'Rhys');
  await becomeOwner(owner.page, owner.email, postalDeal.merchantId);
  const { page } = owner;
  await page.getByRole('navigation', { name: 'Merchant dashboard' }).getByRole('link', { name: 'Returns' }).click();
  await expect(page.getByRole('heading', { name: 'Returns', level: 1 })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: customer.reference });
  await expect(item).toContainText('Nia');
  await expect(item).toContainText('Return Requested');
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await item.getByRole('button', { name: 'Mark as received' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Received:' })).toContainText(
    'Received: the item is back with you, and the customer is refunded.',
  );
  await expect(page.getByText(customer.reference)).toHaveCount(0);

  await customer.page.goto('/myaccount/vouchers');
  await expect(customer.page.locator('.voucher__status').first()).toContainText('Refunded');
});
