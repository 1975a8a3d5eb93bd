/**
 * Promotions and credit (decision 021) as a shopper meets them: a credit-claim link opened as a guest
 * asks them to log in, keeps the code and shows spec 8's success toast once they have; opening it again
 * shows the already-received toast, and ?credit_validation=12a does nothing (spec 5). A 20% promo code
 * typed in the order summary takes 20% off, and the order charges exactly that; a wrong code says
 * "invalid".
 */

import { expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../src/domain/money';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { buyableDeal } from './deal-fixtures';
import { addOptionToBasket, OPERATOR, uniqueEmail } from './shopping';

const toast = (page: Page) => page.locator('[data-credit-toast]');

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('spec 4 and 8: a guest opens ?credit_validation=123, logs in and sees the success toast; again, already received; 12a does nothing', async ({
  page,
  request,
}) => {
  const campaign = await request.post('/api/internal/credit-campaigns', {
    headers: OPERATOR,
    data: { claimCode: '123', name: 'Welcome fiver', amountMinor: 500 },
  });
  expect([201, 409]).toContain(campaign.status());
  const email = uniqueEmail('claimer');
  const password = 'Sunshine1';
  await registerConfirmed(request, { firstName: 'Ada', email, password });

  await page.goto('/near-me?credit_validation=123');
  await expect(toast(page)).toContainText('Please log in to claim your credit.');
  await expect(page).not.toHaveURL(/credit_validation/);
  await toast(page).getByRole('link', { name: 'Log in' }).click();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/near-me$/);
  await expect(toast(page)).toContainText(
    "Your £5 credit has been applied to your account. You'll see it when you get to checkout!",
  );
  await expect(toast(page).getByRole('link', { name: 'Terms apply' })).toHaveAttribute('href', '/page/promo');

  await page.goto('/near-me?credit_validation=123');
  await expect(toast(page)).toContainText("You've already received your £5 credit from this offer.");
  await toast(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast(page)).toBeHidden();

  await page.goto('/near-me?credit_validation=12a');
  // The page has run its scripts (the header's account menu has loaded) and no toast came.
  await page.waitForLoadState('networkidle');
  await expect(toast(page)).toBeHidden();
  await expect(page).toHaveURL(/credit_validation=12a/);

  // /myaccount/credit lists it with its expiry; the wallet holds it as promotional credit.
  await page.goto('/myaccount/credit');
  const row = page.getByRole('row', { name: /Welcome fiver/ });
  await expect(row).toContainText('£5');
  await expect(row.locator('time').last()).toHaveAttribute('datetime', /^\d{4}-/);
  const accessibility = await new AxeBuilder({ page }).include('main').analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);

  await page.goto('/near-me?credit_validation=8080');
  await expect(toast(page)).toContainText('Sorry, this offer link is no longer valid.');
});

test('a 20% promo code in the order summary takes 20% off, and the order charges that', async ({ page }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const created = await page.request.post('/api/internal/promo-codes', {
    headers: OPERATOR,
    data: { code, kind: 'percent', percentOff: 20, maxUses: 10 },
  });
  expect(created.status(), await created.text()).toBe(201);
  await addOptionToBasket(page, { dealId: buyableDeal.id, productId: buyableDeal.product.id });

  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await summary.getByLabel('Promo code').fill('NOSUCHCODE');
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByRole('status').first()).toContainText('This promo code is invalid');

  await summary.getByLabel('Promo code').fill(code.toLowerCase());
  await summary.getByLabel('Promo code').press('Enter');
  await expect(summary).toContainText(`Promo code ${code} applied: 20% off.`);
  const price = buyableDeal.product.priceMinor;
  const discount = Math.floor((price * 20 + 50) / 100);
  const total = buyableDeal.unitTotalMinor - discount;
  const money = (minor: number) => formatMoney({ amountMinor: minor, currency: 'GBP' });
  await expect(summary).toContainText(`You save with ${code}${money(discount)}`);
  await expect(page).toHaveURL(/promoCode=/);

  await page.getByLabel('Email address').fill(uniqueEmail('promo'));
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('SW1A 1AA');
  await page
    .locator('form.checkout')
    .getByRole('button', { name: `Pay ${money(total)}` })
    .click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);

  const listed = await (await page.request.get('/api/internal/promo-codes', { headers: OPERATOR })).json();
  const mine = listed.promoCodes.find((c: { code: string }) => c.code === code);
  expect(mine).toMatchObject({ usesCount: 1, discountGivenMinor: discount });
});

test('the operator page creates a credit-claim campaign, lists it and ends it', async ({ page }) => {
  await page.goto('/operator/promotions');
  await page.getByLabel('Operator token').fill('e2e-operator-token');
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByRole('status')).toHaveText('Loaded.');
  const campaigns = page.locator('section', { has: page.getByRole('heading', { name: 'Credit-claim campaigns' }) });
  const claimCode = String(Date.now()).slice(-9);
  await campaigns.getByLabel('Claim code (digits)').fill(claimCode);
  await campaigns.getByLabel('Name').fill('Operator page test');
  await campaigns.getByLabel('Credit (pence)').fill('250');
  await campaigns.getByRole('button', { name: 'Create campaign' }).click();
  const row = campaigns.getByRole('row', { name: new RegExp(claimCode) });
  await expect(row).toContainText('2.50 GBP');
  await row.getByRole('button', { name: 'End now' }).click();
  await expect(row.getByRole('button', { name: 'End now' })).toHaveCount(0);
});

test("a friend opens a referrer's link and buys as a guest; the referrer's £10 is on its way", async ({
  page,
  request,
}) => {
  await registerConfirmed(request, { firstName: 'Rita', email: uniqueEmail('referrer'), password: 'Sunshine1' });
  const before = await (await request.get('/api/v1/user/raf')).json();
  expect(before.message).toContain('You can both get up to £200');
  expect(before.link).toContain(`/refer-a-friend?raf=${before.code}`);
  expect((await request.post('/api/v1/user/raf/stat/share', { data: { channel: 'whatsapp' } })).status()).toBe(200);

  const opened = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/raf/stat/open'));
  await page.goto(`/refer-a-friend?raf=${before.code}`);
  expect((await opened).status()).toBe(200);
  await expect(page).toHaveURL(/\/refer-a-friend$/);
  await expect(page.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();

  await addOptionToBasket(page, { dealId: buyableDeal.id, productId: buyableDeal.product.id });
  await page.getByLabel('Email address').fill(uniqueEmail('friend'));
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('SW1A 1AA');
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);

  const after = await (await request.get('/api/v1/user/raf')).json();
  expect(after).toMatchObject({ shares: 1, opens: 1, friendsReferred: 1, earnedMinor: 0, pendingMinor: 1000 });
});
