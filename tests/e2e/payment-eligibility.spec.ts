/**
 * Spec 5's "Payment eligibility" rules (decision 016) as a guest meets them at checkout: a 30 pound
 * deal offers card, PayPal, Google Pay, Klarna and Clearpay; a 1,200 pound basket offers no
 * pay-later; a sub-category 14 deal over 50 pounds offers none of the restricted methods.
 * Deals: slots 0-9 of priceableDeals, and fraudProneDeal (tests/e2e/deal-fixtures.ts).
 */

import { expect, type Page, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import { fraudProneDeal, priceableDeals } from './deal-fixtures';
import { emulateDeviceWallets } from './device-wallets';
import { addOptionToBasket, paymentChoice, setOptionPrice } from './shopping';

const [thirtyPounds, twelveHundred, plainDevice] = priceableDeals;

async function offered(page: Page): Promise<string[]> {
  const choice = paymentChoice(page);
  await expect(choice.getByRole('radio').first()).toBeVisible();
  return (await choice
    .getByRole('radio')
    .evaluateAll((radios) =>
      radios.map((radio) => radio.closest('label')?.querySelector('.payment-methods__label')?.textContent ?? ''),
    )) as string[];
}

test.describe('spec 5: payment eligibility at checkout', () => {
  test('a guest buying a 30 pound deal is offered card, PayPal, Google Pay, Klarna and Clearpay', async ({
    page,
    request,
  }) => {
    if (!thirtyPounds) throw new Error('no deal for slot 0');
    await setOptionPrice(request, thirtyPounds, 30_00);
    await emulateDeviceWallets(page, { applePay: false, googlePay: true });
    await addOptionToBasket(page, thirtyPounds);
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
    await expect(paymentChoice(page).getByRole('radio', { name: 'Google Pay' })).toBeVisible();
    expect(await offered(page)).toEqual([
      'Debit or credit card',
      'PayPal',
      'PayPal Credit',
      'Google Pay',
      'Klarna: pay in 3',
      'Clearpay: pay in 4',
    ]);
    // Apple Pay only where the browser has ApplePaySession: this one does not.
    await expect(paymentChoice(page).getByRole('radio', { name: 'Apple Pay' })).toHaveCount(0);
    // The instalments are shown before the shopper leaves for Klarna.
    await paymentChoice(page).getByRole('radio', { name: 'Klarna: pay in 3' }).check();
    await expect(paymentChoice(page)).toContainText('3 interest-free payments of £10.00');
    await expect(page.locator('form.checkout').getByRole('button', { name: 'Continue to Klarna' })).toBeVisible();
    const accessibility = await new AxeBuilder({ page }).include('main').analyze();
    expect(accessibility.violations.map((v) => v.id)).toEqual([]);
  });

  test('a browser without device wallets is offered neither Apple Pay nor Google Pay', async ({ page, request }) => {
    if (!plainDevice) throw new Error('no deal for slot 2');
    await setOptionPrice(request, plainDevice, 25_00);
    await addOptionToBasket(page, plainDevice);
    const labels = await offered(page);
    expect(labels).toContain('Debit or credit card');
    expect(labels).not.toContain('Apple Pay');
    expect(labels).not.toContain('Google Pay');
  });

  test('a guest 1,200 pound basket is offered no pay-later, and is told why', async ({ page, request }) => {
    if (!twelveHundred) throw new Error('no deal for slot 1');
    await setOptionPrice(request, twelveHundred, 1200_00);
    await addOptionToBasket(page, twelveHundred);
    const labels = await offered(page);
    expect(labels).toContain('Debit or credit card');
    expect(labels).toContain('PayPal');
    expect(labels).not.toContain('Klarna: pay in 3');
    expect(labels).not.toContain('Clearpay: pay in 4');
    await expect(page.getByRole('list', { name: 'Not available for this order' })).toContainText(
      'Klarna is available to guests on orders from £1 to £1,000.',
    );
  });

  test('a sub-category 14 deal over 50 pounds is offered none of the restricted methods; under 50 it is', async ({
    page,
    request,
  }) => {
    await setOptionPrice(request, fraudProneDeal, 60_00);
    await addOptionToBasket(page, fraudProneDeal);
    const over = await offered(page);
    expect(over).toContain('Debit or credit card');
    expect(over).toContain('PayPal');
    for (const restricted of ['PayPal Credit', 'Klarna: pay in 3', 'Clearpay: pay in 4']) {
      expect(over).not.toContain(restricted);
    }
    await expect(page.getByRole('list', { name: 'Not available for this order' })).toContainText(
      "isn't available for some items in your basket",
    );

    // The same deal under 50 pounds: spec 5 allows it (the checkout prices from the database on each load).
    await setOptionPrice(request, fraudProneDeal, 40_00);
    await page.reload();
    const under = await offered(page);
    expect(under).toEqual(expect.arrayContaining(['PayPal Credit', 'Klarna: pay in 3', 'Clearpay: pay in 4']));
  });

  test('the pay call refuses a method the checkout did not offer, and places nothing', async ({ page, request }) => {
    await setOptionPrice(request, fraudProneDeal, 60_00);
    await addOptionToBasket(page, fraudProneDeal);
    await expect(paymentChoice(page)).toBeVisible();
    const response = await page.request.post('/api/v1/pay', {
      headers: { 'Idempotency-Key': `refuse-${Date.now()}` },
      data: {
        totalOrderAmount: 60_00,
        walletUsed: 0,
        cashAmount: 60_00,
        paymentMethod: 'klarna',
        nonce: 'any-token',
        email: `refused-${Date.now()}@example.co.uk`,
      },
    });
    expect(response.status()).toBe(422);
    expect((await response.json()).message).toBe('Sorry please try a different payment method.');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
  });
});
