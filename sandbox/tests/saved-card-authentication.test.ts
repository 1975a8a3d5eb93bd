import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GATEWAY_PATHS } from '@/contracts/payment-gateway';
import { THREE_D_SECURE_GATEWAY_PATHS } from '@/contracts/three-d-secure';
import { nonces, threeDSecure, vault } from '../db/schema';
import {
  AUTHENTICATION_REQUIRED,
  appOn,
  authenticate,
  databaseOf,
  formPost,
  gatewaySale,
  sandboxEmbedded,
  tokenisedNonce,
  withGatewayKey,
} from './support';

describe.each(sandboxEmbedded)('saved challenge cards and 3-D Secure on $name', (engine) => {
  const db = databaseOf(engine);
  const app = appOn(db);

  const sale = gatewaySale(app);

  const passChallenge = (authenticationId: string) =>
    app(`/3ds/challenge/${authenticationId}`, formPost({ action: 'submit', code: '123456' }));

  const mintNonce = (token: string, init: RequestInit = withGatewayKey({ method: 'POST', body: '{}' })) =>
    app(`/gateway/${GATEWAY_PATHS.paymentMethodNonce(token)}`, init);

  /** A card saved by a first payment it was authenticated for (through its challenge, for a challenge card). */
  async function savedCard(number: string) {
    const nonce = await tokenisedNonce(app, number);
    const answer = await (await authenticate(app, nonce)).json();
    if (answer.status === 'challenge_required') await passChallenge(answer.authenticationId);
    const paid = await sale({ nonce, threeDSecureAuthenticationId: answer.authenticationId, storeInVault: true });
    expect(paid).toMatchObject({ status: 'authorized', vaulted: { paymentMethodToken: expect.any(String) } });
    return paid.vaulted.paymentMethodToken as string;
  }

  it('a renewal (recurring) on a saved challenge card needs no authentication, as before', async () => {
    const token = await savedCard('4000000000002503');
    const [kept] = await db().select().from(vault).where(eq(vault.token, token));
    expect(await sale({ nonce: '', paymentMethodToken: token, transactionSource: 'recurring' })).toMatchObject({
      status: 'authorized',
      networkTransactionId: kept?.networkTransactionId,
    });
  });

  /** Authenticates a saved card for an amount through a nonce minted from its token; passes the challenge unless told. */
  async function authenticatedSavedCard(
    token: string,
    options: { amountMinor?: number; passChallenge?: boolean } = {},
  ) {
    const minted = await mintNonce(token);
    expect(minted.status).toBe(200);
    const { nonce } = await minted.json();
    const answer = await (await authenticate(app, nonce, options.amountMinor ?? 25_00)).json();
    if (answer.status === 'challenge_required' && options.passChallenge !== false) {
      await passChallenge(answer.authenticationId);
    }
    return { nonce: nonce as string, authenticationId: answer.authenticationId as string, status: answer.status };
  }

  describe('POST payment_methods/{token}/nonces (server to server)', () => {
    it('mints a one-time nonce bound to the saved card: the vault behaviour and 3-D Secure scenario, never the number', async () => {
      const token = await savedCard('4000000000002503');
      const minted = await mintNonce(token);
      expect(minted.status).toBe(200);
      const { nonce } = await minted.json();
      expect(nonce).toMatch(/^tokenvc_/);
      const [kept] = await db().select().from(nonces).where(eq(nonces.nonce, nonce));
      expect(kept).toMatchObject({
        kind: 'card',
        lastFour: '2503',
        threeDSecure: 'challenge_passed',
        paymentMethodToken: token,
        consumedAt: null,
      });
      const [vaulted] = await db().select().from(vault).where(eq(vault.token, token));
      expect(vaulted?.threeDSecure).toBe('challenge_passed');
    });

    it('an unknown or deleted token: 404', async () => {
      expect((await mintNonce('vault_nobody_knows')).status).toBe(404);
      const token = await savedCard('4111111111111111');
      await app(`/gateway/${GATEWAY_PATHS.paymentMethod(token)}`, withGatewayKey({ method: 'DELETE' }));
      expect((await mintNonce(token)).status).toBe(404);
    });

    it('without the gateway key: 401, nothing minted', async () => {
      const token = await savedCard('4111111111111111');
      const before = (await db().select().from(nonces)).length;
      const refused = await mintNonce(token, { method: 'POST', body: '{}' });
      expect(refused.status).toBe(401);
      expect(await db().select().from(nonces)).toHaveLength(before);
    });
  });

  describe('3ds/authenticate on a minted nonce: the saved card answers as its scenario says', () => {
    it('a saved challenge card asks for the challenge, and the lookup names the saved card', async () => {
      const token = await savedCard('4000000000002503');
      const card = await authenticatedSavedCard(token, { passChallenge: false });
      expect(card.status).toBe('challenge_required');
      const lookup = await app(
        `/gateway/${THREE_D_SECURE_GATEWAY_PATHS.lookup(card.authenticationId)}`,
        withGatewayKey(),
      );
      expect(await lookup.json()).toMatchObject({
        found: true,
        nonce: card.nonce,
        paymentMethodToken: token,
        status: 'challenge_required',
      });
    });

    it('a saved frictionless card authenticates at once', async () => {
      const token = await savedCard('4000000000002701');
      expect((await authenticatedSavedCard(token)).status).toBe('authenticated');
    });
  });

  describe("a shopper's sale on a saved challenge card (4000000000002503)", () => {
    it('without an authentication: declined 2099, nothing authorised', async () => {
      const token = await savedCard('4000000000002503');
      expect(await sale({ nonce: '', paymentMethodToken: token })).toMatchObject(AUTHENTICATION_REQUIRED);
    });

    it('authenticated through its minted nonce and a passed challenge: authorised, the authentication used', async () => {
      const token = await savedCard('4000000000002503');
      const card = await authenticatedSavedCard(token);
      const paid = await sale({
        nonce: '',
        paymentMethodToken: token,
        threeDSecureAuthenticationId: card.authenticationId,
      });
      expect(paid).toMatchObject({ status: 'authorized', instrument: { lastFour: '2503' } });
      const [used] = await db().select().from(threeDSecure).where(eq(threeDSecure.id, card.authenticationId));
      expect(used?.transactionId).toBe(paid.transactionId);
      // Good for one sale only.
      expect(
        await sale({ nonce: '', paymentMethodToken: token, threeDSecureAuthenticationId: card.authenticationId }),
      ).toMatchObject(AUTHENTICATION_REQUIRED);
    });

    it.each([
      ['the challenge still open', { passChallenge: false }, 25_00],
      ['another amount', {}, 30_00],
    ])('with an authentication of %s: declined 2099', async (_name, options, amountMinor) => {
      const token = await savedCard('4000000000002503');
      const card = await authenticatedSavedCard(token, options);
      expect(
        await sale({
          nonce: '',
          paymentMethodToken: token,
          threeDSecureAuthenticationId: card.authenticationId,
          amountMinor,
        }),
      ).toMatchObject(AUTHENTICATION_REQUIRED);
    });

    it("with another saved card's authentication, or a new card's: declined 2099", async () => {
      const token = await savedCard('4000000000002503');
      const other = await savedCard('4000000000002503');
      const otherCard = await authenticatedSavedCard(other);
      expect(
        await sale({ nonce: '', paymentMethodToken: token, threeDSecureAuthenticationId: otherCard.authenticationId }),
      ).toMatchObject(AUTHENTICATION_REQUIRED);
      const typedIn = await tokenisedNonce(app, '4000000000002503');
      const { authenticationId } = await (await authenticate(app, typedIn)).json();
      await passChallenge(authenticationId);
      expect(
        await sale({ nonce: '', paymentMethodToken: token, threeDSecureAuthenticationId: authenticationId }),
      ).toMatchObject(AUTHENTICATION_REQUIRED);
    });
  });

  describe('other saved cards', () => {
    it("a saved frictionless card's sale needs no authentication, and one named is held to it", async () => {
      const token = await savedCard('4000000000002701');
      expect(await sale({ nonce: '', paymentMethodToken: token })).toMatchObject({ status: 'authorized' });
      const card = await authenticatedSavedCard(token, { amountMinor: 10_00 });
      expect(
        await sale({ nonce: '', paymentMethodToken: token, threeDSecureAuthenticationId: card.authenticationId }),
      ).toMatchObject(AUTHENTICATION_REQUIRED);
    });
  });
});
