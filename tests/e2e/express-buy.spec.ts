/**
 * Express Buy (decision 016), as a shopper meets it on the deal page (spec 4, spec 7 express-buy-token):
 * signed in with a saved default card, "Express Buy with Visa ending 1881" buys the option in one
 * step and ends in "Purchase Successful" and the confirmation; a deal Express Buy cannot take shows
 * "Requested deal cannot be purchased via Express Buy." and the standard checkout still works.
 */

import { expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { giftClaimDeal, priceableDeals } from './deal-fixtures';
import { addOptionToBasket, checkoutReady, payBasketByCard, setOptionPrice, uniqueEmail } from './shopping';

function slot(n: number) {
  const option = priceableDeals[n];
  if (!option) throw new Error(`no priceable deal in slot ${n}`);
  return option;
}

/** A fresh signed-in account whose first order saved the sandbox's test Visa (ending 1881). */
async function shopperWithSavedCard(page: Page, label: string, firstOrder: { dealId: number; productId: number }) {
  await registerConfirmed(page.request, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(label),
    password: 'Sunshine1',
  });
  await addOptionToBasket(page, firstOrder);
  await payBasketByCard(page, 'express', { saveInstrument: true });
}

test('Express Buy from the deal page buys the option in one step: Purchase Successful, then the confirmation', async ({
  page,
  request,
}) => {
  const first = slot(34);
  const deal = slot(35);
  await setOptionPrice(request, first, 10_00);
  await setOptionPrice(request, deal, 19_99);
  await shopperWithSavedCard(page, 'express', first);

  await page.goto(`/deal/${deal.dealId}`);
  await page.locator(`.chooser input[type="radio"][value="${deal.productId}"]`).check();
  const express = page.getByRole('button', { name: 'Express Buy with Visa ending 1881' });
  await expect(express).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy now' })).toBeVisible();
  const accessibility = await new AxeBuilder({ page }).include('.chooser').analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);

  await express.click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  await expect(page.getByText('£19.99').first()).toBeVisible();
});

test('spec 4: Express Buy refused shows "Requested deal cannot be purchased via Express Buy." and the standard checkout still works', async ({
  page,
  request,
}) => {
  const first = slot(36);
  await setOptionPrice(request, first, 11_00);
  await shopperWithSavedCard(page, 'refused', first);

  await page.goto(`/deal/${giftClaimDeal.dealId}`);
  await page.locator(`.chooser input[type="radio"][value="${giftClaimDeal.productId}"]`).check();
  await page.getByRole('button', { name: 'Express Buy with Visa ending 1881' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Express Buy' });
  await expect(alert).toContainText('Requested deal cannot be purchased via Express Buy.');
  // spec 8: the standard checkout is offered in words, with the way to it beside them.
  await expect(alert).toContainText('Please try our checkout service instead.');
  const continueToCheckout = alert.getByRole('button', { name: 'Continue to checkout' });
  await expect(continueToCheckout).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/deal/${giftClaimDeal.dealId}`));

  await continueToCheckout.click();
  await expect(page).toHaveURL(/\/checkout/);
  await checkoutReady(page);
  await expect(page.getByRole('radio', { name: /Visa ending 1881/ })).toBeChecked();
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
});
