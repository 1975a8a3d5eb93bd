/**
 * E2E helpers for shopping at checkout: set a seeded option's price through the operator
 * endpoint (to reach the amounts the payment sandbox reacts to, PAYMENTS.md: 5001.01 is PayPal's
 * decline, 2000.00 a processor decline; or the lines spec 5 draws at 50 and 1,000 pounds), put it
 * in the basket and land on a hydrated checkout, and the checkout's parts and outcomes.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The e2e server's operator token (scripts/e2e-server.mjs). */
export const OPERATOR = { Authorization: `Bearer ${process.env.OPERATOR_TOKEN ?? 'e2e-operator-token'}` };

export async function setOptionPrice(
  request: APIRequestContext,
  option: { dealId: number; productId: number },
  priceMinor: number,
): Promise<void> {
  const response = await request.patch(`/api/internal/deals/${option.dealId}`, {
    headers: OPERATOR,
    data: { products: [{ id: option.productId, priceMinor }] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Puts the option into the browser's basket through the deal page's form and lands on /checkout,
 * once its island has hydrated (what is typed before that would be lost).
 */
export async function addOptionToBasket(page: Page, option: { dealId: number; productId: number }, quantity = 1) {
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;
  // The deal page's "Buy now" form posts to its addToBasket action (decision 030).
  const response = await page.request.post(`/deal/${option.dealId}?_action=addToBasket`, {
    // A browser's form post names its origin; Astro refuses cross-site form posts without one.
    headers: { Origin: origin },
    form: { dealId: String(option.dealId), productId: String(option.productId), quantity: String(quantity) },
    maxRedirects: 0,
  });
  expect(response.status(), 'the basket took the option').toBe(303);
  expect(response.headers().location, 'the basket took the option').toContain('/checkout');
  await page.goto('/checkout');
  await checkoutReady(page);
}

/**
 * The checkout island has hydrated (Astro drops the ssr attribute) and started (the form is no longer
 * busy): what is typed or chosen now is kept. Between the two, starting up sets the payment choice.
 */
export async function checkoutReady(page: Page) {
  await expect(page.locator('astro-island[component-url*="Checkout"]')).not.toHaveAttribute('ssr', /.*/);
  await expect(page.locator('form.checkout')).toHaveAttribute('aria-busy', 'false');
}

/**
 * Pays for the page's basket through `/api/v1/pay` with the sandbox's valid Visa (no checkout form:
 * for stories about what follows a purchase); answers the order id. `extra` adds to the pay body
 * (saveInstrument, for one).
 */
export async function payBasketByCard(page: Page, label: string, extra: Record<string, unknown> = {}): Promise<number> {
  const checkout = await (await page.request.get('/api/v1/checkout')).json();
  const total = checkout.orderSummary.totalOrderAmount as number;
  const paid = await page.request.post('/api/v1/pay', {
    data: {
      totalOrderAmount: total,
      walletUsed: 0,
      cashAmount: total,
      paymentMethod: 'credit_card',
      nonce: 'fake-valid-visa-nonce',
      ...extra,
    },
    headers: { 'Idempotency-Key': `e2e-${label}-${Date.now()}-${Math.random()}` },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return (await paid.json()).productOrder.id as number;
}

/** An email no other test uses. */
export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

/** The checkout's "How would you like to pay?" radio group. */
export const paymentChoice = (page: Page) => page.getByRole('group', { name: 'How would you like to pay?' });

/** The checkout form (its pay button lives in the order summary inside it). */
export const checkoutForm = (page: Page) => page.locator('form.checkout');

/** spec 2: the order confirmation is /myaccount/vouchers?order=, with "Purchase Successful" and the vouchers. */
export async function expectVouchers(page: Page) {
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  await expect(page.locator('dt', { hasText: 'Voucher code' }).first()).toBeVisible();
}
