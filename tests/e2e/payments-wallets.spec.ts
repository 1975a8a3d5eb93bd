/**
 * Apple Pay and Google Pay (decision 016) as a guest meets them (PAYMENTS.md "PayPal, Apple
 * Pay, Google Pay"; spec 8 messages), on a browser that has them (tests/e2e/device-wallets.ts):
 * the sandbox payment sheet pays and ends in "Purchase Successful" with vouchers; 2000.00 is
 * declined "Do Not Honor" with the spec 8 message and no order; the sheet cancels with Escape or
 * Cancel, charging nothing, and gives focus back to the pay button.
 * Deals: slots 14-17 of priceableDeals (tests/e2e/deal-fixtures.ts).
 */

import { expect, type Page, test } from '@playwright/test';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { AxeBuilder } from './axe';
import { priceableDeals } from './deal-fixtures';
import { emulateDeviceWallets } from './device-wallets';
import {
  addOptionToBasket,
  checkoutForm,
  expectVouchers,
  paymentChoice,
  setOptionPrice,
  uniqueEmail,
} from './shopping';

const [googleSlot, appleSlot, declineSlot, cancelSlot] = priceableDeals.slice(14, 18);

/** A guest with this option in the basket and the wallet chosen. */
async function chooseWallet(page: Page, option: { dealId: number; productId: number }, name: string) {
  await addOptionToBasket(page, option);
  await page.getByLabel('Email address').fill(uniqueEmail(name.replace(' ', '').toLowerCase()));
  await paymentChoice(page).getByRole('radio', { name }).check();
}

test.describe('Apple Pay and Google Pay at checkout', () => {
  test('spec 8: Google Pay pays through the sandbox sheet and ends in Purchase Successful with vouchers', async ({
    page,
    request,
  }) => {
    if (!googleSlot) throw new Error('no deal for slot 14');
    await setOptionPrice(request, googleSlot, 30_00);
    await emulateDeviceWallets(page, { applePay: false, googlePay: true });
    await chooseWallet(page, googleSlot, 'Google Pay');
    await checkoutForm(page).getByRole('button', { name: 'Pay £30 with Google Pay' }).click();

    const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Tuppence');
    await expect(sheet).toContainText('£30');
    await expect(sheet).toContainText('Visa •••• 1111');
    await expect(sheet.getByRole('button', { name: 'Pay £30' })).toBeFocused();
    const accessibility = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(accessibility.violations.map((v) => v.id)).toEqual([]);

    await sheet.getByRole('button', { name: 'Pay £30' }).click();
    await expect(page.getByText('Purchase Successful').first()).toBeVisible();
    await expectVouchers(page);
  });

  test('spec 8: Apple Pay, offered where ApplePaySession can pay, ends in Purchase Successful', async ({
    page,
    request,
  }) => {
    if (!appleSlot) throw new Error('no deal for slot 15');
    await setOptionPrice(request, appleSlot, 64_99);
    await emulateDeviceWallets(page, { applePay: true, googlePay: false });
    await chooseWallet(page, appleSlot, 'Apple Pay');
    await expect(paymentChoice(page).getByRole('radio', { name: 'Google Pay' })).toHaveCount(0);
    await checkoutForm(page).getByRole('button', { name: 'Pay £64.99 with Apple Pay' }).click();
    const sheet = page.getByRole('dialog', { name: 'Apple Pay (sandbox)' });
    await expect(sheet).toContainText('Visa •••• 1881');
    await sheet.getByRole('button', { name: 'Pay £64.99' }).click();
    await expect(page.getByText('Purchase Successful').first()).toBeVisible();
    await expectVouchers(page);
  });

  test('spec 8: a wallet payment of 2000.00 is declined with the message and the bank reason, and no order', async ({
    page,
    request,
  }) => {
    if (!declineSlot) throw new Error('no deal for slot 16');
    await setOptionPrice(request, declineSlot, 2000_00);
    await emulateDeviceWallets(page, { applePay: false, googlePay: true });
    await chooseWallet(page, declineSlot, 'Google Pay');
    await checkoutForm(page).getByRole('button', { name: 'Pay £2,000 with Google Pay' }).click();
    await page
      .getByRole('dialog', { name: 'Google Pay (sandbox)' })
      .getByRole('button', { name: 'Pay £2,000' })
      .click();

    const outcome = page.locator('.checkout__outcome');
    await expect(outcome).toContainText(MESSAGES.paymentDidNotGoThrough);
    await expect(outcome).toContainText(CARD_REASONS.declinedByBank);
    await expect(page).toHaveURL(/\/checkout$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  });

  test('the sheet cancels with Escape or Cancel, charges nothing, and hands focus back to the pay button', async ({
    page,
    request,
  }) => {
    if (!cancelSlot) throw new Error('no deal for slot 17');
    await setOptionPrice(request, cancelSlot, 25_00);
    await emulateDeviceWallets(page, { applePay: true, googlePay: false });
    await chooseWallet(page, cancelSlot, 'Apple Pay');
    const payButton = checkoutForm(page).getByRole('button', { name: 'Pay £25 with Apple Pay' });
    const sheet = page.getByRole('dialog', { name: 'Apple Pay (sandbox)' });

    await payButton.click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(payButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(sheet).toHaveCount(0);
    await expect(payButton).toBeFocused();
    await expect(page.locator('.checkout__outcome')).toHaveText('');
    // Nothing was bought.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  });
});
