/**
 * Issue 8: sets a seeded option's price through the operator endpoint, so a test can reach the
 * amounts the payment sandbox reacts to (PAYMENTS.md: 5001.01 is PayPal's decline, 2000.00 a
 * processor decline) or the ones spec 5 draws lines at (50 pounds, 1,000 pounds).
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

/** Puts one of the option into the browser's basket through the deal page's form and lands on /checkout. */
export async function addOptionToBasket(page: Page, option: { dealId: number; productId: number }, quantity = 1) {
  const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;
  const response = await page.request.post('/basket/add', {
    // A browser's form post names its origin; Astro refuses cross-site form posts without one.
    headers: { Origin: origin },
    form: { dealId: String(option.dealId), productId: String(option.productId), quantity: String(quantity) },
    maxRedirects: 0,
  });
  expect(response.status(), 'the basket took the option').toBe(303);
  expect(response.headers().location, 'the basket took the option').toContain('/checkout');
  await page.goto('/checkout');
}
