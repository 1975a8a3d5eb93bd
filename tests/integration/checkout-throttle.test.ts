/**
 * One prober must not lock an office out of checkout (docs/decisions/054-checkout-throttle-costs-the-prober.md),
 * through the real pay endpoint as guests' browsers call it, each from the same address: after someone
 * there has been told "must sign in" about as many different accounts as an address gets at once,
 * every honest guest there (a new email, or an email whose account was made at checkout) still buys;
 * one email told "must sign in" too often, from however many addresses, is refused for the hour, and
 * a guest at the last of them still buys. That the prober's next answers come slower is shown on the
 * throttle itself, with its pause recorded instead of waited (tests/integration/login-throttle.test.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_COPY } from '../../src/domain/account-copy';
import { CHECKOUT_COPY } from '../../src/domain/checkout-copy';
import { expressRegisterUser } from '../../src/server/accounts';
import { FREE_REVEALS_PER_IP, REVEALS_PER_EMAIL } from '../../src/server/accounts/throttle';
import { createBasket } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const { POST: postPay } = await import('../../src/pages/api/v1/pay');

/** Addresses unique to this run, so counts a shared Redis kept from earlier runs never meet them. */
const run = randomBytes(4).toString('hex');
const addressOf = (n: number) => `2001:db8:${run}::${n.toString(16)}`;

describe.each(embedded)('one prober does not lock an office out of checkout on $name', (engine) => {
  let base: { locationId: number; merchantId: number };
  let productId = 0;
  const db = () => {
    if (!shared.database) throw new Error('test database not open');
    return shared.database.db;
  };

  beforeAll(async () => {
    shared.database = await engine.open();
    base = await seedBasketCatalogue(db());
    // A voucher deal (a posted product would need a delivery address, docs/decisions/051).
    const deal = await addDeal(db(), base, {}, [{ product: { priceMinor: 2500 } }]);
    productId = deal.productIds[0] ?? 0;
  });
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });

  /** A guest's pay call from `ip`: a new browser with a basket of one 25-pound voucher, paying by card. */
  async function payAsGuest(ip: string, email: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const basketToken = await createBasket(db(), {
      customerToken: null,
      products: [{ dealProductId: productId, quantity: 1 }],
    });
    const session = new Map<string, unknown>();
    const url = new URL('http://shop.test/api/v1/pay');
    const context = {
      url,
      params: {},
      clientAddress: ip,
      locals: { brand: 'tuppence', now: new Date() },
      request: new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': `office-${randomUUID()}` },
        body: JSON.stringify({
          totalOrderAmount: 2500,
          walletUsed: 0,
          cashAmount: 2500,
          paymentMethod: 'credit_card',
          nonce: 'fake-valid-visa-nonce',
          email,
        }),
      }),
      cookies: {
        get: (name: string) => (name === 'basket_token' ? { value: basketToken } : undefined),
        has: (name: string) => name === 'basket_token',
        set: () => undefined,
        delete: () => undefined,
      },
      session: {
        get: async (key: string) => session.get(key),
        set: (key: string, value: unknown) => session.set(key, value),
        destroy: () => session.clear(),
      },
    } as unknown as APIContext;
    const response = await postPay(context);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** An account someone can sign in to: a guest may not buy into it (decision 017). */
  const accountWithPassword = async () => (await addShopper(db(), { passwordHash: 'not-a-real-hash' })).email;

  it('eleven honest guests from one address can all buy after a prober there has used up its free "must sign in" answers', async () => {
    const office = addressOf(1);
    const found = await Promise.all(Array.from({ length: FREE_REVEALS_PER_IP }, accountWithPassword));
    for (const email of found) {
      expect(await payAsGuest(office, email)).toMatchObject({
        status: 409,
        body: { message: CHECKOUT_COPY.signInToBuy, code: 'signInRequired' },
      });
    }
    // Ten new emails and one whose account was made at an earlier guest checkout (no password).
    const madeAtCheckout = `returning-${run}-${engine.name}@example.co.uk`;
    await expressRegisterUser(db(), madeAtCheckout);
    const guests = [
      ...Array.from({ length: 10 }, (_, i) => `colleague-${i}-${run}-${engine.name}@example.co.uk`),
      madeAtCheckout,
    ];
    const answers = [];
    for (const email of guests) answers.push(await payAsGuest(office, email));
    expect(answers.map((answer) => answer.status)).toEqual(Array(11).fill(201));
    const orderIds = answers.map((answer) => (answer.body.productOrder as { id: number }).id);
    expect(new Set(orderIds).size).toBe(11);
  });

  it(`one email told "must sign in" ${REVEALS_PER_EMAIL} times from as many addresses is refused at any address for the hour; a guest there still buys`, async () => {
    const probed = await accountWithPassword();
    for (let i = 0; i < REVEALS_PER_EMAIL; i += 1) {
      expect((await payAsGuest(addressOf(100 + i), probed)).status).toBe(409);
    }
    const next = addressOf(200);
    expect(await payAsGuest(next, probed)).toEqual({
      status: 429,
      body: { message: ACCOUNT_COPY.tooManyChecks, status: 429, reason: null },
    });
    expect((await payAsGuest(next, `neighbour-${run}-${engine.name}@example.co.uk`)).status).toBe(201);
  });
});
