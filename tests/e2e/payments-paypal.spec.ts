/**
 * PayPal and PayPal Credit (decision 016) as a guest meets them (PAYMENTS.md "PayPal, Apple Pay,
 * Google Pay"; spec 8 messages): the checkout sends the shopper to the PayPal sandbox's approval
 * page; approving comes back to "Purchase Successful" with vouchers; PayPal's 5001.01 decline shows
 * its message and places nothing; cancelling comes back with a notice and nothing charged.
 * Deals: slots 10-13 of priceableDeals (tests/e2e/deal-fixtures.ts).
 */

import { expect, type Page, test } from '@playwright/test';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { AxeBuilder } from './axe';
import { priceableDeals } from './deal-fixtures';
import { sandboxPage } from './sandbox';
import {
  addOptionToBasket,
  checkoutForm,
  expectVouchers,
  paymentChoice,
  setOptionPrice,
  uniqueEmail,
} from './shopping';

const [approveSlot, declineSlot, cancelSlot, creditSlot] = priceableDeals.slice(10, 14);

/** A guest with this option in the basket, PayPal (or PayPal Credit) chosen, on PayPal's approval page. */
async function goToPayPal(page: Page, option: { dealId: number; productId: number }, credit = false) {
  await addOptionToBasket(page, option);
  await page.getByLabel('Email address').fill(uniqueEmail(credit ? 'ppcredit' : 'paypal'));
  const name = credit ? 'PayPal Credit' : 'PayPal';
  await paymentChoice(page).getByRole('radio', { name, exact: true }).check();
  await checkoutForm(page)
    .getByRole('button', { name: `Continue to ${name}` })
    .click();
  await expect(page).toHaveURL(sandboxPage('/paypal/approve\\?id=PAYID-'));
  return page.url();
}

test.describe('PayPal at checkout', () => {
  test('spec 8: a guest approves at the PayPal sandbox and sees Purchase Successful with vouchers', async ({
    page,
    request,
  }) => {
    if (!approveSlot) throw new Error('no deal for slot 10');
    await setOptionPrice(request, approveSlot, 30_00);
    await addOptionToBasket(page, approveSlot);
    await paymentChoice(page).getByRole('radio', { name: 'PayPal', exact: true }).check();
    await expect(paymentChoice(page)).toContainText('Nothing is taken until you approve.');
    await page.getByLabel('Email address').fill(uniqueEmail('paypal'));
    await checkoutForm(page).getByRole('button', { name: 'Continue to PayPal' }).click();

    // The sandbox's own page: merchant, amount, a prefilled sandbox buyer.
    await expect(page).toHaveURL(sandboxPage('/paypal/approve\\?id=PAYID-'));
    await expect(page.getByText('PayPal sandbox: test payments only')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pay Tuppence £30' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('sb-buyer@personal.example.com');
    const accessibility = await new AxeBuilder({ page }).analyze();
    expect(accessibility.violations.map((v) => v.id)).toEqual([]);

    await page.getByRole('button', { name: 'Agree and continue' }).click();
    await expect(page.getByText('Purchase Successful').first()).toBeVisible();
    await expectVouchers(page);
  });

  test('spec 8: PayPal declines 5001.01 (2038): the message, PayPal rejected, and no order', async ({
    page,
    request,
  }) => {
    if (!declineSlot) throw new Error('no deal for slot 11');
    await setOptionPrice(request, declineSlot, 5001_01);
    await goToPayPal(page, declineSlot);
    await expect(page.getByRole('heading', { name: 'Pay Tuppence £5,001.01' })).toBeVisible();
    await page.getByRole('button', { name: 'Agree and continue' }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    const outcome = page.locator('.checkout__outcome');
    await expect(outcome).toContainText(MESSAGES.paymentDidNotGoThrough);
    await expect(outcome).toContainText(CARD_REASONS.paypalRejected);
    await expect(checkoutForm(page).getByRole('button', { name: MESSAGES.paymentFailed })).toBeVisible();
    // Nothing was bought: the basket is still there.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
  });

  test('PAYMENTS.md: cancelling at PayPal returns to checkout with a notice and nothing charged', async ({
    page,
    request,
  }) => {
    if (!cancelSlot) throw new Error('no deal for slot 12');
    await setOptionPrice(request, cancelSlot, 45_00);
    const approvalUrl = await goToPayPal(page, cancelSlot);
    await page.getByRole('button', { name: 'Cancel and return to Tuppence' }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('status').filter({ hasText: 'You cancelled PayPal.' })).toContainText(
      'Nothing was charged',
    );
    await expect(paymentChoice(page).getByRole('radio', { name: 'PayPal', exact: true })).toBeChecked();
    await expect(checkoutForm(page).getByRole('button', { name: 'Continue to PayPal' })).toBeEnabled();
    await expect(page.locator('.checkout__outcome')).toHaveText('');
    // The approval cannot be reused: the sandbox says the payment is finished.
    await page.goto(approvalUrl);
    await expect(page.getByRole('heading', { name: 'This payment is already finished' })).toBeVisible();
  });

  test('spec 3: PayPal Credit approves through the same flow and the order is placed', async ({ page, request }) => {
    if (!creditSlot) throw new Error('no deal for slot 13');
    await setOptionPrice(request, creditSlot, 120_00);
    await goToPayPal(page, creditSlot, true);
    await expect(page.getByRole('definition').filter({ hasText: 'PayPal Credit' })).toBeVisible();
    await expect(page.getByText('PayPal Credit is subject to status.')).toBeVisible();
    await page.getByLabel('Email').fill('credit-buyer@personal.example.com');
    await page.getByRole('button', { name: 'Agree and continue' }).click();
    await expect(page.getByText('Purchase Successful').first()).toBeVisible();
    await expectVouchers(page);
  });
});
