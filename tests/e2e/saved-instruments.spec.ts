/**
 * Saved instruments (decision 016), as a shopper meets them: a card saved at checkout pays the next
 * order without typing the number again, and /myaccount/payment-methods lists the saved cards with the
 * default marked, makes another the default, and removes them after asking.
 */

import { expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { priceableDeals } from './deal-fixtures';
import { addOptionToBasket, payBasketByCard, setOptionPrice, uniqueEmail } from './shopping';

function slot(n: number) {
  const option = priceableDeals[n];
  if (!option) throw new Error(`no priceable deal in slot ${n}`);
  return option;
}

/** A fresh account, signed in in this browser. */
async function registerAndSignIn(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await registerConfirmed(page.request, { firstName: 'Ada', lastName: 'Lovelace', email, password: 'Sunshine1' });
  return email;
}

/** Buys what is in the basket through the pay call with a sandbox test nonce, keeping the card. */
const buySavingCard = (page: Page, nonce: string) => payBasketByCard(page, 'save', { nonce, saveInstrument: true });

test('a saved card pays a second order without typing the number again', async ({ page, request }) => {
  await setOptionPrice(request, slot(30), 24_00);
  await setOptionPrice(request, slot(31), 31_50);
  await registerAndSignIn(page, 'savedcard');

  await addOptionToBasket(page, slot(30));
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('SW1A 1AA');
  await page.getByLabel('Save this card for next time').check();
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();

  await addOptionToBasket(page, slot(31));
  const saved = page.getByRole('radio', { name: /Visa ending 1111, expires 12\/30/ });
  await expect(saved).toBeChecked();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  const accessibility = await new AxeBuilder({ page }).include('main').analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);
  await page.locator('form.checkout').getByRole('button', { name: 'Pay £31.50' }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
});

test('/myaccount/payment-methods marks the default, makes another the default and removes cards after asking', async ({
  page,
  request,
}) => {
  await setOptionPrice(request, slot(32), 12_00);
  await setOptionPrice(request, slot(33), 14_00);
  await registerAndSignIn(page, 'methods');

  await page.goto('/myaccount/payment-methods');
  await expect(page.getByRole('heading', { name: 'Payment methods', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no saved cards or PayPal accounts.')).toBeVisible();

  await addOptionToBasket(page, slot(32));
  await buySavingCard(page, 'fake-valid-visa-nonce');
  await addOptionToBasket(page, slot(33));
  await buySavingCard(page, 'fake-valid-mastercard-nonce');

  await page.goto('/myaccount/profile');
  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Payment methods' }).click();
  await expect(page).toHaveURL(/\/myaccount\/payment-methods$/);
  const items = page.locator('.instrument');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Visa ending 1881');
  await expect(items.nth(0)).toContainText('Default');
  await expect(items.nth(0)).toContainText('Expires 12/30');
  await expect(items.nth(1)).toContainText('Mastercard ending 4444');
  await expect(items.nth(1)).not.toContainText('Default');
  const accessibility = await new AxeBuilder({ page }).include('main').analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: 'Make default: Mastercard ending 4444' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your default' })).toHaveText(
    'Your default payment method has been changed.',
  );
  await expect(items.nth(0)).toContainText('Mastercard ending 4444');
  await expect(items.nth(0)).toContainText('Default');

  // Removing asks first; "Keep it" changes nothing.
  await page.getByRole('link', { name: 'Remove: Visa ending 1881' }).click();
  await expect(page.getByRole('heading', { name: 'Remove Visa ending 1881?' })).toBeVisible();
  await page.getByRole('link', { name: 'Keep it' }).click();
  await expect(items).toHaveCount(2);

  await page.getByRole('link', { name: 'Remove: Mastercard ending 4444' }).click();
  await expect(page.getByRole('button', { name: 'Yes, remove it' })).toBeFocused();
  await page.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'removed' })).toHaveText(
    'The payment method has been removed.',
  );
  await expect(items).toHaveCount(1);
  // The default went with it, so the card left takes over.
  await expect(items.nth(0)).toContainText('Visa ending 1881');
  await expect(items.nth(0)).toContainText('Default');

  // The checkout offers only what is left.
  await addOptionToBasket(page, slot(32));
  await expect(page.getByRole('radio', { name: /Visa ending 1881/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Mastercard ending 4444/ })).toHaveCount(0);
});
