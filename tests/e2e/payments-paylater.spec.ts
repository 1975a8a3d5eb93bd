/**
 * Klarna (pay in 3) and Clearpay (pay in 4) as a guest meets them (decision 016): the checkout shows the
 * instalments, the provider's own page takes the playground's test data (PAYMENTS.md), and the
 * shopper comes back to "Purchase Successful" with vouchers; a denied or declined approval shows
 * spec 8's "Sorry please try a different payment method." and places nothing; cancelling comes
 * back with a notice and nothing charged. Deals: slots 20-29 of priceableDeals.
 */

import { expect, type Page, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import { priceableDeals } from './deal-fixtures';
import { sandboxPage } from './sandbox';
import { addOptionToBasket, paymentChoice, setOptionPrice, uniqueEmail } from './shopping';

const slot = (n: number) => {
  const option = priceableDeals[n];
  if (!option) throw new Error(`no deal for slot ${n}`);
  return option;
};
const TRY_ANOTHER = 'Sorry please try a different payment method.';
const payButton = (page: Page) => page.locator('form.checkout').getByRole('button', { name: /^Continue to / });

/** A guest with a 60 pound basket, leaving checkout for the provider's page. */
async function leaveForProvider(
  page: Page,
  request: Parameters<typeof setOptionPrice>[0],
  n: number,
  option: 'Klarna: pay in 3' | 'Clearpay: pay in 4',
) {
  await setOptionPrice(request, slot(n), 60_00);
  await addOptionToBasket(page, slot(n));
  await page.getByLabel('Email address').fill(uniqueEmail(option.split(':')[0]?.toLowerCase() ?? 'paylater'));
  await paymentChoice(page).getByRole('radio', { name: option }).check();
  await payButton(page).click();
  // On the provider's own page (which has an email field too) before anything is typed.
  await expect(page).toHaveURL(sandboxPage('/(klarna|clearpay)/'));
}

/** Back at the shop after approval: "Purchase Successful", then the order's vouchers. */
async function expectPurchase(page: Page) {
  await expect(page.getByText('Purchase Successful').first()).toBeVisible();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  const code = page.locator('dt', { hasText: 'Voucher code' }).first().locator('xpath=following-sibling::dd');
  await expect(code).toHaveText(/TP-/);
}

/** Nothing was bought: the checkout still holds the basket. */
async function expectBasketKept(page: Page) {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toHaveCount(0);
}

async function expectAccessible(page: Page) {
  const accessibility = await new AxeBuilder({ page }).analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);
}

test.describe('Klarna (pay in 3)', () => {
  test('approve at the playground (customer+gb@klarna.com; code 999999 fails first) ends in Purchase Successful with vouchers', async ({
    page,
    request,
  }) => {
    await setOptionPrice(request, slot(20), 60_00);
    await addOptionToBasket(page, slot(20));
    await page.getByLabel('Email address').fill(uniqueEmail('klarna'));
    await paymentChoice(page).getByRole('radio', { name: 'Klarna: pay in 3' }).check();
    await expect(paymentChoice(page)).toContainText('3 interest-free payments of £20.00');
    await expect(paymentChoice(page).getByRole('list', { name: 'Klarna instalments' })).toContainText(
      'In 60 days: £20.00',
    );
    await payButton(page).click();

    // Klarna's own page, not the shop's.
    await expect(page).toHaveURL(sandboxPage('/klarna/hpp/'));
    await expect(page.getByRole('heading', { name: 'Pay in 3 with Klarna' })).toBeVisible();
    await expect(page.getByText('Playground', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your instalments' }).getByRole('listitem')).toHaveCount(3);
    await expectAccessible(page);

    // Keyboard only: the step's field has focus, Enter submits.
    // Klarna offers the email the shop passed on; the shopper types the playground's instead.
    await expect(page.getByLabel('Email address')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('customer+gb@klarna.com');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Confirm it’s you' })).toBeVisible();
    await expect(page.getByLabel('Verification code')).toBeFocused();
    await page.keyboard.type('999999');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText("That code didn't work. Check it and try again.");
    await expectAccessible(page);
    await page.getByLabel('Verification code').fill('123456');
    await page.getByRole('button', { name: 'Confirm and pay' }).click();

    await expectPurchase(page);
  });

  test('a denied shopper (customer+gb+denied@klarna.com) sees "Sorry please try a different payment method." and no order', async ({
    page,
    request,
  }) => {
    await leaveForProvider(page, request, 21, 'Klarna: pay in 3');
    await page.getByLabel('Email address').fill('customer+gb+denied@klarna.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Verification code').fill('123456');
    await page.getByRole('button', { name: 'Confirm and pay' }).click();

    await expect(page).toHaveURL(/\/checkout/);
    await expect(page.locator('.checkout__outcome')).toContainText(TRY_ANOTHER);
    await expectBasketKept(page);
  });

  test('Cancel returns to checkout with a notice and nothing charged', async ({ page, request }) => {
    await leaveForProvider(page, request, 22, 'Klarna: pay in 3');
    await page.getByRole('button', { name: 'Cancel and return to Tuppence' }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.locator('.checkout__notice--payment')).toContainText('You cancelled Klarna. Nothing was charged');
    await expect(page.locator('.checkout__outcome')).toBeEmpty();
    await expect(payButton(page)).toHaveText('Continue to Klarna');
    await expectBasketKept(page);
  });
});

test.describe('Clearpay (pay in 4)', () => {
  test('approve at the sandbox (SMS 111111, CVV 000) ends in Purchase Successful with vouchers', async ({
    page,
    request,
  }) => {
    await setOptionPrice(request, slot(23), 60_00);
    await addOptionToBasket(page, slot(23));
    await page.getByLabel('Email address').fill(uniqueEmail('clearpay'));
    await paymentChoice(page).getByRole('radio', { name: 'Clearpay: pay in 4' }).check();
    await expect(paymentChoice(page)).toContainText('4 interest-free payments of £15.00');
    await payButton(page).click();

    await expect(page).toHaveURL(sandboxPage('/clearpay/checkout/'));
    await expect(page.getByRole('heading', { name: 'Pay in 4 with Clearpay' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your instalments' }).getByRole('listitem')).toHaveCount(4);
    await expectAccessible(page);
    await page.getByLabel('SMS code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('The code you entered is incorrect.');
    await page.getByLabel('SMS code').fill('111111');
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page.getByRole('heading', { name: 'Add your card' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/35');
    await page.getByLabel('Security code (CVV)').fill('000');
    await page.getByRole('button', { name: 'Confirm payment plan' }).click();

    await expectPurchase(page);
  });

  test('a declined card (CVV 051) sees "Sorry please try a different payment method." and no order', async ({
    page,
    request,
  }) => {
    await leaveForProvider(page, request, 24, 'Clearpay: pay in 4');
    await page.getByLabel('SMS code').fill('111111');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry (MM/YY)').fill('12/35');
    await page.getByLabel('Security code (CVV)').fill('051');
    await page.getByRole('button', { name: 'Confirm payment plan' }).click();

    await expect(page).toHaveURL(/\/checkout/);
    await expect(page.locator('.checkout__outcome')).toContainText(TRY_ANOTHER);
    await expectBasketKept(page);
  });

  test('Cancel returns to checkout with a notice and nothing charged', async ({ page, request }) => {
    await leaveForProvider(page, request, 25, 'Clearpay: pay in 4');
    await page.getByRole('button', { name: 'Cancel and return to Tuppence' }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.locator('.checkout__notice--payment')).toContainText(
      'You cancelled Clearpay. Nothing was charged',
    );
    await expectBasketKept(page);
  });
});
