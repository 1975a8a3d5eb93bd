/**
 * Dispatch (docs/decisions/051) as a merchant and a shopper meet it: a shopper orders a product by
 * post with a delivery address; the merchant's Shipping page lists the parcel with its address and
 * promised dispatch day, and the merchant marks it dispatched with DPD and a tracking number (1280 px);
 * the shopper's order page shows Dispatched as the current step with the tracking link (375 px).
 * Another shopper, a guest and a stranger to the merchant never see the address.
 */

import { expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import { postalDeal } from './deal-fixtures';
import { becomeOwner, signedInPage } from './merchant-helpers';
import { addOptionToBasket, payBasketByCard } from './shopping';

const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '12 Mill Lane',
  line2: 'Flat 2',
  town: 'Leeds',
  postcode: 'LS1 4AP',
  phone: '07700 900123',
};

test('a merchant dispatches a posted order with its tracking number and the shopper follows it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await signedInPage(browser, 'dispatch-shopper', 'Ada');
  await addOptionToBasket(customer.page, { dealId: postalDeal.id, productId: postalDeal.productId });
  const orderId = await payBasketByCard(customer.page, 'dispatch', { delivery: ADDRESS });

  // Not a member of the merchant: no shipping page, no packing slip.
  const base = `/merchant/${postalDeal.merchantId}/shipping`;
  expect((await customer.page.request.get(base)).status()).toBe(404);
  expect((await customer.page.request.get(`${base}/${orderId}/packing-slip.pdf`)).status()).toBe(404);

  const owner = await signedInPage(browser, 'dispatch-owner', 'Rhys');
  await becomeOwner(owner.page, owner.email, postalDeal.merchantId);
  const { page } = owner;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('navigation', { name: 'Merchant dashboard' }).getByRole('link', { name: 'Shipping' }).click();
  await expect(page.getByRole('heading', { name: 'Shipping', level: 1 })).toBeVisible();
  const response = await page.request.get(base);
  expect(response.headers()['cache-control']).toBe('private, no-store');

  const parcel = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^Order ${orderId}\\b`) }) });
  await expect(parcel).toContainText('12 Mill Lane');
  await expect(parcel).toContainText('LS1 4AP');
  await expect(parcel).toContainText('Dispatch by');
  await page.screenshot({ path: '/tmp/shots/merchant-shipping-1280.png', fullPage: true });
  const slip = await page.request.get(`${base}/${orderId}/packing-slip.pdf`);
  expect(slip.status()).toBe(200);
  expect(slip.headers()['content-type']).toBe('application/pdf');
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await parcel.getByLabel('Carrier').selectOption({ label: 'DPD' });
  await parcel.getByLabel('Tracking number').fill('15501234567890');
  await parcel.getByRole('button', { name: 'Mark as dispatched' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Marked as dispatched' })).toBeVisible();
  await expect(page).toHaveURL(/show=to-ship&done=dispatched/);
  await page.getByLabel('Show').selectOption({ label: 'Dispatched' });
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const sent = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^Order ${orderId}\\b`) }) });
  await expect(sent).toContainText('15501234567890');
  await expect(sent.getByRole('button', { name: 'Mark as delivered' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: '/tmp/shots/merchant-shipping-375.png', fullPage: true });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('nav'))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  );
  expect(wide, 'nothing in the page wider than 375 px').toEqual([]);

  // The shopper's order page at 375 px: Dispatched is the current step, with the tracking link.
  const shopper = customer.page;
  await shopper.setViewportSize({ width: 375, height: 800 });
  await shopper.goto(`/myaccount/vouchers?order=${orderId}`);
  const delivery = shopper.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('12 Mill Lane');
  await expect(delivery.locator('[aria-current="step"]')).toContainText('Dispatched');
  const tracking = delivery.getByRole('link', { name: /15501234567890/ });
  await expect(tracking).toHaveAttribute('href', 'https://track.dpd.co.uk/parcels/15501234567890');
  await expect(tracking).toHaveAttribute('target', '_blank');
  await expect(tracking).toHaveAttribute('rel', 'noopener');
  await expect(delivery).toContainText('Arrives');
  await shopper.screenshot({ path: '/tmp/shots/shopper-order-delivery-375.png', fullPage: true });
  const shopperAxe = await new AxeBuilder({ page: shopper }).include('main').analyze();
  expect(shopperAxe.violations.map((v) => v.id)).toEqual([]);

  // Another shopper and a guest cannot read the address.
  const other = await signedInPage(browser, 'dispatch-other', 'Eve');
  await other.page.goto(`/myaccount/vouchers?order=${orderId}`);
  await expect(other.page.getByRole('heading', { name: 'My Vouchers', level: 1 })).toBeVisible();
  await expect(other.page.getByText('12 Mill Lane')).toHaveCount(0);
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/myaccount/vouchers?order=${orderId}`);
  await expect(guest).toHaveURL(/\/login/);
  await expect(guest.getByText('12 Mill Lane')).toHaveCount(0);
});
