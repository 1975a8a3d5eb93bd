/**
 * Checkout (decision 012) as a shopper meets it: a guest adds a deal, pays with the sandbox's test Visa and
 * sees "Purchase Successful", then the voucher with its code and a real PDF; a declined card shows spec 8's
 * message and places nothing; the same Idempotency-Key twice is one order, and only for the browser that sent
 * it; a basket token works only in its own browser (decision 014).
 */

import { expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../src/domain/money';
import { readPdf } from '../integration/pdf-reading';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { buyableDeal, dealKinds } from './deal-fixtures';
import { checkoutReady } from './shopping';

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

/** From the deal page: pick the first option and press Buy now (spec: the Buy button adds and goes to the basket). */
async function addDealToBasket(page: Page): Promise<void> {
  await page.goto(`/deal/${buyableDeal.id}`);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Buy now' }).first().click();
  await expect(page).toHaveURL(/\/checkout/);
  // What is typed before the checkout island hydrates is lost.
  await checkoutReady(page);
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('SW1A 1AA');
}

test('a guest who types their email before the checkout has finished loading keeps it', async ({ page }) => {
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;
  const added = await page.request.post(`/deal/${buyableDeal.id}?_action=addToBasket`, {
    headers: { Origin: origin },
    form: { dealId: String(buyableDeal.id), productId: String(buyableDeal.product.id), quantity: '1' },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(303);
  // Hold the checkout island's script, as a slow phone connection would, while the shopper types.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/Checkout\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/checkout');
  const email = uniqueEmail('early');
  await page.getByLabel('Email address').fill(email);
  release();

  await checkoutReady(page);
  await expect(page.getByLabel('Email address')).toHaveValue(email);
});

test('a guest buys with 4111 1111 1111 1111, sees Purchase Successful, and the voucher PDF holds its code', async ({
  page,
}) => {
  await addDealToBasket(page);
  await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
  const accessibility = await new AxeBuilder({ page }).include('main').analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);

  await page.getByLabel('Email address').fill(uniqueEmail('guest'));
  await fillCard(page, '4111 1111 1111 1111');
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Purchase Successful').first()).toBeVisible();

  // spec 2: /myaccount/vouchers is also the order confirmation.
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  const code =
    (
      await page.locator('dt', { hasText: 'Voucher code' }).first().locator('xpath=following-sibling::dd').textContent()
    )?.trim() ?? '';
  expect(code).toMatch(/^TP-/);

  const print = page.getByRole('link', { name: /Print voucher/ }).first();
  const href = (await print.getAttribute('href')) ?? '';
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const printed = await readPdf(await pdf.body());
  expect(printed.text).toContain(code);
  expect(printed.qrCodes).toContain(code);

  // The basket is spent: the header count is empty and the checkout says so.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
});

test('spec 8: a processor-declined card shows the message and places no order', async ({ page }) => {
  await addDealToBasket(page);
  // spec 5: the guest's email is checked first, before the card goes anywhere.
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page.locator('#checkout-email-error')).toHaveText('Required field');
  await expect(page.getByLabel('Email address')).toBeFocused();
  await page.getByLabel('Email address').fill('not-an-email');
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page.locator('#checkout-email-error')).toHaveText('Please enter a valid email.');
  await page.getByLabel('Email address').fill(uniqueEmail('declined'));
  await fillCard(page, '4000 1111 1111 1115');
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  const alert = page.locator('.checkout__outcome');
  await expect(alert).toContainText(
    'Unfortunately, your payment did not go through. Please try again or select a different payment method.',
  );
  await expect(page.locator('form.checkout').getByRole('button', { name: 'Payment failed.' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);
  // Nothing was bought: the basket is still there.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
});

test('PAYMENTS.md: the same Idempotency-Key twice gives one order', async ({ page }) => {
  await addDealToBasket(page);
  const checkout = await (await page.request.get('/api/v1/checkout')).json();
  const total = checkout.orderSummary.totalOrderAmount as number;
  const body = {
    totalOrderAmount: total,
    walletUsed: 0,
    cashAmount: total,
    wallet: false,
    paymentMethod: 'credit_card',
    nonce: 'fake-valid-visa-nonce',
    email: uniqueEmail('twice'),
  };
  const key = `e2e-${Date.now()}`;
  const first = await page.request.post('/api/v1/pay', { data: body, headers: { 'Idempotency-Key': key } });
  const second = await page.request.post('/api/v1/pay', { data: body, headers: { 'Idempotency-Key': key } });
  expect(first.status()).toBe(201);
  expect(second.status()).toBe(201);
  const a = await first.json();
  const b = await second.json();
  expect(b.productOrder.id).toBe(a.productOrder.id);
  expect(a).toMatchObject({ cardType: 'Visa', walletAmountUsed: 0, currency: 'GBP' });
  // The same key with a different body is refused.
  const changed = await page.request.post('/api/v1/pay', {
    data: { ...body, email: uniqueEmail('other') },
    headers: { 'Idempotency-Key': key },
  });
  expect(changed.status()).toBe(422);
});

test("a stranger replaying a guest's Idempotency-Key and body gets 422, not the order or its voucher PDF", async ({
  page,
  playwright,
}) => {
  await addDealToBasket(page);
  const checkout = await (await page.request.get('/api/v1/checkout')).json();
  const total = checkout.orderSummary.totalOrderAmount as number;
  const body = {
    totalOrderAmount: total,
    walletUsed: 0,
    cashAmount: total,
    wallet: false,
    paymentMethod: 'credit_card',
    nonce: 'fake-valid-visa-nonce',
    email: uniqueEmail('replayed'),
  };
  const key = `e2e-replay-${Date.now()}`;
  const paid = await page.request.post('/api/v1/pay', { data: body, headers: { 'Idempotency-Key': key } });
  expect(paid.status()).toBe(201);
  const order = await paid.json();
  await page.goto(order.redirect);
  const href =
    (await page
      .getByRole('link', { name: /Print voucher/ })
      .first()
      .getAttribute('href')) ?? '';
  expect((await page.request.get(href)).status()).toBe(200);

  // A browser with no cookies at all sends the same key and body.
  const stranger = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const replay = await stranger.post('/api/v1/pay', { data: body, headers: { 'Idempotency-Key': key } });
  expect(replay.status()).toBe(422);
  const refused = await replay.json();
  expect(refused).toMatchObject({ status: 422, message: expect.any(String) });
  expect(refused).not.toHaveProperty('productOrder');
  expect((await stranger.get(href)).status()).toBe(404);
  await stranger.dispose();

  // The buyer's own retry, in their browser, still replays the order.
  const retry = await page.request.post('/api/v1/pay', { data: body, headers: { 'Idempotency-Key': key } });
  expect(retry.status()).toBe(201);
  expect((await retry.json()).productOrder.id).toBe(order.productOrder.id);
});

test("another browser holding a guest's basket token gets 404 and cannot change the basket", async ({
  page,
  playwright,
}) => {
  await addDealToBasket(page);
  const checkout = await (await page.request.get('/api/v1/checkout')).json();
  const token = checkout.basketToken as string;
  const lineId = checkout.deals[0].id as number;
  // A script outside any browser: it sends the shop's own Origin, so only the basket check stands in the way.
  const origin = new URL(page.url()).origin;
  const stranger = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
  expect((await stranger.get(`/api/v1/basket/${token}`)).status()).toBe(404);
  expect((await stranger.get(`/api/v1/get/basket?token=${token}&giftPacks=true`)).status()).toBe(404);
  expect((await stranger.get(`/api/v1/checkout?token=${token}`)).status()).toBe(404);
  const changed = await stranger.patch(`/api/v1/basket/${token}/product/${lineId}`, { data: { quantity: 4 } });
  expect(changed.status()).toBe(404);
  expect((await stranger.delete(`/api/v1/basket/${token}/product/${lineId}`)).status()).toBe(404);
  await stranger.dispose();

  // The shopper's own browser still reads and changes it.
  const mine = await page.request.get(`/api/v1/basket/${token}`);
  expect(mine.status()).toBe(200);
  expect((await mine.json()).lines[0].quantity).toBe(checkout.deals[0].quantity);
  const patched = await page.request.patch(`/api/v1/basket/${token}/product/${lineId}`, { data: { quantity: 2 } });
  expect(patched.status()).toBe(200);
});

test('spec 4 basket reconciliation: a guest basket merges at sign-in, and the wallet pays part of the order', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('walletbuyer');
  const password = 'Sunshine1';
  await registerConfirmed(request, { firstName: 'Grace', lastName: 'Hopper', email, password });
  const credited = await request.post('/api/internal/wallet/credit', {
    data: { email, amountMinor: 500, kind: 'marketing', description: 'Welcome credit' },
    headers: { Authorization: 'Bearer e2e-operator-token' },
  });
  expect(credited.status()).toBe(201);

  // Shopping as a guest first: the email has an account, so the checkout asks them to sign in.
  await addDealToBasket(page);
  await page.getByLabel('Email address').fill(email);
  await fillCard(page, '4111 1111 1111 1111');
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page.locator('#checkout-email-error')).toContainText(
    'You already have an account with this email address.',
  );
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.locator('.checkout-line')).toHaveCount(1);
  await expect(page.getByLabel('Email address')).toHaveCount(0);

  const unit = buyableDeal.unitTotalMinor;
  const pounds = (minor: number) =>
    new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
    }).format(minor / 100);
  await page.getByLabel('Use my wallet balance (£5)').check();
  const summary = page.locator('.summary');
  await expect(summary).toContainText('From your wallet');
  await expect(summary).toContainText(`-${pounds(500)}`);
  await expect(summary).toContainText(pounds(unit - 500));

  await fillCard(page, '5555 5555 5555 4444');
  await page
    .locator('form.checkout')
    .getByRole('button', { name: `Pay ${pounds(unit - 500)}` })
    .click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();

  // The ledger shows the spend and the balance is gone.
  await page.goto('/myaccount/wallet');
  await expect(page.getByTestId('balance-GBP')).toHaveText('£0');
});

for (const { kind, lines } of dealKinds) {
  test(`${kind}: the basket, the checkout summary and the order's total agree to the penny`, async ({ page }) => {
    const created = await page.request.post('/api/v1/basket', { data: { products: lines } });
    expect(created.status()).toBe(201);
    const basket = await created.json();
    expect(basket.lines).toHaveLength(lines.length);
    for (const line of basket.lines) expect(line.isAvailable).toBe(true);
    const total = basket.total.amountMinor as number;
    expect(total).toBeGreaterThan(0);

    const checkout = await (await page.request.get('/api/v1/checkout')).json();
    expect(checkout.orderSummary).toMatchObject({
      totalOrderAmount: total,
      subtotal: basket.subtotal.amountMinor,
      postage: basket.postage.amountMinor,
      walletUsed: 0,
      cashAmount: total,
    });

    // The pay call refuses any figure but the server's own, so a 201 here is the charge agreeing too.
    const paid = await page.request.post('/api/v1/pay', {
      data: {
        totalOrderAmount: total,
        walletUsed: 0,
        cashAmount: total,
        wallet: false,
        paymentMethod: 'credit_card',
        nonce: 'fake-valid-visa-nonce',
        email: uniqueEmail(`kind-${kind.replace(/\W+/g, '-')}`),
      },
      headers: { 'Idempotency-Key': `e2e-kind-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    });
    expect(paid.status()).toBe(201);
    const order = await paid.json();
    await page.goto(`/myaccount/vouchers?order=${order.productOrder.id}`);
    await expect(page.getByText(/Order number/)).toContainText(formatMoney({ amountMinor: total, currency: 'GBP' }));
  });
}
