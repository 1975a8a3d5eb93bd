/**
 * Posted products at the checkout (docs/decisions/051), through the real endpoints the checkout page
 * calls: the pay call refuses a posted product without an address or with a postcode that is not
 * one (before any money moves), places the order with the address it was given and keeps it in My
 * Account when asked; a delivery option changed on the basket line is priced the same by the basket,
 * the checkout summary and the charge (DMCC Act 2024: the price shown is the price paid).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES } from '../../src/contracts/delivery';
import { CHECKOUT_COPY } from '../../src/domain/checkout-copy';
import { MESSAGES } from '../../src/domain/messages';
import { listSavedAddresses } from '../../src/server/addresses';
import { createBasket } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import { orders, payments } from '../../src/server/db/schema';
import { retrieveOrderDelivery } from '../../src/server/fulfilment';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { authenticatedCard } from './support/card-in-browser';
import { addPostedDeal, TEST_ADDRESS } from './support/posted-order';
import { callAsShopper } from './support/shop-call';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const { POST: postPay } = await import('../../src/pages/api/v1/pay');
const { GET: getCheckout } = await import('../../src/pages/api/v1/checkout');
const { PATCH: patchLine } = await import('../../src/pages/api/v1/basket/[token]/product/[lineId]');

type Shopper = Awaited<ReturnType<typeof addShopper>>;

/** PAYMENTS.md "3-D Secure 2": a card its issuer authenticates without a challenge. */
const FRICTIONLESS_VISA = '4000000000002701';

describe.each(embedded)('posted products at the checkout on $name', (engine) => {
  let base: { locationId: number; merchantId: number };
  const db = () => {
    if (!shared.database) throw new Error('no db');
    return shared.database.db;
  };

  beforeAll(async () => {
    shared.database = await engine.open();
    base = await seedBasketCatalogue(db());
  }, 120_000);
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });

  /** A signed-in shopper whose basket holds a voucher and a posted headset. */
  async function shopperWithPostedBasket() {
    const user = await addShopper(db());
    const voucher = await addDeal(db(), base, {}, [{ product: { priceMinor: 2500 } }]);
    const posted = await addPostedDeal(db(), base);
    const basketToken = await createBasket(db(), {
      customerToken: user.customerToken,
      products: [
        { dealProductId: voucher.productIds[0] ?? 0, quantity: 1 },
        { dealId: posted.dealId, dealProductId: posted.productIds[0] ?? 0, quantity: 1 },
      ],
    });
    return { user, basketToken };
  }

  const checkoutOf = async (user: Shopper) => {
    const answer = await callAsShopper(getCheckout, '/api/v1/checkout', user, { method: 'GET' });
    expect(answer.status).toBe(200);
    return answer.body as {
      deals: Array<{
        id: number;
        shipping: { method: string; options: Array<{ method: string; priceMinor: number }> } | null;
      }>;
      orderSummary: { totalOrderAmount: number; postage: number; cashAmount: number };
      delivery: { required: boolean; savedAddresses: unknown[] };
    };
  };

  /** The pay call as the signed-in shopper's checkout sends it, paying `amountMinor` by an authenticated card. */
  async function pay(user: Shopper, amountMinor: number, extra: Record<string, unknown>) {
    const card = await authenticatedCard(FRICTIONLESS_VISA, { amountMinor });
    const key = `test-${randomUUID()}`;
    const body = {
      totalOrderAmount: amountMinor,
      walletUsed: 0,
      cashAmount: amountMinor,
      paymentMethod: 'credit_card',
      nonce: card.nonce,
      threeDSecureAuthenticationId: card.threeDSecureAuthenticationId,
      ...extra,
    };
    return { key, ...(await callAsShopper(postPay, '/api/v1/pay', user, { body, key })) };
  }

  const ordersOf = (userId: number) => db().select().from(orders).where(eq(orders.userId, userId));

  it('the checkout asks for a delivery address when a line ships, and offers standard and next day (decision 051)', async () => {
    const { user } = await shopperWithPostedBasket();
    const view = await checkoutOf(user);
    expect(view.delivery).toEqual({ required: true, savedAddresses: [] });
    const posted = view.deals.find((line) => line.shipping !== null);
    expect(posted?.shipping?.options.map((option) => [option.method, option.priceMinor])).toEqual([
      ['standard', 499],
      ['next-day', 799],
    ]);
    // One voucher line that does not ship.
    expect(view.deals.filter((line) => line.shipping === null)).toHaveLength(1);
  });

  it('a posted product without an address is refused with a 400 before the card is charged', async () => {
    const { user } = await shopperWithPostedBasket();
    const { orderSummary } = await checkoutOf(user);
    const before = (await db().select().from(payments)).length;
    const refused = await pay(user, orderSummary.totalOrderAmount, {});
    expect(refused).toMatchObject({ status: 400, body: { message: CHECKOUT_COPY.deliveryAddressRequired } });
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect((await db().select().from(payments)).length).toBe(before);
  });

  it('spec 5: a postcode that is not one is refused with "Enter a valid postcode"', async () => {
    const { user } = await shopperWithPostedBasket();
    const { orderSummary } = await checkoutOf(user);
    const refused = await pay(user, orderSummary.totalOrderAmount, { delivery: { ...TEST_ADDRESS, postcode: 'LS1' } });
    expect(refused).toMatchObject({ status: 400, body: { message: ADDRESS_MESSAGES.postcode } });
    expect(ADDRESS_MESSAGES.postcode).toBe('Enter a valid postcode');
    expect(await ordersOf(user.id)).toHaveLength(0);
  });

  it('places the order with the address given and keeps it in My Account when asked', async () => {
    const { user } = await shopperWithPostedBasket();
    const { orderSummary } = await checkoutOf(user);
    // DMCC Act 2024: £25 voucher + £39.99 headset + £4.99 standard postage.
    expect(orderSummary).toMatchObject({ totalOrderAmount: 2500 + 3999 + 499, postage: 499 });
    const paid = await pay(user, orderSummary.totalOrderAmount, {
      delivery: { ...TEST_ADDRESS, postcode: 'ls14ap' },
      saveDeliveryAddress: true,
    });
    expect(paid).toMatchObject({ status: 201, body: { message: MESSAGES.purchaseSuccessful } });
    const [order] = await ordersOf(user.id);
    expect(await retrieveOrderDelivery(db(), order?.id ?? 0)).toEqual(TEST_ADDRESS);
    expect(await listSavedAddresses(db(), user.id)).toEqual([
      expect.objectContaining({ ...TEST_ADDRESS, isDefault: true }),
    ]);
    // The saved address is offered at the next checkout of a posted product.
    await shopperBasketAgain(user);
    expect((await checkoutOf(user)).delivery.savedAddresses).toEqual([
      expect.objectContaining({ postcode: 'LS1 4AP' }),
    ]);
  });

  async function shopperBasketAgain(user: Shopper) {
    const posted = await addPostedDeal(db(), base);
    await createBasket(db(), {
      customerToken: user.customerToken,
      products: [{ dealId: posted.dealId, dealProductId: posted.productIds[0] ?? 0, quantity: 1 }],
    });
  }

  it('next day chosen on the basket line is priced the same by the basket, the checkout and the charge', async () => {
    const { user, basketToken } = await shopperWithPostedBasket();
    const line = (await checkoutOf(user)).deals.find((candidate) => candidate.shipping !== null);
    const patched = await callAsShopper(patchLine, `/api/v1/basket/${basketToken}/product/${line?.id}`, user, {
      method: 'PATCH',
      body: { shippingMethod: 'next-day' },
      params: { token: basketToken, lineId: String(line?.id) },
    });
    expect(patched.status).toBe(200);
    const basketTotal = (patched.body.total as { amountMinor: number } | undefined)?.amountMinor;
    const view = await checkoutOf(user);
    expect(view.deals.find((candidate) => candidate.id === line?.id)?.shipping?.method).toBe('next-day');
    expect(view.orderSummary).toMatchObject({ totalOrderAmount: 2500 + 3999 + 799, postage: 799 });
    expect(basketTotal).toBe(view.orderSummary.totalOrderAmount);
    const paid = await pay(user, view.orderSummary.cashAmount, { delivery: TEST_ADDRESS });
    expect(paid.status).toBe(201);
    const [payment] = await db().select().from(payments).where(eq(payments.idempotencyKey, paid.key));
    expect(payment?.amountMinor).toBe(2500 + 3999 + 799);
  });

  it('a basket line that does not ship cannot be given a delivery option', async () => {
    const { user, basketToken } = await shopperWithPostedBasket();
    const voucher = (await checkoutOf(user)).deals.find((candidate) => candidate.shipping === null);
    const refused = await callAsShopper(patchLine, `/api/v1/basket/${basketToken}/product/${voucher?.id}`, user, {
      method: 'PATCH',
      body: { shippingMethod: 'next-day' },
      params: { token: basketToken, lineId: String(voucher?.id) },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
  });
});
