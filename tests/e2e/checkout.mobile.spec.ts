/** On a 375 px phone: the checkout fits without sideways scrolling and a guest can pay. */
import { expect, test } from '@playwright/test';
import { buyableDeal } from './deal-fixtures';
import { checkoutReady } from './shopping';

test('a guest checks out on a phone: nothing scrolls sideways, the purchase goes through', async ({ page }) => {
  await page.goto(`/deal/${buyableDeal.id}`);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Buy now' }).first().click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  // What is typed before the island hydrates would be lost, as for a shopper on a slow phone.
  await checkoutReady(page);
  await page.getByLabel('Email address').fill(`phone-${Date.now()}@example.co.uk`);
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('M1 1AE');
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
