/**
 * Saved instruments (decision 016) on embedded PGlite: the sandbox vaults a card or PayPal account when an
 * authorised sale asks it to (PAYMENTS.md: a fingerprint, never the number) and pays with its token
 * later; the order service keeps one instrument per card with one default; the pay call pays with a
 * saved instrument (EXISTING) and refuses someone else's; spec 7 /customer lists, defaults and
 * removes them; deleting the account removes them from the vault too. A new card is authenticated
 * with its issuer before it pays, as the checkout does (PAYMENTS.md "3-D Secure 2"; decision 043).
 */
import { randomUUID } from 'node:crypto';
import type { APIContext } from 'astro';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenise } from '../../sandbox';
import { nonces as sandboxNonces, vault as sandboxVault } from '../../sandbox/db/schema';
import { approvePayPalPayment, createPayPalPayment } from '../../sandbox/paypal';
import { CustomerResponseSchema } from '../../src/contracts/customer';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { describePaymentFailure } from '../../src/domain/payment-outcome';
import { anonymizeUser } from '../../src/server/accounts';
import { createBasket } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import { expressBuyTokens, orders, paymentInstruments } from '../../src/server/db/schema';
import { listInstruments } from '../../src/server/instruments';
import { type PlaceOrderRequest, placeOrder } from '../../src/server/orders';
import { type PaymentProvider, singleProvider } from '../../src/server/payments';
import { sandboxDb } from '../fixtures/sandbox-database';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { authenticateCard } from './support/card-in-browser';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { POST: postPay } = await import('../../src/pages/api/v1/pay');
const { GET: getCustomer } = await import('../../src/pages/api/v1/customer');
const { DELETE: deleteInstrument, PATCH: patchInstrument } = await import(
  '../../src/pages/api/v1/customer/instruments/[id]'
);

const env = {};
const newKey = () => `test-${randomUUID()}`;

type Shopper = Awaited<ReturnType<typeof addShopper>>;

/** A request as the shopper's browser sends it (signed in when `user` is given). */
function context(
  url: string,
  user: Shopper | null,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; params?: Record<string, string> } = {},
): APIContext {
  const session = {
    get: async (key: string) => (key === 'account' && user ? { userId: user.id, epoch: user.sessionEpoch } : undefined),
    set: () => undefined,
    destroy: () => undefined,
  };
  const cookies = { get: () => undefined, set: () => undefined, delete: () => undefined };
  const request = new Request(url, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return {
    url: new URL(url),
    params: init.params ?? {},
    request,
    session,
    cookies,
    locals: { now: new Date(), brand: 'tuppence' },
  } as unknown as APIContext;
}

describe.each(embedded)('saved instruments on $name', (engine) => {
  let provider: PaymentProvider;
  let base: { locationId: number; merchantId: number };
  const db = () => {
    if (!shared.database) throw new Error('no db');
    return shared.database.db;
  };

  beforeAll(async () => {
    shared.database = await engine.open();
    base = await seedBasketCatalogue(db());
    provider = createSandboxProvider(db(), { env });
  }, 120_000);
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });

  async function nonceFor(number: string, expiryYear = 2031) {
    const result = await tokenise(sandboxDb(db()), { number, expiryMonth: 12, expiryYear, cvv: '123' }, { env });
    if (!result.ok) throw new Error(`tokenise refused ${number}`);
    return result.nonce;
  }

  /**
   * The checkout's 3-D Secure authentication of a tokenised card (bt/tokenize's `tokencc_` nonces); the
   * test nonces, PayPal approvals and saved cards need none.
   */
  async function authenticationFor(nonce: string | undefined, amountMinor: number) {
    if (!nonce?.startsWith('tokencc_')) return undefined;
    return (await authenticateCard(nonce, { amountMinor }, { db: db() })).authenticationId;
  }

  async function sale(request: {
    nonce?: string;
    paymentMethodToken?: string;
    storeInVault?: boolean;
    amountMinor?: number;
  }) {
    const amountMinor = request.amountMinor ?? 2500;
    return provider.authorise({
      nonce: request.nonce ?? '',
      paymentMethodToken: request.paymentMethodToken,
      storeInVault: request.storeInVault,
      amount: { amountMinor, currency: 'GBP' },
      idempotencyKey: newKey(),
      reference: 'vault-test',
      threeDSecureAuthenticationId: await authenticationFor(request.nonce, amountMinor),
    });
  }

  async function vaultedToken(nonce: string): Promise<string> {
    const result = await sale({ nonce, storeInVault: true });
    if (result.kind !== 'authorised' || result.vaulted === undefined) throw new Error('not vaulted');
    return result.vaulted.token;
  }

  it('PAYMENTS.md: tokenise keeps a keyed fingerprint of the number, never the number; the same card gives the same one', async () => {
    const first = await nonceFor('4111111111111111');
    const second = await nonceFor('4111111111111111', 2032);
    const other = await nonceFor('5555555555554444');
    const rows = await db().select().from(sandboxNonces);
    const fingerprintOf = (nonce: string) => rows.find((row) => row.nonce === nonce)?.fingerprint;
    expect(fingerprintOf(first)).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf(second)).toBe(fingerprintOf(first));
    expect(fingerprintOf(other)).not.toBe(fingerprintOf(first));
    expect(JSON.stringify(rows)).not.toContain('4111111111111111');
  });

  it('PAYMENTS.md vault: an authorised sale with storeInVault saves the card; its token pays again with the same card', async () => {
    const result = await sale({ nonce: await nonceFor('4111111111111111'), storeInVault: true });
    expect(result).toMatchObject({
      kind: 'authorised',
      instrument: { cardType: 'Visa', lastFour: '1111', expiryMonth: '12', expiryYear: '2031' },
      vaulted: {
        token: expect.stringMatching(/^vault_/),
        fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        type: 'card',
      },
    });
    if (result.kind !== 'authorised' || !result.vaulted) throw new Error('not vaulted');
    const [vault] = await db().select().from(sandboxVault).where(eq(sandboxVault.token, result.vaulted.token));
    expect(vault).toMatchObject({ kind: 'card', cardType: 'Visa', lastFour: '1111', behaviour: 'ok' });

    const again = await sale({ paymentMethodToken: result.vaulted.token });
    expect(again).toMatchObject({ kind: 'authorised', instrument: { cardType: 'Visa', lastFour: '1111' } });
    expect(again.kind === 'authorised' && again.vaulted).toBeFalsy();
    // The amount table still applies to a saved card: 2000.00 is Do Not Honor.
    expect(await sale({ paymentMethodToken: result.vaulted.token, amountMinor: 200_000 })).toMatchObject({
      kind: 'processorDeclined',
      code: '2000',
    });
  });

  it('PAYMENTS.md vault: only an authorised sale vaults, and a test nonce vaults with a fake: fingerprint', async () => {
    const before = (await db().select().from(sandboxVault)).length;
    const declined = await sale({ nonce: await nonceFor('4000111111111115'), storeInVault: true });
    expect(declined).toMatchObject({ kind: 'processorDeclined' });
    expect((await db().select().from(sandboxVault)).length).toBe(before);
    expect(await sale({ nonce: 'fake-valid-mastercard-nonce', storeInVault: true })).toMatchObject({
      kind: 'authorised',
      vaulted: { fingerprint: 'fake:fake-valid-mastercard-nonce', type: 'card' },
    });
    // Without storeInVault nothing is kept.
    const plain = await sale({ nonce: await nonceFor('4111111111111111') });
    expect(plain.kind === 'authorised' && plain.vaulted).toBeFalsy();
  });

  it('PAYMENTS.md vault: a saved card keeps the network reference of the sale that saved it, and one whose expiry has passed is refused as expired', async () => {
    const saving = await sale({ nonce: await nonceFor('4111111111111111'), storeInVault: true });
    if (saving.kind !== 'authorised' || saving.vaulted === undefined) throw new Error('not vaulted');
    const [kept] = await db().select().from(sandboxVault).where(eq(sandboxVault.token, saving.vaulted.token));
    expect(kept).toMatchObject({ behaviour: 'ok', networkTransactionId: saving.networkTransactionId });
    expect(saving.vaulted.networkTransactionId).toBe(saving.networkTransactionId);
    expect(await sale({ paymentMethodToken: saving.vaulted.token })).toMatchObject({ kind: 'authorised' });

    const token = await vaultedToken(await nonceFor('4111111111111111'));
    await db().update(sandboxVault).set({ expiryMonth: '01', expiryYear: '2021' }).where(eq(sandboxVault.token, token));
    const expired = await sale({ paymentMethodToken: token });
    expect(expired).toMatchObject({ kind: 'invalidInstrument', reason: 'cardExpired' });
  });

  it('PAYMENTS.md vault: a deleted or unknown token is refused, worded as "add a new card"', async () => {
    const token = await vaultedToken(await nonceFor('4111111111111111'));
    await provider.deletePaymentMethod?.(token);
    await provider.deletePaymentMethod?.(token); // deleting twice is harmless
    for (const paymentMethodToken of [token, 'vault_does_not_exist']) {
      const result = await sale({ paymentMethodToken });
      expect(result).toMatchObject({ kind: 'invalidInstrument', code: '91518', reason: 'savedInstrumentGone' });
      if (result.kind !== 'invalidInstrument') throw new Error('expected a refusal');
      expect(describePaymentFailure(result)).toEqual({
        message: MESSAGES.paymentDidNotGoThrough,
        reason: CARD_REASONS.savedInstrumentGone,
      });
    }
  });

  it('PAYMENTS.md vault: a PayPal account vaults as paypal and its email comes back with each payment', async () => {
    const billing = await sale({ nonce: 'fake-paypal-billing-agreement-nonce', storeInVault: true });
    expect(billing).toMatchObject({ kind: 'authorised', vaulted: { type: 'paypal' } });
    // The buyer approves on PayPal's sandbox page: the approval's nonce carries their account email.
    const payment = await createPayPalPayment(sandboxDb(db()), {
      amountMinor: 2500,
      currency: 'GBP',
      credit: false,
      flow: 'vault',
      returnUrl: 'http://localhost:4321/checkout',
    });
    const approved = await approvePayPalPayment(sandboxDb(db()), { id: payment.id, email: 'buyer@example.co.uk' });
    if (!approved.ok) throw new Error('not approved');
    const nonce = new URL(approved.redirectTo).searchParams.get('pm_token') ?? '';
    const first = await sale({ nonce, storeInVault: true });
    expect(first).toMatchObject({
      kind: 'authorised',
      instrument: { cardType: 'PayPal', email: 'buyer@example.co.uk' },
      vaulted: { type: 'paypal', fingerprint: expect.stringMatching(/^paypal:/) },
    });
    if (first.kind !== 'authorised' || !first.vaulted) throw new Error('not vaulted');
    const paid = await sale({ paymentMethodToken: first.vaulted.token });
    expect(paid).toMatchObject({
      kind: 'authorised',
      instrument: { cardType: 'PayPal', email: 'buyer@example.co.uk' },
    });
  });

  async function basketFor(user: Shopper, priceMinor = 2500) {
    const { productIds } = await addDeal(db(), base, {}, [{ product: { priceMinor } }]);
    const basketToken = await createBasket(db(), {
      customerToken: user.customerToken,
      products: [{ dealProductId: productIds[0] ?? 0, quantity: 1 }],
    });
    return { basketToken, priceMinor };
  }

  function orderRequest(user: Shopper, basketToken: string, totalMinor: number, payment: PlaceOrderRequest['payment']) {
    return {
      basketToken,
      buyer: { id: user.id, email: user.email, firstName: user.firstName },
      useWallet: false,
      expected: { totalMinor, walletUsedMinor: 0, cashAmountMinor: totalMinor },
      payment,
      idempotencyKey: newKey(),
      now: new Date(),
      origin: 'http://shop.test',
    } satisfies PlaceOrderRequest;
  }

  async function buyAndSave(user: Shopper, nonce: string, save = true) {
    const { basketToken, priceMinor } = await basketFor(user);
    const threeDSecureAuthenticationId = await authenticationFor(nonce, priceMinor);
    const result = await placeOrder(
      db(),
      singleProvider(provider),
      orderRequest(user, basketToken, priceMinor, { method: 'credit_card', nonce, save, threeDSecureAuthenticationId }),
    );
    expect(result.ok).toBe(true);
  }

  it('the same card saved twice is one instrument; the first is the default, the next is not', async () => {
    const user = await addShopper(db());
    await buyAndSave(user, await nonceFor('4111111111111111'));
    await buyAndSave(user, await nonceFor('4111111111111111', 2033));
    let saved = await listInstruments(db(), user.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      type: 'card',
      cardType: 'Visa',
      lastFour: '1111',
      expiryYear: '2033',
      isDefault: true,
    });

    await buyAndSave(user, await nonceFor('5555555555554444'));
    await buyAndSave(user, await nonceFor('378282246310005'), false);
    saved = await listInstruments(db(), user.id);
    expect(saved.map((s) => [s.cardType, s.isDefault])).toEqual([
      ['Visa', true],
      ['Mastercard', false],
    ]);
  });

  it('a new card takes over as default from a default card that has expired', async () => {
    const user = await addShopper(db());
    await buyAndSave(user, await nonceFor('4111111111111111'));
    await db().update(paymentInstruments).set({ expiryYear: '2020' }).where(eq(paymentInstruments.userId, user.id));
    await buyAndSave(user, await nonceFor('5555555555554444'));
    const saved = await listInstruments(db(), user.id);
    expect(saved.filter((s) => s.isDefault).map((s) => s.cardType)).toEqual(['Mastercard']);
  });

  /** The pay call for the shopper's open basket, as the checkout island sends it (a new card authenticated first). */
  async function pay(user: Shopper, body: Record<string, unknown>) {
    const isNewCard = (body.paymentMethod ?? 'credit_card') === 'credit_card' && typeof body.nonce === 'string';
    const threeDSecureAuthenticationId = isNewCard ? await authenticationFor(body.nonce as string, 2500) : undefined;
    const response = await postPay(
      context('http://localhost/api/v1/pay', user, {
        method: 'POST',
        body: {
          totalOrderAmount: 2500,
          walletUsed: 0,
          cashAmount: 2500,
          paymentMethod: 'credit_card',
          threeDSecureAuthenticationId,
          ...body,
        },
        headers: { 'Idempotency-Key': newKey() },
      }),
    );
    return { status: response.status, body: await response.json() };
  }

  it('a saved card (instrument mode EXISTING) pays a second order without a card number', async () => {
    const user = await addShopper(db());
    await basketFor(user);
    const first = await pay(user, { nonce: await nonceFor('4111111111111111'), saveInstrument: true });
    expect(first.status).toBe(201);
    const [saved] = await listInstruments(db(), user.id);
    if (saved === undefined) throw new Error('the card was not saved');

    await basketFor(user);
    const second = await pay(user, { instrumentMode: 'EXISTING', instrumentId: saved.id });
    expect(second).toMatchObject({ status: 201, body: { message: MESSAGES.purchaseSuccessful, cardType: 'Visa' } });
    const placed = await db().select().from(orders).where(eq(orders.userId, user.id));
    expect(placed).toHaveLength(2);
    const [used] = await listInstruments(db(), user.id);
    expect(used?.id).toBe(saved.id);
    const [row] = await db().select().from(paymentInstruments).where(eq(paymentInstruments.id, saved.id));
    expect(row?.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(row?.createdAt.getTime() ?? 0);
  });

  it('a PayPal account approved at checkout is saved with its email and pays the next order', async () => {
    const user = await addShopper(db());
    await basketFor(user);
    const payment = await createPayPalPayment(sandboxDb(db()), {
      amountMinor: 2500,
      currency: 'GBP',
      credit: false,
      flow: 'vault',
      returnUrl: 'http://localhost:4321/checkout',
    });
    const approved = await approvePayPalPayment(sandboxDb(db()), { id: payment.id, email: 'ada.paypal@example.co.uk' });
    if (!approved.ok) throw new Error('not approved');
    const nonce = new URL(approved.redirectTo).searchParams.get('pm_token') ?? '';
    const first = await pay(user, { paymentMethod: 'paypal', nonce, saveInstrument: true });
    expect(first.status).toBe(201);
    const [saved] = await listInstruments(db(), user.id);
    expect(saved).toMatchObject({ type: 'paypal', email: 'ada.paypal@example.co.uk', isDefault: true });

    await basketFor(user);
    const second = await pay(user, { paymentMethod: 'paypal', instrumentMode: 'EXISTING', instrumentId: saved?.id });
    expect(second).toMatchObject({ status: 201, body: { cardType: 'PayPal' } });
    const listed = CustomerResponseSchema.parse(
      await (await getCustomer(context('http://localhost/api/v1/customer', user))).json(),
    );
    expect(listed.paymentInstruments.map((i) => i.label)).toEqual(['PayPal (ada.paypal@example.co.uk)']);
  });

  it("someone else's saved instrument is refused and nothing is charged", async () => {
    const owner = await addShopper(db());
    await basketFor(owner);
    await pay(owner, { nonce: await nonceFor('4111111111111111'), saveInstrument: true });
    const [theirs] = await listInstruments(db(), owner.id);
    if (theirs === undefined) throw new Error('no saved card');

    const thief = await addShopper(db());
    await basketFor(thief);
    const refused = await pay(thief, { instrumentMode: 'EXISTING', instrumentId: theirs.id });
    expect(refused).toMatchObject({ status: 422, body: { message: MESSAGES.tryDifferentMethod } });
    expect(await db().select().from(orders).where(eq(orders.userId, thief.id))).toHaveLength(0);
  });

  it('spec 7 /customer: 401 signed out; the list, make default and remove (vault too); 404 for another shopper', async () => {
    const signedOut = await getCustomer(context('http://localhost/api/v1/customer', null));
    expect(signedOut.status).toBe(401);

    const user = await addShopper(db());
    await buyAndSave(user, await nonceFor('4111111111111111'));
    await buyAndSave(user, await nonceFor('5555555555554444'));
    const listed = CustomerResponseSchema.parse(
      await (await getCustomer(context('http://localhost/api/v1/customer', user))).json(),
    );
    expect(listed.paymentInstruments.map((i) => [i.label, i.default, i.expired, i.mode])).toEqual([
      ['Visa ending 1111', true, false, 'EXISTING'],
      ['Mastercard ending 4444', false, false, 'EXISTING'],
    ]);
    expect(JSON.stringify(listed)).not.toContain('vault_');
    const [visa, mastercard] = listed.paymentInstruments;
    if (!visa || !mastercard) throw new Error('two instruments expected');

    const url = (id: number) => `http://localhost/api/v1/customer/instruments/${id}`;
    const made = await patchInstrument(
      context(url(mastercard.id), user, {
        method: 'PATCH',
        body: { default: true },
        params: { id: String(mastercard.id) },
      }),
    );
    expect(made.status).toBe(200);
    expect(CustomerResponseSchema.parse(await made.json()).paymentInstruments.map((i) => [i.label, i.default])).toEqual(
      [
        ['Mastercard ending 4444', true],
        ['Visa ending 1111', false],
      ],
    );
    const badBody = await patchInstrument(
      context(url(visa.id), user, { method: 'PATCH', body: { default: false }, params: { id: String(visa.id) } }),
    );
    expect(badBody.status).toBe(400);

    const stranger = await addShopper(db());
    for (const call of [
      deleteInstrument(context(url(visa.id), stranger, { method: 'DELETE', params: { id: String(visa.id) } })),
      patchInstrument(
        context(url(visa.id), stranger, { method: 'PATCH', body: { default: true }, params: { id: String(visa.id) } }),
      ),
    ]) {
      expect((await call).status).toBe(404);
    }
    expect(
      (await deleteInstrument(context(url(visa.id), null, { method: 'DELETE', params: { id: String(visa.id) } })))
        .status,
    ).toBe(401);

    // Removing the default: the other card takes over, the token is gone from the vault.
    const [defaultRow] = await db().select().from(paymentInstruments).where(eq(paymentInstruments.id, mastercard.id));
    const removed = await deleteInstrument(
      context(url(mastercard.id), user, { method: 'DELETE', params: { id: String(mastercard.id) } }),
    );
    expect(removed.status).toBe(200);
    expect(
      CustomerResponseSchema.parse(await removed.json()).paymentInstruments.map((i) => [i.label, i.default]),
    ).toEqual([['Visa ending 1111', true]]);
    const [vault] = await db()
      .select()
      .from(sandboxVault)
      .where(eq(sandboxVault.token, defaultRow?.token ?? ''));
    expect(vault?.deletedAt).toBeInstanceOf(Date);
  });

  it('spec 7 /customer: an expired card is listed as expired and cannot be made the default', async () => {
    const user = await addShopper(db());
    await buyAndSave(user, await nonceFor('4111111111111111'));
    await buyAndSave(user, await nonceFor('5555555555554444'));
    const mastercard = (await listInstruments(db(), user.id)).find((i) => i.cardType === 'Mastercard');
    if (!mastercard) throw new Error('no mastercard');
    await db().update(paymentInstruments).set({ expiryYear: '2020' }).where(eq(paymentInstruments.id, mastercard.id));
    const listed = CustomerResponseSchema.parse(
      await (await getCustomer(context('http://localhost/api/v1/customer', user))).json(),
    );
    expect(listed.paymentInstruments.find((i) => i.id === mastercard.id)?.expired).toBe(true);
    const refused = await patchInstrument(
      context(`http://localhost/api/v1/customer/instruments/${mastercard.id}`, user, {
        method: 'PATCH',
        body: { default: true },
        params: { id: String(mastercard.id) },
      }),
    );
    expect(refused.status).toBe(409);
  });

  it('spec 7 anonymize: deleting the account removes its instruments, Express Buy tokens and vault entries', async () => {
    const user = await addShopper(db());
    await buyAndSave(user, await nonceFor('4111111111111111'));
    const [row] = await db().select().from(paymentInstruments).where(eq(paymentInstruments.userId, user.id));
    if (!row) throw new Error('no instrument');
    await db()
      .insert(expressBuyTokens)
      .values({
        tokenHash: randomUUID(),
        userId: user.id,
        instrumentId: row.id,
        expiresAt: new Date(Date.now() + 60_000),
      });

    await anonymizeUser(db(), user.id, '');
    expect(await db().select().from(paymentInstruments).where(eq(paymentInstruments.userId, user.id))).toHaveLength(0);
    expect(await db().select().from(expressBuyTokens).where(eq(expressBuyTokens.userId, user.id))).toHaveLength(0);
    const [vault] = await db()
      .select()
      .from(sandboxVault)
      .where(and(eq(sandboxVault.token, row.token)));
    expect(vault?.deletedAt).toBeInstanceOf(Date);
  });
});
