/**
 * The payment methods (decision 016) on a 375 px phone: the payment choice and the provider's approval page
 * fit without sideways scrolling, and a guest pays with Google Pay's sheet and with PayPal's approval page.
 * Deals: slots 8 and 9 of priceableDeals.
 */
import { expect, type Page, test } from '@playwright/test';
import { priceableDeals } from './deal-fixtures';
import { emulateDeviceWallets } from './device-wallets';
import { sandboxPage } from './sandbox';
import { addOptionToBasket, setOptionPrice } from './shopping';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const choice = (page: Page) => page.getByRole('group', { name: 'How would you like to pay?' });

async function onCheckout(page: Page, slot: number) {
  const option = priceableDeals[slot];
  if (!option) throw new Error(`no deal for slot ${slot}`);
  await setOptionPrice(page.request, option, 45_00);
  await addOptionToBasket(page, option);
  await page.getByLabel('Email address').fill(`phone-${slot}-${Date.now()}@example.co.uk`);
}

test('a guest on a phone pays with PayPal: the choice and the approval page fit the screen', async ({ page }) => {
  await onCheckout(page, 9);
  await choice(page).getByRole('radio', { name: 'Klarna: pay in 3' }).check();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await choice(page).getByRole('radio', { name: 'PayPal', exact: true }).check();
  await page.locator('form.checkout').getByRole('button', { name: 'Continue to PayPal' }).click();
  await expect(page).toHaveURL(sandboxPage('/paypal/approve'));
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
});

test('a guest on a phone with Google Pay pays through its sheet', async ({ page }) => {
  await emulateDeviceWallets(page, { applePay: false, googlePay: true });
  await onCheckout(page, 8);
  await choice(page).getByRole('radio', { name: 'Google Pay' }).check();
  await page
    .locator('form.checkout')
    .getByRole('button', { name: /with Google Pay$/ })
    .click();
  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await sheet.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
});
