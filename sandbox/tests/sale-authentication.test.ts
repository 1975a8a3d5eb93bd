/**
 * The sale under PSD2 Strong Customer Authentication (PAYMENTS.md "3-D Secure 2";
 * docs/decisions/043-three-d-secure.md), as the shop's server meets it over the gateway API: a
 * shopper's sale on a tokenised card names its authentication (that nonce, amount and currency,
 * authenticated or attempted, once) or is declined 2099 "Cardholder Authentication Required"; a
 * renewal on a saved card quotes the network reference of the sale that saved it and needs none
 * (a shopper's sale on a saved challenge card: ./saved-card-authentication.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { threeDSecure, transactions, vault } from '../db/schema';
import {
  AUTHENTICATION_REQUIRED,
  appOn,
  authenticate,
  databaseOf,
  formPost,
  gatewaySale,
  sandboxEmbedded,
  tokenisedNonce,
} from './support';

describe.each(sandboxEmbedded)('card sales and 3-D Secure on $name', (engine) => {
  const db = databaseOf(engine);
  const app = appOn(db);

  const sale = gatewaySale(app);

  /** A card tokenised and authenticated for an amount, as the checkout does before paying. */
  async function authenticated(number: string, amountMinor = 25_00) {
    const nonce = await tokenisedNonce(app, number);
    const answer = await (await authenticate(app, nonce, amountMinor)).json();
    return { nonce, threeDSecureAuthenticationId: answer.authenticationId as string, status: answer.status };
  }

  const transactionCount = async () => (await db().select().from(transactions)).length;

  it.each([
    ['4111111111111111', 'frictionless (any card)'],
    ['4000000000002701', 'frictionless, authenticated'],
    ['4000000000002719', 'frictionless, attempted'],
  ])('%s, %s: the sale with its authentication authorises, with a network reference', async (number) => {
    const paid = await sale(await authenticated(number));
    expect(paid).toMatchObject({
      status: 'authorized',
      transactionId: expect.stringMatching(/^[0-9a-z]{8}$/),
      networkTransactionId: expect.stringMatching(/^\d{15}$/),
    });
  });

  it('a challenge passed on the issuer page: the sale authorises and uses the authentication', async () => {
    const card = await authenticated('4000000000002503');
    expect(card.status).toBe('challenge_required');
    await app(`/3ds/challenge/${card.threeDSecureAuthenticationId}`, formPost({ action: 'submit', code: '123456' }));
    const paid = await sale(card);
    expect(paid).toMatchObject({ status: 'authorized' });
    const [used] = await db().select().from(threeDSecure).where(eq(threeDSecure.id, card.threeDSecureAuthenticationId));
    expect(used?.transactionId).toBe(paid.transactionId);
  });

  it('without an authentication: declined 2099, nothing authorised', async () => {
    const nonce = await tokenisedNonce(app, '4111111111111111');
    const declined = await sale({ nonce });
    expect(declined).toMatchObject({ ...AUTHENTICATION_REQUIRED, instrument: { cardType: 'Visa', lastFour: '1111' } });
    const [row] = await db().select().from(transactions).where(eq(transactions.id, declined.transactionId));
    expect(row).toMatchObject({ status: 'processor_declined', responseCode: '2099' });
  });

  it.each([
    ['frictionless failed', '4000000000002925', undefined],
    ['unavailable', '4000000000002313', undefined],
    ['error', '4000000000002644', undefined],
    ['challenge failed', '4000000000002370', { action: 'submit', code: '123456' }],
    ['challenge abandoned', '4000000000002503', { action: 'cancel' }],
    ['challenge still open', '4000000000002503', null],
  ])('with an authentication %s: declined 2099', async (_name, number, step) => {
    const card = await authenticated(number);
    if (step) await app(`/3ds/challenge/${card.threeDSecureAuthenticationId}`, formPost(step));
    expect(await sale(card)).toMatchObject(AUTHENTICATION_REQUIRED);
  });

  it('with an authentication of another amount or currency: declined 2099', async () => {
    const card = await authenticated('4111111111111111', 25_00);
    expect(await sale({ ...card, amountMinor: 30_00 })).toMatchObject(AUTHENTICATION_REQUIRED);
    const euros = await authenticated('4111111111111111', 25_00);
    expect(await sale({ ...euros, currency: 'EUR' })).toMatchObject(AUTHENTICATION_REQUIRED);
  });

  it("with another nonce's authentication, or one that does not exist: declined 2099", async () => {
    const first = await authenticated('4111111111111111');
    const other = await tokenisedNonce(app, '4111111111111111');
    expect(
      await sale({ nonce: other, threeDSecureAuthenticationId: first.threeDSecureAuthenticationId }),
    ).toMatchObject(AUTHENTICATION_REQUIRED);
    const again = await tokenisedNonce(app, '4111111111111111');
    expect(await sale({ nonce: again, threeDSecureAuthenticationId: '3ds_nope' })).toMatchObject(
      AUTHENTICATION_REQUIRED,
    );
  });

  it('an authentication is good for one sale: reused for the same card again, it is declined 2099', async () => {
    const card = await authenticated('4111111111111111');
    const first = await sale(card);
    expect(first).toMatchObject({ status: 'authorized' });
    // The shopper types the same card again (a new nonce), and the shop quotes the old authentication.
    const nonce = await tokenisedNonce(app, '4111111111111111');
    await db().update(threeDSecure).set({ nonce }).where(eq(threeDSecure.id, card.threeDSecureAuthenticationId));
    expect(await sale({ nonce, threeDSecureAuthenticationId: card.threeDSecureAuthenticationId })).toMatchObject(
      AUTHENTICATION_REQUIRED,
    );
  });

  it('an expired authentication: declined 2099', async () => {
    const card = await authenticated('4111111111111111');
    await db()
      .update(threeDSecure)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(threeDSecure.id, card.threeDSecureAuthenticationId));
    expect(await sale(card)).toMatchObject(AUTHENTICATION_REQUIRED);
  });

  it('a retry under the same idempotency key replays the answer, not a second sale', async () => {
    const card = await authenticated('4111111111111111');
    const idempotencyKey = randomUUID();
    const first = await sale({ ...card, idempotencyKey });
    const count = await transactionCount();
    expect(await sale({ ...card, idempotencyKey })).toEqual(first);
    expect(await transactionCount()).toBe(count);
  });

  it('4000000000002727 (ours): authenticated frictionless, then the issuer declines the sale 2000 Do Not Honor', async () => {
    const card = await authenticated('4000000000002727');
    expect(card.status).toBe('authenticated');
    expect(await sale(card)).toMatchObject({ status: 'processor_declined', code: '2000', text: 'Do Not Honor' });
  });

  it('the field checks and the amount table still apply once authenticated', async () => {
    expect(await sale(await authenticated('4111111111111112'))).toMatchObject({
      status: 'validation_error',
      code: '81715',
    });
    expect(await sale({ ...(await authenticated('4111111111111111', 2_000_00)), amountMinor: 2_000_00 })).toMatchObject(
      {
        status: 'processor_declined',
        code: '2000',
      },
    );
  });

  it.each([
    'fake-valid-nonce',
    'fake-valid-mastercard-nonce',
    'fake-apple-pay-visa-nonce',
    'fake-android-pay-nonce',
    'fake-paypal-one-time-nonce',
  ])('%s needs no authentication (a test nonce, or a wallet with its own cryptogram)', async (nonce) => {
    const paid = await sale({ nonce });
    expect(paid).toMatchObject({ status: 'authorized' });
    if (nonce.includes('paypal')) expect(paid.networkTransactionId).toBeUndefined();
    else expect(paid.networkTransactionId).toMatch(/^\d{15}$/);
  });

  it('a test nonce that names an authentication is held to it', async () => {
    const { authenticationId } = await (await authenticate(app, 'fake-valid-nonce', 25_00)).json();
    expect(
      await sale({ nonce: 'fake-valid-nonce', threeDSecureAuthenticationId: authenticationId, amountMinor: 26_00 }),
    ).toMatchObject(AUTHENTICATION_REQUIRED);
  });

  describe('saved cards and renewals', () => {
    /** A card saved by an authenticated first payment: its token and the network reference kept with it. */
    async function savedCard() {
      const paid = await sale({ ...(await authenticated('4111111111111111')), storeInVault: true });
      expect(paid).toMatchObject({ status: 'authorized', vaulted: { paymentMethodToken: expect.any(String) } });
      const token: string = paid.vaulted.paymentMethodToken;
      const [kept] = await db().select().from(vault).where(eq(vault.token, token));
      expect(kept?.networkTransactionId).toBe(paid.networkTransactionId);
      return { token, networkTransactionId: paid.networkTransactionId as string };
    }

    it('a renewal (recurring) on the saved card needs no authentication and quotes its network reference', async () => {
      const card = await savedCard();
      const renewed = await sale({ nonce: '', paymentMethodToken: card.token, transactionSource: 'recurring' });
      expect(renewed).toMatchObject({ status: 'authorized', networkTransactionId: card.networkTransactionId });
      const quoted = await sale({
        nonce: '',
        paymentMethodToken: card.token,
        transactionSource: 'recurring',
        networkTransactionId: card.networkTransactionId,
      });
      expect(quoted).toMatchObject({ status: 'authorized', networkTransactionId: card.networkTransactionId });
    });

    it('a renewal quoting another network reference is declined 2099', async () => {
      const card = await savedCard();
      const wrong = await sale({
        nonce: '',
        paymentMethodToken: card.token,
        transactionSource: 'recurring',
        networkTransactionId: '000000000000001',
      });
      expect(wrong).toMatchObject(AUTHENTICATION_REQUIRED);
    });

    it('a renewal on a card saved before authentication was asked for (no network reference) goes on as agreed', async () => {
      const card = await savedCard();
      await db().update(vault).set({ networkTransactionId: null }).where(eq(vault.token, card.token));
      const renewal = { nonce: '', paymentMethodToken: card.token, transactionSource: 'recurring' };
      expect(await sale(renewal)).toMatchObject({ status: 'authorized', networkTransactionId: expect.any(String) });
      expect(await sale({ ...renewal, networkTransactionId: card.networkTransactionId })).toMatchObject({
        status: 'authorized',
      });
    });

    it("a shopper's sale on the saved card goes on as before, answering the card's network reference", async () => {
      const card = await savedCard();
      expect(await sale({ nonce: '', paymentMethodToken: card.token })).toMatchObject({
        status: 'authorized',
        networkTransactionId: card.networkTransactionId,
      });
    });

    it('a recurring sale on a new nonce is still the shopper authenticating: 2099 without it', async () => {
      const nonce = await tokenisedNonce(app, '4111111111111111');
      expect(await sale({ nonce, transactionSource: 'recurring' })).toMatchObject(AUTHENTICATION_REQUIRED);
    });

    it('a PayPal account renews without a network reference', async () => {
      const saved = await sale({ nonce: 'fake-paypal-billing-agreement-nonce', storeInVault: true });
      const renewed = await sale({
        nonce: '',
        paymentMethodToken: saved.vaulted.paymentMethodToken,
        transactionSource: 'recurring',
      });
      expect(renewed).toMatchObject({ status: 'authorized' });
      expect(renewed.networkTransactionId).toBeUndefined();
    });
  });
});
