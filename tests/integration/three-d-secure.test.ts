/**
 * PSD2 Strong Customer Authentication on embedded PGlite (PAYMENTS.md "3-D Secure 2";
 * docs/decisions/043-three-d-secure.md), through the pay endpoint the checkout calls and the payment
 * sandbox over fetch: a new card pays only when its issuer authenticated it for this nonce and amount,
 * and the order and payment record whether liability shifted; a card without an authentication, with
 * one for another amount or with a failed one is refused (spec 8 "did not go through", the issuer
 * cannot authenticate the card), with no order and the basket kept; a device wallet needs none; the
 * VIP renewal charges the saved card as a merchant-initiated payment, with no authentication.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threeDSecure as sandboxThreeDSecure, transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { ensureVipMembershipDeal } from '../../scripts/seed/shop-products';
import type { GatewaySaleRequest } from '../../src/contracts/payment-gateway';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { VIP_SUBSCRIPTION_DEAL_ID } from '../../src/domain/subscription';
import { createBasket } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import { baskets, orders, paymentInstruments, payments, subscriptionCharges } from '../../src/server/db/schema';
import { eventsSettled } from '../../src/server/events';
import { createGatewayProvider } from '../../src/server/payments';
import { renewDueSubscriptions, retrieveSubscription } from '../../src/server/subscriptions';
import { gatewayFrom, IN_PROCESS_SANDBOX_URL, inProcessGateway } from '../fixtures/sandbox-gateway';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { authenticatedCard, tokeniseCard } from './support/card-in-browser';
import { callAsShopper } from './support/shop-call';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const { POST: postPay } = await import('../../src/pages/api/v1/pay');

type Shopper = Awaited<ReturnType<typeof addShopper>>;

/** PAYMENTS.md "3-D Secure 2" test cards. */
const FRICTIONLESS_VISA = '4000000000002701';
const FRICTIONLESS_FAILED_VISA = '4000000000002925';

/** The pay call as the signed-in shopper's checkout sends it, under a fresh Idempotency-Key. */
async function pay(user: Shopper, body: Record<string, unknown>, key = `test-${randomUUID()}`) {
  return { key, ...(await callAsShopper(postPay, '/api/v1/pay', user, { body, key })) };
}

describe.each(embedded)('PSD2: the shop takes only authenticated card payments on $name', (engine) => {
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

  /** A shopper with an open basket of one option at `priceMinor`. */
  async function shopperAtCheckout(priceMinor = 2500) {
    const user = await addShopper(db());
    const { productIds } = await addDeal(db(), base, {}, [{ product: { priceMinor } }]);
    const basketToken = await createBasket(db(), {
      customerToken: user.customerToken,
      products: [{ dealProductId: productIds[0] ?? 0, quantity: 1 }],
    });
    return { user, basketToken, priceMinor };
  }

  const cardPayment = (priceMinor: number, card: Record<string, unknown>) => ({
    totalOrderAmount: priceMinor,
    walletUsed: 0,
    cashAmount: priceMinor,
    paymentMethod: 'credit_card',
    ...card,
  });

  const ordersOf = (userId: number) => db().select().from(orders).where(eq(orders.userId, userId));
  const paymentUnder = async (key: string) =>
    (await db().select().from(payments).where(eq(payments.idempotencyKey, key)))[0];
  const salesUnder = (key: string) =>
    db().select().from(sandboxTransactions).where(eq(sandboxTransactions.idempotencyKey, key));
  const basketStatus = async (token: string) =>
    (await db().select({ status: baskets.status }).from(baskets).where(eq(baskets.id, token)))[0]?.status;

  /** What a refused card payment leaves: spec 8's words and the card reason, no order, the basket open. */
  async function expectRefusedWithBasketKept(
    answer: Awaited<ReturnType<typeof pay>>,
    shopper: { user: Shopper; basketToken: string },
  ) {
    expect(answer).toMatchObject({
      status: 402,
      body: { message: MESSAGES.paymentDidNotGoThrough, reason: CARD_REASONS.cannotAuthenticate },
    });
    expect(await ordersOf(shopper.user.id)).toHaveLength(0);
    expect(await basketStatus(shopper.basketToken)).toBe('open');
  }

  it('a card the issuer authenticated frictionlessly for the amount pays; the order and payment record the liability shift', async () => {
    const shopper = await shopperAtCheckout(2599);
    const card = await authenticatedCard(FRICTIONLESS_VISA, { amountMinor: 2599 });
    expect(card.status).toBe('authenticated');

    const paid = await pay(shopper.user, cardPayment(2599, card));

    expect(paid).toMatchObject({ status: 201, body: { message: MESSAGES.purchaseSuccessful, cardType: 'Visa' } });
    const [order] = await ordersOf(shopper.user.id);
    expect(order).toMatchObject({ threeDSecureStatus: 'authenticated', liabilityShifted: true, cashAmountMinor: 2599 });
    const payment = await paymentUnder(paid.key);
    expect(payment).toMatchObject({
      orderId: order?.id,
      status: 'settled',
      threeDSecureStatus: 'authenticated',
      liabilityShifted: true,
      networkTransactionId: expect.stringMatching(/^\d+$/),
    });
    // The gateway's authentication was used by this sale, and no other can use it again.
    const [used] = await db()
      .select()
      .from(sandboxThreeDSecure)
      .where(eq(sandboxThreeDSecure.id, card.threeDSecureAuthenticationId));
    expect(used?.transactionId).toBe(payment?.transactionId);
  });

  it('a tokenised card sent without an authentication is refused (2099), with no order, no authorised sale and the basket kept', async () => {
    const shopper = await shopperAtCheckout();
    const nonce = await tokeniseCard(FRICTIONLESS_VISA);

    const refused = await pay(shopper.user, cardPayment(2500, { nonce }));

    await expectRefusedWithBasketKept(refused, shopper);
    // The gateway's issuer declined the unauthenticated sale: "Cardholder Authentication Required".
    expect((await salesUnder(refused.key)).map((sale) => [sale.status, sale.responseCode])).toEqual([
      ['processor_declined', '2099'],
    ]);
    expect(await paymentUnder(refused.key)).toMatchObject({ status: 'declined', responseCode: '2099' });
  });

  it('an authentication made for another amount is refused before any sale', async () => {
    const shopper = await shopperAtCheckout(2500);
    // Authenticated for less than the basket's cash part.
    const card = await authenticatedCard(FRICTIONLESS_VISA, { amountMinor: 100 });
    expect(card.status).toBe('authenticated');

    const refused = await pay(shopper.user, cardPayment(2500, card));

    await expectRefusedWithBasketKept(refused, shopper);
    expect(await salesUnder(refused.key)).toEqual([]);
    expect(await paymentUnder(refused.key)).toMatchObject({
      status: 'declined',
      responseCode: 'three_d_secure_other_amount',
      liabilityShifted: false,
    });
  });

  it("another card's authentication, or an unknown one, is refused before any sale", async () => {
    const shopper = await shopperAtCheckout(2500);
    const theirs = await authenticatedCard(FRICTIONLESS_VISA, { amountMinor: 2500 });
    const nonce = await tokeniseCard(FRICTIONLESS_VISA);

    for (const threeDSecureAuthenticationId of [theirs.threeDSecureAuthenticationId, 'tds_no_such_authentication']) {
      const refused = await pay(shopper.user, cardPayment(2500, { nonce, threeDSecureAuthenticationId }));
      await expectRefusedWithBasketKept(refused, shopper);
      expect(await salesUnder(refused.key)).toEqual([]);
    }
  });

  it('a failed authentication is refused before any sale', async () => {
    const shopper = await shopperAtCheckout(2500);
    const card = await authenticatedCard(FRICTIONLESS_FAILED_VISA, { amountMinor: 2500 });
    expect(card.status).toBe('failed');

    const refused = await pay(shopper.user, cardPayment(2500, card));

    await expectRefusedWithBasketKept(refused, shopper);
    expect(await salesUnder(refused.key)).toEqual([]);
    expect(await paymentUnder(refused.key)).toMatchObject({
      status: 'declined',
      responseCode: 'three_d_secure_not_authenticated',
    });
  });

  it('an Apple Pay payment needs no authentication: it pays, and nothing shifted liability', async () => {
    const shopper = await shopperAtCheckout(1800);

    const paid = await pay(shopper.user, {
      ...cardPayment(1800, { nonce: 'fake-apple-pay-visa-nonce' }),
      paymentMethod: 'apple_pay',
    });

    expect(paid).toMatchObject({ status: 201, body: { message: MESSAGES.purchaseSuccessful } });
    expect((await ordersOf(shopper.user.id))[0]).toMatchObject({ threeDSecureStatus: null, liabilityShifted: false });
    expect(await paymentUnder(paid.key)).toMatchObject({
      status: 'settled',
      threeDSecureStatus: null,
      liabilityShifted: false,
    });
  });

  it('the VIP renewal charges the saved card as a recurring payment with its network reference, and no authentication', async () => {
    await ensureVipMembershipDeal(db(), new Date());
    const user = await addShopper(db());
    await createBasket(db(), {
      customerToken: user.customerToken,
      products: [{ dealId: VIP_SUBSCRIPTION_DEAL_ID, dealProductId: VIP_SUBSCRIPTION_DEAL_ID, quantity: 1 }],
    });
    const joined = await pay(user, cardPayment(499, await authenticatedCard(FRICTIONLESS_VISA, { amountMinor: 499 })));
    expect(joined.status).toBe(201);
    // The membership itself is the order's follow-up, made just after the answer (decision 063).
    await eventsSettled();
    // Buying VIP keeps the card (decision 027), with the network reference of the payment that saved it.
    const [saved] = await db().select().from(paymentInstruments).where(eq(paymentInstruments.userId, user.id));
    const firstPayment = await paymentUnder(joined.key);
    expect(saved?.networkTransactionId).toEqual(expect.stringMatching(/^\d+$/));
    expect(saved?.networkTransactionId).toBe(firstPayment?.networkTransactionId);

    // The renewal job's provider, its calls to the gateway overheard.
    const calls: { path: string; body: unknown }[] = [];
    const sandbox = inProcessGateway(db());
    const provider = createGatewayProvider({
      gateway: gatewayFrom({ ...process.env, PAYMENTS_GATEWAY_SERVER_URL: `${IN_PROCESS_SANDBOX_URL}/gateway` }),
      fetch: async (input, init) => {
        const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        calls.push({ path: url.pathname, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
        if (sandbox.fetch === undefined) throw new Error('no sandbox');
        return sandbox.fetch(input, init);
      },
    });
    const subscription = await retrieveSubscription(db(), user.id, new Date());
    const due = subscription?.currentPeriodEnd ?? new Date();

    expect(await renewDueSubscriptions(db(), due, provider)).toMatchObject({ renewed: 1, failed: 0 });

    const sales = calls.filter((call) => call.path.endsWith('/transactions/sale'));
    expect(sales).toHaveLength(1);
    expect(sales[0]?.body).toMatchObject({
      nonce: '',
      paymentMethodToken: saved?.token,
      amountMinor: 499,
      transactionSource: 'recurring',
      networkTransactionId: saved?.networkTransactionId ?? 'the saved reference',
    } satisfies Partial<GatewaySaleRequest>);
    expect(sales[0]?.body).not.toHaveProperty('threeDSecureAuthenticationId');
    expect(calls.some((call) => call.path.includes('three_d_secure'))).toBe(false);
    const [charge] = await db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, subscription?.id ?? 0));
    expect(charge).toMatchObject({ status: 'paid', amountMinor: 499 });
  });
});
