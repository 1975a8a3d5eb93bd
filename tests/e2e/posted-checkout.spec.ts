/**
 * Posted products at the checkout (docs/decisions/051) as a guest meets them, on a phone (375 px) and
 * on a desktop (1280 px): a voucher and a product by post in one basket; the checkout asks for the
 * delivery address before payment and shows the product's delivery option with the day it arrives;
 * a missing name is shown beside its field; the address is found by postcode (spec 7 address lookup)
 * and picked; paid by the sandbox's test Visa; the confirmation says where the parcel goes.
 * Without JavaScript the address lookup and the delivery option still work. Express Buy of a posted
 * product asks for the address, and next time confirms the shopper's saved default.
 * Screenshots of the delivery section go to /tmp/shots/.
 */
import { expect, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { buyableDeal, postalDeal } from './deal-fixtures';
import { addOptionToBasket, checkoutForm, payBasketByCard, uniqueEmail } from './shopping';

test.describe.configure({ timeout: 120_000 });

for (const width of [375, 1280]) {
  test(`a guest buys a voucher and a posted product, finding the address by postcode (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    await addOptionToBasket(page, { dealId: buyableDeal.id, productId: buyableDeal.product.id });
    await addOptionToBasket(page, { dealId: postalDeal.id, productId: postalDeal.productId });

    // The posted line's delivery option, with the days it promises (Consumer Rights Act 2015 s28).
    const option = page
      .getByRole('group', { name: /^Delivery for / })
      .getByRole('radio', { name: /Standard delivery/ });
    await expect(option).toBeChecked();
    await expect(page.getByRole('group', { name: /^Delivery for / })).toContainText(/Arrives \w{3} \d{1,2} \w{3}/);

    const delivery = page.getByRole('region', { name: 'Delivery address' });
    await expect(delivery).toBeVisible();
    await page.getByLabel('Email address').fill(uniqueEmail('posted'));

    // Paying without an address: each missing field says so beside it; nothing is paid.
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel(/Expiry/).fill('12/30');
    await page.getByLabel(/Security code/).fill('123');
    await page.getByLabel('Billing postcode').fill('SW1A 1AA');
    await checkoutForm(page).getByRole('button', { name: /^Pay / }).click();
    await expect(delivery.locator('#delivery-name-error')).toHaveText("Enter the recipient's name");
    await expect(delivery.locator('#delivery-postcode-error')).toHaveText('Enter a valid postcode');
    await expect(page).toHaveURL(/\/checkout/);

    // spec 7 lookup by postcode: a postcode that is not one, then one the address service knows.
    await delivery.getByLabel('Find the address by postcode').fill('ZZ9 9ZZ');
    await delivery.getByRole('button', { name: 'Find address' }).click();
    await expect(delivery.locator('#delivery-lookup-message')).toHaveText('Enter a valid postcode');
    await delivery.getByLabel('Find the address by postcode').fill('SW3 4AB');
    await delivery.getByRole('button', { name: 'Find address' }).click();
    const found = delivery.getByRole('list', { name: 'Addresses found' }).getByRole('button');
    await expect(found.first()).toBeVisible();
    await found.first().click();
    await expect(delivery.getByLabel('Postcode', { exact: true })).toHaveValue('SW3 4AB');
    const line1 = await delivery.getByLabel('Address line 1').inputValue();
    expect(line1).not.toBe('');
    await delivery.getByLabel("Recipient's name").fill('Ada Lovelace');
    await delivery.getByLabel(/Phone number/).fill('07700 900123');
    await expect(delivery.locator('#delivery-name-error')).toHaveCount(0);

    const accessibility = await new AxeBuilder({ page }).include('main').analyze();
    expect(accessibility.violations.map((v) => v.id)).toEqual([]);
    await delivery.scrollIntoViewIfNeeded();
    await delivery.screenshot({ path: `/tmp/shots/posted-checkout-delivery-${width}.png` });
    await page.getByRole('group', { name: /^Delivery for / }).screenshot({
      path: `/tmp/shots/posted-checkout-option-${width}.png`,
    });

    await checkoutForm(page).getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
    await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
    // The confirmation says where the parcel goes.
    const confirmation = page.getByRole('main');
    await expect(confirmation).toContainText('Ada Lovelace');
    await expect(confirmation).toContainText(line1);
    await expect(confirmation).toContainText('SW3 4AB');
  });
}

test('without JavaScript the delivery address is found by postcode and kept, and the page says paying needs JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;
  const added = await page.request.post(`/deal/${postalDeal.id}?_action=addToBasket`, {
    headers: { Origin: origin },
    form: { dealId: String(postalDeal.id), productId: String(postalDeal.productId), quantity: '1' },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  const checkout = await page.goto('/checkout');
  // UK GDPR: a page with a delivery address is personal, never stored by a cache (docs/decisions/051).
  expect(checkout?.headers()['cache-control']).toContain('no-store');
  // Card details go from the browser straight to the payment gateway: paying needs JavaScript, and the
  // page says so in a <noscript> (whose text Playwright's locators never read, so the HTML is read).
  expect(await checkout?.text()).toMatch(/<noscript>[\s\S]*To pay, turn on JavaScript[\s\S]*<\/noscript>/);
  const delivery = page.getByRole('region', { name: 'Delivery address' });
  await delivery.getByLabel("Recipient's name").fill('Ada Lovelace');
  await delivery.getByLabel('Find the address by postcode').fill('SW3 4AB');
  await delivery.getByRole('button', { name: 'Find address' }).click();
  await delivery.getByRole('list', { name: 'Addresses found' }).getByRole('button').first().click();
  await expect(delivery.getByLabel('Postcode', { exact: true })).toHaveValue('SW3 4AB');
  await expect(delivery.getByLabel("Recipient's name")).toHaveValue('Ada Lovelace');
  // The delivery option posts with "Update delivery", and what was typed is kept.
  await page.getByRole('button', { name: 'Update delivery' }).click();
  await expect(
    page
      .getByRole('group', { name: /^Delivery for / })
      .getByRole('radio')
      .first(),
  ).toBeChecked();
  await expect(delivery.getByLabel('Postcode', { exact: true })).toHaveValue('SW3 4AB');
  await expect(delivery.getByLabel("Recipient's name")).toHaveValue('Ada Lovelace');
  await context.close();
});

test('Express Buy of a posted product takes the address typed beside it, and next time shows the saved default', async ({
  page,
}) => {
  await registerConfirmed(page.request, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('express-posted'),
    password: 'Sunshine1',
  });
  await addOptionToBasket(page, { dealId: buyableDeal.id, productId: buyableDeal.product.id });
  await payBasketByCard(page, 'express-posted', { saveInstrument: true });

  await page.goto(`/deal/${postalDeal.id}`);
  await page.locator(`.chooser input[type="radio"][value="${postalDeal.productId}"]`).check();
  const address = page.getByRole('group', { name: 'Delivery address for Express Buy' });
  await expect(address).toBeVisible();
  await address.getByLabel("Recipient's name").fill('Ada Lovelace');
  await address.getByLabel('Address line 1').fill('20 Charlotte Street');
  await address.getByLabel('Town or city').fill('London');
  await address.getByLabel('Postcode').fill('sw3 4ab');
  await page.getByRole('button', { name: /^Express Buy with / }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('SW3 4AB');

  // With a saved default address, Express Buy shows it to confirm instead of asking.
  const saved = await page.request.post('/api/v1/user/addresses', {
    data: { name: 'Ada Lovelace', line1: '1 Mill Lane', line2: '', town: 'Leeds', postcode: 'LS1 4AP', phone: '' },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await page.goto(`/deal/${postalDeal.id}`);
  await page.locator(`.chooser input[type="radio"][value="${postalDeal.productId}"]`).check();
  await expect(page.getByText(/Delivers to Ada Lovelace, 1 Mill Lane, Leeds, LS1 4AP/)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Delivery address for Express Buy' })).toHaveCount(0);
});
