/**
 * VIP and the loyalty club (decision 027) as a shopper meets them: joining VIP from /deals/vip through
 * checkout, then VIP prices and a VIP-exclusive option bought, and Cancel Renewal keeping VIP to the
 * period's end (the lapse at the period's end, with an injected clock, is
 * tests/integration/vip-loyalty.test.ts). The loyalty club: a Silver member sees spec 5's preview and
 * the wallet grows by exactly that; a Pink member cannot exchange.
 */

import { expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../src/domain/money';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { priceableDeals, vipOfferDeal } from './deal-fixtures';
import { addOptionToBasket, checkoutReady, expectVouchers, setOptionPrice, uniqueEmail } from './shopping';

/** As the shop writes money (whole pounds without pence). */
const pounds = (amountMinor: number) => formatMoney({ amountMinor, currency: 'GBP' });

async function signUp(page: Page, label: string) {
  await registerConfirmed(page.request, {
    firstName: 'Vi',
    lastName: 'Member',
    email: uniqueEmail(label),
    password: 'Sunshine1',
  });
}

async function noAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
}

async function payByCard(page: Page, amount: string) {
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('SW1A 1AA');
  await page
    .locator('form.checkout')
    .getByRole('button', { name: `Pay ${amount}` })
    .click();
}

/** The GBP wallet balance in pence (spec 7 GET /user/wallet). */
async function walletBalance(page: Page): Promise<number> {
  const wallet: { wallets: { currency: string; balance: number }[] } = await (
    await page.request.get('/api/v1/user/wallet')
  ).json();
  return wallet.wallets.find((w) => w.currency === 'GBP')?.balance ?? 0;
}

test('spec 6: a shopper buys VIP, pays VIP prices, buys a VIP-exclusive option and cancels the renewal', async ({
  page,
}) => {
  await signUp(page, 'vip');

  await page.goto('/deals/vip');
  await page.getByRole('link', { name: 'Join VIP or manage your membership' }).click();
  await expect(page.getByRole('heading', { name: 'My Subscriptions', level: 1 })).toBeVisible();
  await expect(page.getByText('No subscription found')).toBeVisible();
  await noAxeViolations(page);

  await page.getByRole('button', { name: 'Join VIP for £4.99 a month' }).click();
  await expect(page).toHaveURL(/\/checkout\?vipChecked=true/);
  await checkoutReady(page);
  await expect(page.getByText(/Tuppence VIP renews every month at £4\.99/)).toBeVisible();
  await payByCard(page, '£4.99');
  await expectVouchers(page);

  // VIP now: the VIP price on the open option, and the VIP-exclusive option can be bought.
  await page.goto(`/deal/${vipOfferDeal.dealId}`);
  await expect(page.getByText(/You're VIP/)).toBeVisible();
  await addOptionToBasket(page, vipOfferDeal.open);
  const origin = new URL(page.url()).origin;
  const added = await page.request.post(`/deal/${vipOfferDeal.dealId}?_action=addToBasket`, {
    headers: { Origin: origin },
    form: { dealId: String(vipOfferDeal.dealId), productId: String(vipOfferDeal.exclusive.productId), quantity: '1' },
    maxRedirects: 0,
  });
  expect(added.headers().location).toBe('/checkout');
  await page.goto('/checkout');
  await checkoutReady(page);
  const total = pounds(vipOfferDeal.open.vipPriceMinor + vipOfferDeal.exclusive.priceMinor);
  // The card saved when VIP was bought pays, as the renewal will.
  await expect(page.getByRole('radio', { name: /Visa ending 1111/ })).toBeChecked();
  await page
    .locator('form.checkout')
    .getByRole('button', { name: `Pay ${total}` })
    .click();
  await expectVouchers(page);

  await page.goto('/myaccount/subscriptions');
  await expect(page.getByText('Active')).toBeVisible();
  await expect(page.getByText('£4.99 a month')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel Renewal' }).click();
  await expect(page.getByText(/^Your renewal is cancelled\. You keep VIP until \d+ \w+ \d{4}\.$/)).toBeVisible();
  await expect(page.getByText('Renewal cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel Renewal' })).toHaveCount(0);
  await noAxeViolations(page);

  const status = await (await page.request.get('/api/v1/subscription')).json();
  expect(status).toMatchObject({ status: 'RENEW', valid: true, renews: false });
});

test('spec 5 loyalty exchange: a Silver member exchanges points for exactly the previewed credit; a Pink member cannot', async ({
  page,
  request,
}) => {
  const slot = priceableDeals[39];
  if (!slot) throw new Error('no priceable deal in slot 39');
  // spec 1: 10 points a pound, so a £100 order reaches Silver (1,000 lifetime points).
  await setOptionPrice(request, slot, 100_00);
  await signUp(page, 'silver');
  await addOptionToBasket(page, slot);
  await payByCard(page, pounds(100_00));
  await expectVouchers(page);

  await page.goto('/myaccount/rewards');
  await expect(page.getByRole('heading', { name: /Your level: Silver/ })).toBeVisible();
  await expect(page.getByText('Earned on order')).toBeVisible();
  await expect(page.getByText('Please select a number between 1 and 1000 to exchange your points.')).toBeVisible();
  await noAxeViolations(page);

  const before = await walletBalance(page);
  await page.getByLabel('Points to exchange').fill('333');
  await page.getByRole('button', { name: 'Preview' }).click();
  // spec 5: points times the rate to 2 decimals, and at the next level's rate for Silver.
  await expect(page.getByText('333 points = £4.16 at Silver')).toBeVisible();
  await expect(page.getByText('333 points = £5.00 at Gold (once you reach it)')).toBeVisible();
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Exchange 333 points for £4.16' }) });
  const action = new URL((await form.getAttribute('action')) ?? '', page.url()).toString();
  const requestKey = (await form.locator('input[name="requestKey"]').getAttribute('value')) ?? '';
  await page.getByRole('button', { name: 'Exchange 333 points for £4.16' }).click();
  await expect(page.getByText('You exchanged 333 points for £4.16 of wallet credit.')).toBeVisible();
  await expect(page.getByTestId('current-points')).toHaveText('667');
  expect((await walletBalance(page)) - before).toBe(416);

  // The same form sent again (a double click, a resend) is the same exchange, never a second one.
  const again = await page.request.post(action, {
    headers: { Origin: new URL(page.url()).origin },
    form: { points: '333', requestKey },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(303);
  await page.reload();
  await expect(page.getByTestId('current-points')).toHaveText('667');
  expect((await walletBalance(page)) - before).toBe(416);

  const pink = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  if (!pink) throw new Error('no browser');
  const pinkPage = await pink.newPage();
  await signUp(pinkPage, 'pink');
  await pinkPage.goto('/myaccount/rewards');
  await expect(pinkPage.getByRole('heading', { name: /Your level: Pink/ })).toBeVisible();
  await expect(pinkPage.getByText('You need 250 more points to reach Bronze.', { exact: false })).toBeVisible();
  await expect(pinkPage.getByLabel('Points to exchange')).toHaveCount(0);
  await expect(pinkPage.getByText('You have no reward points yet.')).toBeVisible();
  // 375 px wide: the page fits the phone, nothing scrolls sideways.
  await pinkPage.setViewportSize({ width: 375, height: 800 });
  await expect(pinkPage.getByRole('heading', { name: /Your level: Pink/ })).toBeVisible();
  expect(await pinkPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await pink.close();
});
