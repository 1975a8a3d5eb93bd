/**
 * 3-D Secure 2 at checkout (PAYMENTS.md "3-D Secure 2"; docs/decisions/043-three-d-secure.md) as a
 * guest meets it: a frictionless card pays with one more call; a challenge card opens the bank's page
 * in a modal dialog, completed with the keyboard alone on a 375 px phone; a failed challenge and an
 * abandoned one (Escape) each show spec 8's message with the card reason, place no order and keep
 * the basket, and the shopper can try again. The dialog passes the accessibility audit. An add-on
 * paid with a new card on /order-addon goes through the same challenge. A challenge card saved at a
 * first purchase is challenged again when its issuer asks to authenticate the next payment on it, at
 * checkout and by Express Buy (decision 043), and the order is placed once the bank confirms.
 */
import { expect, type Page, type Request, test } from '@playwright/test';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { buyableDeal, eVoucherDeal, priceableDeals } from './deal-fixtures';
import {
  addOptionToBasket,
  checkoutForm,
  expectVouchers,
  payBasketByCard,
  setOptionPrice,
  uniqueEmail,
} from './shopping';

const FRICTIONLESS = '4000 0000 0000 2701';
const CHALLENGE_PASSED = '4000 0000 0000 2503';
const CHALLENGE_FAILED = '4000 0000 0000 2370';
/** The sandbox bank's one-time code (sandbox/test-data.ts). */
const BANK_CODE = '123456';

const option = { dealId: buyableDeal.id, productId: buyableDeal.product.id };

/** A guest with the deal in the basket, their email and this card typed in. */
async function guestWithCard(page: Page, number: string, label: string) {
  await addOptionToBasket(page, option);
  await page.getByLabel('Email address').fill(uniqueEmail(label));
  await fillCard(page, number);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('SW1A 1AA');
}

/** The pay calls the page makes: none means no order was asked for. */
function payCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/pay') calls.push(request);
  });
  return calls;
}

const payButton = (page: Page) => checkoutForm(page).locator('button[type="submit"]');
const challengeDialog = (page: Page) => page.getByRole('dialog', { name: "Confirm it's you with your bank" });
const bankPage = (page: Page) => challengeDialog(page).frameLocator('iframe');

/** spec 8: the payment did not go through, because the issuer did not authenticate the card; nothing bought. */
async function expectNotAuthenticated(page: Page, calls: Request[]) {
  const outcome = page.locator('.checkout__outcome');
  await expect(outcome).toContainText(MESSAGES.paymentDidNotGoThrough);
  await expect(outcome).toContainText(CARD_REASONS.cannotAuthenticate);
  await expect(challengeDialog(page)).toBeHidden();
  await expect(page).toHaveURL(/\/checkout/);
  expect(calls).toHaveLength(0);
  // The basket is still there after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
  await expect(page.locator('.checkout-line')).toHaveCount(1);
}

/** spec 4/8: a frictionless card pays with the authentication on the pay call and no dialog. */
async function payFrictionless(page: Page, label: string) {
  await guestWithCard(page, FRICTIONLESS, label);
  const paid = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/pay');
  await payButton(page).click();
  expect((await paid).postDataJSON()).toMatchObject({
    paymentMethod: 'credit_card',
    threeDSecureAuthenticationId: expect.any(String),
  });
  await expect(challengeDialog(page)).toHaveCount(0);
  await expectVouchers(page);
}

/** The bank's challenge completed with the keyboard alone: Tab into the bank's page, the code, Enter. */
async function passChallengeByKeyboard(page: Page) {
  const dialog = challengeDialog(page);
  await expect(dialog.getByRole('heading', { name: "Confirm it's you with your bank" })).toBeFocused();
  // As a shopper would, wait until the bank's page has shown its field: Tab before it has loaded
  // reaches the frame's empty document, not the field.
  await expect(bankPage(page).getByLabel('Verification code')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(bankPage(page).getByLabel('Verification code')).toBeFocused();
  await page.keyboard.type(BANK_CODE);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test.describe('3-D Secure at checkout on a 1280 px screen', () => {
  test('a frictionless card (4000 0000 0000 2701) is authenticated without a challenge and the order is placed', async ({
    page,
  }) => {
    await guestWithCard(page, FRICTIONLESS, 'tds-frictionless');
    const paid = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/pay');
    await payButton(page).click();
    // The pay call carries the authentication; no dialog was needed.
    expect((await paid).postDataJSON()).toMatchObject({
      paymentMethod: 'credit_card',
      threeDSecureAuthenticationId: expect.any(String),
    });
    await expectVouchers(page);
  });

  test('a challenge card (4000 0000 0000 2503) is confirmed with the keyboard alone and the order is placed', async ({
    page,
  }) => {
    await guestWithCard(page, CHALLENGE_PASSED, 'tds-challenge-wide');
    await payButton(page).click();
    await expect(challengeDialog(page)).toBeVisible();
    await passChallengeByKeyboard(page);
    await expectVouchers(page);
  });

  test('the challenge dialog is labelled, frames the bank, passes the accessibility audit, and a failed challenge (4000 0000 0000 2370) places no order', async ({
    page,
  }) => {
    const calls = payCalls(page);
    await guestWithCard(page, CHALLENGE_FAILED, 'tds-failed');
    await payButton(page).click();
    const dialog = challengeDialog(page);
    await expect(dialog).toBeVisible();
    await expect(payButton(page)).toHaveText(MESSAGES.makingPayment);
    await expect(dialog.getByRole('heading', { name: "Confirm it's you with your bank" })).toBeFocused();
    await expect(dialog).toContainText("Your bank's page is below.");
    await expect(dialog.getByTitle("Your bank's security check")).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(bankPage(page).getByLabel('Verification code')).toBeVisible();
    // A centred window on a wide screen.
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(600);
    expect((box?.x ?? 0) * 2 + (box?.width ?? 0)).toBeCloseTo(1280, -1);
    const accessibility = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(accessibility.violations.map((v) => v.id)).toEqual([]);

    await bankPage(page).getByLabel('Verification code').fill(BANK_CODE);
    await bankPage(page).getByRole('button', { name: 'Submit' }).click();
    await expectNotAuthenticated(page, calls);
  });

  test('Escape abandons the challenge: no order, the basket kept, focus back on the pay button, and a new attempt pays', async ({
    page,
  }) => {
    const calls = payCalls(page);
    await guestWithCard(page, CHALLENGE_PASSED, 'tds-escape');
    await payButton(page).click();
    await expect(challengeDialog(page)).toBeVisible();
    await expect(bankPage(page).getByLabel('Verification code')).toBeVisible();
    const cancelled = page.waitForRequest((request) => /\/3ds\/[^/]+\/cancel$/.test(request.url()));
    await page.keyboard.press('Escape');
    await cancelled;
    await expect(page.locator('.checkout__outcome')).toContainText(MESSAGES.paymentDidNotGoThrough);
    await expect(payButton(page)).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: "You closed your bank's security check." })).toBeAttached();

    // Another try: a new card is tokenised and authenticated, and goes through.
    await fillCard(page, FRICTIONLESS);
    await payButton(page).click();
    await expectVouchers(page);
    expect(calls).toHaveLength(1);
  });

  test('Cancel abandons the challenge too, and the basket is kept', async ({ page }) => {
    const calls = payCalls(page);
    await guestWithCard(page, CHALLENGE_PASSED, 'tds-cancel');
    await payButton(page).click();
    await challengeDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(payButton(page)).toBeFocused();
    await expectNotAuthenticated(page, calls);
  });
});

test.describe('3-D Secure at checkout on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });

  test('a frictionless card (4000 0000 0000 2701) pays without a challenge', async ({ page }) => {
    await payFrictionless(page, 'tds-frictionless-phone');
  });

  test('a challenge card (4000 0000 0000 2503) is confirmed with the keyboard alone and the order is placed', async ({
    page,
  }) => {
    await guestWithCard(page, CHALLENGE_PASSED, 'tds-challenge');
    await payButton(page).click();
    const dialog = challengeDialog(page);
    await expect(dialog).toBeVisible();
    const code = bankPage(page).getByLabel('Verification code');
    await expect(code).toBeVisible();
    // The whole width of the phone, the bank's page tall enough, nothing to scroll sideways.
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(375);
    const frame = await dialog.locator('iframe').boundingBox();
    expect(frame?.height).toBeGreaterThanOrEqual(380);
    expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    const bank = page.frames().find((f) => f.url().includes('/3ds/challenge/'));
    expect(await bank?.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Focus starts on the dialog's heading; Tab goes into the bank's page.
    await expect(dialog.getByRole('heading', { name: "Confirm it's you with your bank" })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(code).toBeFocused();
    await page.keyboard.type(BANK_CODE);
    await page.keyboard.press('Enter');

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Purchase Successful').first()).toBeVisible();
    await expectVouchers(page);
  });
});

test("a voucher extension paid with a challenge card on /order-addon goes through the bank's check", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await registerConfirmed(page.request, { firstName: 'Ada', email: uniqueEmail('tds-addon'), password: 'Sunshine1' });
  await addOptionToBasket(page, { dealId: eVoucherDeal.id, productId: eVoucherDeal.productId });
  await payBasketByCard(page, 'tds-addon');
  await page.goto('/myaccount/vouchers');
  await page.getByRole('link', { name: 'Extend voucher' }).first().click();
  // The card form is the AddonCardPay island's: what is typed before it hydrates is lost.
  await expect(page.locator('astro-island[component-url*="AddonCardPay"]')).not.toHaveAttribute('ssr', /.*/);
  await page.getByRole('radio', { name: /^1 month for/ }).check();
  await expect(page.getByRole('radio', { name: /A new card/ })).toBeChecked();
  await fillCard(page, CHALLENGE_PASSED);
  await page.getByRole('button', { name: 'Pay now' }).click();

  const dialog = challengeDialog(page);
  await expect(dialog).toBeVisible();
  await bankPage(page).getByLabel('Verification code').fill(BANK_CODE);
  await bankPage(page).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your voucher is extended' })).toBeVisible({ timeout: 20_000 });
});

test.describe('a saved challenge card (decision 043)', () => {
  /** A signed-in shopper whose first order, its challenge passed, saved the challenge card 4000 0000 0000 2503. */
  async function shopperWithSavedChallengeCard(page: Page, label: string, firstOrder = option) {
    await registerConfirmed(page.request, { firstName: 'Ada', email: uniqueEmail(label), password: 'Sunshine1' });
    await addOptionToBasket(page, firstOrder);
    await fillCard(page, CHALLENGE_PASSED);
    await page.getByLabel('Save this card for next time').check();
    await payButton(page).click();
    await expect(challengeDialog(page)).toBeVisible();
    await bankPage(page).getByLabel('Verification code').fill(BANK_CODE);
    await bankPage(page).getByRole('button', { name: 'Submit' }).click();
    await expectVouchers(page);
  }

  /** The bank's code typed with the keyboard alone: focus starts on the dialog's heading, Tab goes into the bank's page. */
  async function confirmWithKeyboard(page: Page) {
    const dialog = challengeDialog(page);
    await expect(dialog).toBeVisible();
    const code = bankPage(page).getByLabel('Verification code');
    await expect(code).toBeVisible();
    await expect(dialog.getByRole('heading', { name: "Confirm it's you with your bank" })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(code).toBeFocused();
    await page.keyboard.type(BANK_CODE);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  }

  test("paying a second order with the saved card opens the bank's challenge; confirmed with the keyboard, the order is placed", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await shopperWithSavedChallengeCard(page, 'tds-saved');
    const calls = payCalls(page);
    await addOptionToBasket(page, { dealId: eVoucherDeal.id, productId: eVoucherDeal.productId });
    await expect(page.getByRole('radio', { name: /Visa ending 2503/ })).toBeChecked();
    await expect(page.getByLabel('Card number')).toHaveCount(0);

    await payButton(page).click();
    await confirmWithKeyboard(page);

    await expectVouchers(page);
    // The first attempt was refused for authentication; the second carried it, under a new key.
    expect(calls).toHaveLength(2);
    const [first, second] = calls.map((call) => ({
      key: call.headers()['idempotency-key'],
      body: call.postDataJSON(),
    }));
    expect(first?.body).toMatchObject({ instrumentMode: 'EXISTING' });
    expect(second?.body).toMatchObject({
      instrumentMode: 'EXISTING',
      threeDSecureAuthenticationId: expect.any(String),
    });
    expect(second?.key).not.toBe(first?.key);
  });

  test("Express Buy with the saved challenge card opens the bank's challenge, and the order is placed", async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const deal = priceableDeals[18];
    if (!deal) throw new Error('no priceable deal in slot 18');
    await setOptionPrice(request, deal, 23_00);
    await shopperWithSavedChallengeCard(page, 'tds-express');

    await page.goto(`/deal/${deal.dealId}`);
    await page.locator(`.chooser input[type="radio"][value="${deal.productId}"]`).check();
    await page.getByRole('button', { name: 'Express Buy with Visa ending 2503' }).click();
    await confirmWithKeyboard(page);

    await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
    await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  });

  test("an extension paid with the saved challenge card on /order-addon goes through the bank's check", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await shopperWithSavedChallengeCard(page, 'tds-addon-saved', {
      dealId: eVoucherDeal.id,
      productId: eVoucherDeal.productId,
    });
    await page.goto('/myaccount/vouchers');
    await page.getByRole('link', { name: 'Extend voucher' }).first().click();
    await page.getByRole('radio', { name: /^1 month for/ }).check();
    await expect(page.getByRole('radio', { name: /Visa ending 2503/ })).toBeChecked();
    await page.getByRole('button', { name: 'Pay now' }).click();

    // The bank asks to confirm the payment: the page comes back with the card chosen and its check open.
    await expect(challengeDialog(page)).toBeVisible();
    await expect(page.getByRole('radio', { name: /Visa ending 2503/ })).toBeChecked();
    await bankPage(page).getByLabel('Verification code').fill(BANK_CODE);
    await bankPage(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Your voucher is extended' })).toBeVisible({ timeout: 20_000 });
  });
});
