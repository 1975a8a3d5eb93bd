/**
 * A saved card's issuer asks to authenticate the shopper's own payment (PSD2 Strong Customer
 * Authentication; PAYMENTS.md "3-D Secure 2"; docs/decisions/043-three-d-secure.md), on embedded PGlite
 * through the shop's endpoints and the payment sandbox over fetch. A challenge card saved at a first
 * purchase (4000000000002503) pays again from the checkout, Express Buy or an add-on only once it is
 * authenticated: the first attempt is refused with `authenticationRequired` (spec 8's words, nothing
 * charged, the basket kept); the browser gets a nonce of the saved card, passes the bank's challenge,
 * and pays under a new key, and the order records the liability shift. An authentication of another
 * card or amount is refused; a saved frictionless card still pays at once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { createBasket } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import { baskets, orders, paymentInstruments, payments, vouchers } from '../../src/server/db/schema';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { authenticateCard, authenticatedCard, passChallenge } from './support/card-in-browser';
import { callAsShopper } from './support/shop-call';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const { POST: postPay } = await import('../../src/pages/api/v1/pay');
const { POST: postInstrumentNonce } = await import(
  '../../src/pages/api/v1/customer/instruments/[id]/authentication-nonce'
);
const { POST: postExpressBuyToken } = await import('../../src/pages/api/v1/express-buy-token');
const { POST: postExpressBuy } = await import('../../src/pages/api/v1/express-buy');
const { POST: postExpressBuyNonce } = await import('../../src/pages/api/v1/express-buy/authentication-nonce');
const { GET: getAddonQuote, POST: postOrderAddon } = await import('../../src/pages/api/v1/order-addon');

type Shopper = Awaited<ReturnType<typeof addShopper>>;

/** PAYMENTS.md "3-D Secure 2" test cards. */
const CHALLENGE_CARD = '4000000000002503';
const FRICTIONLESS_CARD = '4000000000002701';

/** spec 8's refusal when the issuer did not authenticate the card. */
const NOT_AUTHENTICATED = { message: MESSAGES.paymentDidNotGoThrough, reason: CARD_REASONS.cannotAuthenticate };

describe.each(embedded)("PSD2: a saved card's issuer asks to authenticate the payment on $name", (engine) => {
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

  /** An open basket of the shopper's with one option at `priceMinor`. */
  async function basketOf(user: Shopper, priceMinor: number) {
    const { productIds, dealId } = await addDeal(db(), base, {}, [{ product: { priceMinor } }]);
    const productId = productIds[0] ?? 0;
    const basketToken = await createBasket(db(), {
      customerToken: user.customerToken,
      products: [{ dealProductId: productId, quantity: 1 }],
    });
    return { basketToken, dealId, productId };
  }

  const cardPayment = (priceMinor: number, card: Record<string, unknown>) => ({
    totalOrderAmount: priceMinor,
    walletUsed: 0,
    cashAmount: priceMinor,
    paymentMethod: 'credit_card',
    ...card,
  });

  const pay = (user: Shopper, body: Record<string, unknown>, key = randomUUID()) =>
    callAsShopper(postPay, '/api/v1/pay', user, { body, key }).then((answer) => ({ ...answer, key }));

  /** A shopper whose first order, paid with `number` (its challenge passed), saved the card: its instrument id. */
  async function shopperWithSavedCard(number: string) {
    const user = await addShopper(db());
    await basketOf(user, 2000);
    const card = await authenticatedCard(number, { amountMinor: 2000 });
    if (card.status === 'challenge_required') await passChallenge(card.threeDSecureAuthenticationId);
    const first = await pay(user, cardPayment(2000, { ...card, saveInstrument: true }));
    expect(first.status).toBe(201);
    const [saved] = await db().select().from(paymentInstruments).where(eq(paymentInstruments.userId, user.id));
    if (saved === undefined) throw new Error('the card was not saved');
    return { user, instrumentId: saved.id, token: saved.token };
  }

  /** The browser's nonce of its saved card, from the shop. */
  const instrumentNonce = (user: Shopper | null, instrumentId: number) =>
    callAsShopper(postInstrumentNonce, `/api/v1/customer/instruments/${instrumentId}/authentication-nonce`, user, {
      params: { id: String(instrumentId) },
    });

  /** The saved card authenticated for an amount through its nonce, the bank's challenge passed. */
  async function authenticateSaved(nonce: string, amountMinor: number) {
    const answer = await authenticateCard(nonce, { amountMinor });
    expect(answer.status).toBe('challenge_required');
    await passChallenge(answer.authenticationId);
    return answer.authenticationId;
  }

  const ordersOf = (userId: number) => db().select().from(orders).where(eq(orders.userId, userId));
  const paymentUnder = async (key: string) =>
    (await db().select().from(payments).where(eq(payments.idempotencyKey, key)))[0];
  const salesUnder = (key: string) =>
    db().select().from(sandboxTransactions).where(eq(sandboxTransactions.idempotencyKey, key));
  const basketStatus = async (token: string) =>
    (await db().select({ status: baskets.status }).from(baskets).where(eq(baskets.id, token)))[0]?.status;

  describe('the checkout (instrument mode EXISTING)', () => {
    it('is refused with authenticationRequired, then pays once the saved card passes its challenge, liability shifted', async () => {
      const { user, instrumentId } = await shopperWithSavedCard(CHALLENGE_CARD);
      const { basketToken } = await basketOf(user, 3100);
      const saved = cardPayment(3100, { instrumentMode: 'EXISTING', instrumentId });

      const refused = await pay(user, saved);

      expect(refused).toMatchObject({ status: 402, body: { ...NOT_AUTHENTICATED, code: 'authenticationRequired' } });
      expect(await ordersOf(user.id)).toHaveLength(1);
      expect(await basketStatus(basketToken)).toBe('open');
      expect(await paymentUnder(refused.key)).toMatchObject({ status: 'declined', responseCode: '2099' });

      const minted = await instrumentNonce(user, instrumentId);
      expect(minted).toMatchObject({ status: 201, body: { nonce: expect.any(String) } });
      const threeDSecureAuthenticationId = await authenticateSaved(String(minted.body.nonce), 3100);

      const paid = await pay(user, { ...saved, threeDSecureAuthenticationId });

      expect(paid).toMatchObject({ status: 201, body: { message: MESSAGES.purchaseSuccessful, cardType: 'Visa' } });
      const order = (await ordersOf(user.id)).find((row) => row.cashAmountMinor === 3100);
      expect(order).toMatchObject({ threeDSecureStatus: 'authenticated', liabilityShifted: true });
      expect(await paymentUnder(paid.key)).toMatchObject({
        orderId: order?.id,
        status: 'settled',
        threeDSecureStatus: 'authenticated',
        liabilityShifted: true,
      });
      // The first attempt's answer stays under its key: repeating it replays the refusal, charging nothing.
      expect((await pay(user, saved, refused.key)).body).toMatchObject({ code: 'authenticationRequired' });
    });

    it('an authentication of another card, or of another amount, is refused before any sale', async () => {
      const { user, instrumentId } = await shopperWithSavedCard(CHALLENGE_CARD);
      const { basketToken } = await basketOf(user, 2600);
      const saved = cardPayment(2600, { instrumentMode: 'EXISTING', instrumentId });
      const typedIn = await authenticatedCard(CHALLENGE_CARD, { amountMinor: 2600 });
      await passChallenge(typedIn.threeDSecureAuthenticationId);
      const minted = await instrumentNonce(user, instrumentId);
      const forLess = await authenticateSaved(String(minted.body.nonce), 100);

      for (const [threeDSecureAuthenticationId, problem] of [
        [typedIn.threeDSecureAuthenticationId, 'three_d_secure_other_saved_card'],
        [forLess, 'three_d_secure_other_amount'],
      ] as const) {
        const refused = await pay(user, { ...saved, threeDSecureAuthenticationId });
        expect(refused).toMatchObject({ status: 402, body: NOT_AUTHENTICATED });
        expect(refused.body.code).toBeUndefined();
        expect(await salesUnder(refused.key)).toEqual([]);
        expect(await paymentUnder(refused.key)).toMatchObject({ status: 'declined', responseCode: problem });
      }
      expect(await basketStatus(basketToken)).toBe('open');
    });

    it('a saved frictionless card still pays without any authentication', async () => {
      const { user, instrumentId } = await shopperWithSavedCard(FRICTIONLESS_CARD);
      await basketOf(user, 1500);

      const paid = await pay(user, cardPayment(1500, { instrumentMode: 'EXISTING', instrumentId }));

      expect(paid).toMatchObject({ status: 201, body: { message: MESSAGES.purchaseSuccessful } });
      expect(await paymentUnder(paid.key)).toMatchObject({ status: 'settled', threeDSecureStatus: null });
    });

    it("the nonce is the owner's only: another shopper gets 404, a guest 401", async () => {
      const { instrumentId } = await shopperWithSavedCard(FRICTIONLESS_CARD);
      const someoneElse = await addShopper(db());
      expect((await instrumentNonce(someoneElse, instrumentId)).status).toBe(404);
      expect((await instrumentNonce(null, instrumentId)).status).toBe(401);
    });
  });

  it('Express Buy: refused with authenticationRequired and the amount, then bought once the card passes its challenge', async () => {
    const { user } = await shopperWithSavedCard(CHALLENGE_CARD);
    const token = await callAsShopper(postExpressBuyToken, '/api/v1/express-buy-token', user, {
      body: { expressBuyTokenRequest: { email: user.email } },
    });
    expect(token.status).toBe(201);
    const { dealId, productId } = await basketOf(user, 4200);
    const purchase = { token: token.body.token, dealId, productId, quantity: 1 };
    const buy = (body: Record<string, unknown>) =>
      callAsShopper(postExpressBuy, '/api/v1/express-buy', user, { body, key: randomUUID() });

    const refused = await buy(purchase);

    expect(refused).toMatchObject({
      status: 402,
      body: { ...NOT_AUTHENTICATED, code: 'authenticationRequired', amount: { amountMinor: 4200, currency: 'GBP' } },
    });
    const minted = await callAsShopper(postExpressBuyNonce, '/api/v1/express-buy/authentication-nonce', user, {
      body: { token: token.body.token },
    });
    expect(minted).toMatchObject({ status: 201, body: { nonce: expect.any(String) } });
    const threeDSecureAuthenticationId = await authenticateSaved(String(minted.body.nonce), 4200);

    const bought = await buy({ ...purchase, threeDSecureAuthenticationId });

    expect(bought).toMatchObject({ status: 201, body: { message: MESSAGES.purchaseSuccessful } });
    const order = (await ordersOf(user.id)).find((row) => row.cashAmountMinor === 4200);
    expect(order).toMatchObject({ threeDSecureStatus: 'authenticated', liabilityShifted: true });
    // Only the token's holder gets its card's nonce.
    const stranger = await addShopper(db());
    const refusedNonce = await callAsShopper(
      postExpressBuyNonce,
      '/api/v1/express-buy/authentication-nonce',
      stranger,
      {
        body: { token: token.body.token },
      },
    );
    expect(refusedNonce.status).toBe(401);
  });

  it('an extension paid with the saved card: refused with authenticationRequired, then extended once it passes its challenge', async () => {
    const { user, instrumentId } = await shopperWithSavedCard(CHALLENGE_CARD);
    const [voucher] = await db().select().from(vouchers).where(eq(vouchers.userId, user.id));
    if (voucher === undefined) throw new Error('the first order made no voucher');
    const quote = await callAsShopper(getAddonQuote, `/api/v1/order-addon?voucherId=${voucher.id}`, user, {
      method: 'GET',
    });
    const extensions = quote.body.extensions as { months: number; amountMinor: number }[];
    const price = extensions[0]?.amountMinor ?? 0;
    expect(price).toBeGreaterThan(0);
    const extension = { voucherId: voucher.id, addonType: 'VVE', months: 1, expectedMinor: price, instrumentId };
    const extend = (body: Record<string, unknown>) =>
      callAsShopper(postOrderAddon, '/api/v1/order-addon', user, { body, key: randomUUID() });

    const refused = await extend(extension);

    expect(refused).toMatchObject({ status: 402, body: { ...NOT_AUTHENTICATED, code: 'authenticationRequired' } });
    const minted = await instrumentNonce(user, instrumentId);
    const threeDSecureAuthenticationId = await authenticateSaved(String(minted.body.nonce), price);

    const extended = await extend({ ...extension, threeDSecureAuthenticationId });

    expect(extended.status).toBe(201);
    const [addonOrder] = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.id, Number(extended.body.orderId))));
    expect(addonOrder).toMatchObject({ threeDSecureStatus: 'authenticated', liabilityShifted: true });
  });
});
