/**
 * The card issuer's 3-D Secure 2 as the shopper's browser and the shop's server meet it (PAYMENTS.md
 * "3-D Secure 2"; src/contracts/three-d-secure.ts; docs/decisions/043-three-d-secure.md): the checkout
 * authenticates a tokenised card's nonce for the amount (CORS like bt/tokenize), follows a challenge,
 * or cancels it; the shop's server looks the authentication up with its key.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THREE_D_SECURE_GATEWAY_PATHS } from '@/contracts/three-d-secure';
import { MESSAGES } from '@/domain/messages';
import { nonces, threeDSecure } from '../db/schema';
import {
  appOn,
  authenticate,
  BROWSER,
  databaseOf,
  fromShop,
  SHOP,
  sandboxEmbedded,
  tokenisedNonce,
  withGatewayKey,
} from './support';

describe.each(sandboxEmbedded)("the card issuer's 3-D Secure on $name", (engine) => {
  const db = databaseOf(engine);
  const app = appOn(db);
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const lookup = (id: string, init: RequestInit = withGatewayKey()) =>
    app(`/gateway/${THREE_D_SECURE_GATEWAY_PATHS.lookup(id)}`, init);

  describe('PAYMENTS.md "3-D Secure 2": each test card answers as the issuer would', () => {
    it.each([
      ['4000000000002701', 'frictionless, authenticated (Visa)', 'authenticated', true, '05'],
      ['5200000000002235', 'frictionless, authenticated (Mastercard)', 'authenticated', true, '05'],
      ['4000000000002925', 'frictionless, failed (Visa)', 'failed', false, '07'],
      ['5200000000002276', 'frictionless, failed (Mastercard)', 'failed', false, '07'],
      ['4000000000002719', 'frictionless, attempted (Visa)', 'attempted', true, '06'],
      ['5200000000002482', 'frictionless, attempted (Mastercard)', 'attempted', true, '06'],
      ['4000000000002313', 'authentication unavailable', 'unavailable', false, '07'],
      ['4000000000002420', 'challenge unavailable (Visa)', 'unavailable', false, '07'],
      ['5200000000002664', 'challenge unavailable (Mastercard)', 'unavailable', false, '07'],
      ['4000000000002644', 'error during authentication (Visa)', 'error', false, '07'],
      ['5200000000002656', 'error during authentication (Mastercard)', 'error', false, '07'],
      ['4000000000002727', 'issuer declines after authentication (ours)', 'authenticated', true, '05'],
      ['4111111111111111', 'any other card: the risk check passes', 'authenticated', true, '05'],
      ['5555555555554444', 'any other card: the risk check passes', 'authenticated', true, '05'],
    ])('%s, %s: %s, liability shifted %s, ECI %s', async (number, _scenario, status, liabilityShifted, eci) => {
      const nonce = await tokenisedNonce(app, number);
      const response = await authenticate(app, nonce, 42_50);
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const answer = await response.json();
      expect(answer).toEqual({
        authenticationId: expect.stringMatching(/^3ds_[\w-]{24}$/),
        status,
        liabilityShifted,
        challengeUrl: null,
      });
      expect(await (await lookup(answer.authenticationId)).json()).toEqual({
        found: true,
        authenticationId: answer.authenticationId,
        nonce,
        paymentMethodToken: null,
        amountMinor: 42_50,
        currency: 'GBP',
        status,
        liabilityShifted,
        eci,
      });
    });

    it.each([
      ['4000000000002503', 'challenge, passed (Visa)'],
      ['5200000000002151', 'challenge, passed (Mastercard)'],
      ['4000000000002370', 'challenge, failed (Visa)'],
      ['5200000000002490', 'challenge, failed (Mastercard)'],
    ])('%s, %s: a challenge on the issuer page, on the sandbox origin', async (number) => {
      const nonce = await tokenisedNonce(app, number);
      const answer = await (await authenticate(app, nonce)).json();
      expect(answer).toEqual({
        authenticationId: expect.stringMatching(/^3ds_/),
        status: 'challenge_required',
        liabilityShifted: false,
        challengeUrl: `http://sandbox.test/3ds/challenge/${answer.authenticationId}`,
      });
      const found = await (await lookup(answer.authenticationId)).json();
      expect(found).toMatchObject({ found: true, status: 'challenge_required', liabilityShifted: false, eci: null });
    });

    it('the card number is kept as its scenario only, and authenticating does not use the nonce up', async () => {
      const nonce = await tokenisedNonce(app, '4000000000002503');
      await authenticate(app, nonce);
      const [kept] = await db().select().from(nonces).where(eq(nonces.nonce, nonce));
      expect(kept).toMatchObject({ threeDSecure: 'challenge_passed', lastFour: '2503', consumedAt: null });
      expect(JSON.stringify(kept)).not.toContain('4000000000002503');
      // The checkout may ask again (another amount, a retry): the nonce is still good.
      expect((await authenticate(app, nonce, 99_00)).status).toBe(200);
    });
  });

  describe('fixed test nonces, and nonces that cannot be authenticated', () => {
    it.each(['fake-valid-nonce', 'fake-valid-mastercard-nonce', 'fake-processor-declined-visa-nonce'])(
      '%s authenticates frictionless, as Braintree fake-three-d-secure nonces do',
      async (nonce) => {
        const answer = await (await authenticate(app, nonce)).json();
        expect(answer).toMatchObject({ status: 'authenticated', liabilityShifted: true, challengeUrl: null });
      },
    );

    it.each([
      ['an unknown nonce', 'tokencc_nobody_knows', 'Unknown payment_method_nonce'],
      ['fake-consumed-nonce', 'fake-consumed-nonce', 'already used'],
      ['a PayPal nonce', 'fake-paypal-one-time-nonce', 'cards only'],
      ['an Apple Pay nonce', 'fake-apple-pay-visa-nonce', 'cards only'],
      ['a Google Pay nonce', 'fake-android-pay-nonce', 'cards only'],
    ])('%s: 422 with a message that says why, and nothing is kept', async (_name, nonce, says) => {
      const before = (await db().select().from(threeDSecure)).length;
      const response = await authenticate(app, nonce);
      expect(response.status).toBe(422);
      expect(response.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect((await response.json()).message).toContain(says);
      expect(await db().select().from(threeDSecure)).toHaveLength(before);
    });

    it('a nonce already paid with: 422, tokenise the card again', async () => {
      const nonce = await tokenisedNonce(app, '4111111111111111');
      await db().update(nonces).set({ consumedAt: new Date() }).where(eq(nonces.nonce, nonce));
      const response = await authenticate(app, nonce);
      expect(response.status).toBe(422);
      expect((await response.json()).message).toContain('tokenise the card again');
    });

    const valid = {
      nonce: 'fake-valid-nonce',
      amountMinor: 25_00,
      currency: 'GBP',
      browser: BROWSER,
      returnOrigin: SHOP,
    };
    it.each([
      ['not JSON', '{nonce: x', 'Send JSON'],
      ['no nonce', { ...valid, nonce: '' }, 'nonce is required'],
      ['no browser data', { ...valid, browser: undefined }, ''],
      ['pounds, not pence', { ...valid, amountMinor: 25.5 }, 'whole number of pence'],
      ['another site as the return origin', { ...valid, returnOrigin: 'https://evil.example' }, 'SANDBOX_SHOP_ORIGINS'],
      ['a script as the return origin', { ...valid, returnOrigin: 'javascript:alert(1)' }, 'returnOrigin'],
    ])('%s: a 400 that says what to send', async (_name, body, says) => {
      const response = await app('/3ds/authenticate', fromShop(body));
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(says);
    });
  });

  describe('CORS and faults, as for bt/tokenize', () => {
    it.each([
      ['/3ds/authenticate', 'POST'],
      ['/3ds/3ds_x', 'GET'],
      ['/3ds/3ds_x/cancel', 'POST'],
    ])('a preflight from the shop to %s allows %s for that origin', async (path, method) => {
      const response = await app(path, {
        method: 'OPTIONS',
        headers: { origin: SHOP, 'access-control-request-method': method },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(response.headers.get('access-control-allow-methods')).toBe(method);
    });

    it("another site's page is refused (403) before anything is kept", async () => {
      const before = (await db().select().from(threeDSecure)).length;
      const refused = await app('/3ds/authenticate', {
        ...fromShop({ nonce: 'fake-valid-nonce' }),
        headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      expect(await db().select().from(threeDSecure)).toHaveLength(before);
      expect((await app('/3ds/3ds_x', { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    });

    it('PAYMENTS_FAULT=unreachable: 503 "We couldn\'t contact the payment provider right now..."', async () => {
      vi.stubEnv('PAYMENTS_FAULT', 'unreachable');
      const response = await authenticate(app, 'fake-valid-nonce');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 503, message: MESSAGES.providerUnreachable });
    });
  });

  describe('status and cancel (GET 3ds/{id}, POST 3ds/{id}/cancel)', () => {
    it('cancel abandons an open challenge; the status says so, and the lookup too', async () => {
      const nonce = await tokenisedNonce(app, '4000000000002503');
      const { authenticationId } = await (await authenticate(app, nonce)).json();
      const status = await app(`/3ds/${authenticationId}`, { headers: { origin: SHOP } });
      expect(status.status).toBe(200);
      expect(status.headers.get('access-control-allow-origin')).toBe(SHOP);
      expect(await status.json()).toMatchObject({ status: 'challenge_required' });
      const cancelled = await app(`/3ds/${authenticationId}/cancel`, fromShop({}));
      expect(await cancelled.json()).toEqual({
        authenticationId,
        status: 'abandoned',
        liabilityShifted: false,
        challengeUrl: null,
      });
      expect(await (await app(`/3ds/${authenticationId}`)).json()).toMatchObject({ status: 'abandoned' });
      expect(await (await lookup(authenticationId)).json()).toMatchObject({ status: 'abandoned', eci: '07' });
    });

    it('cancel leaves an authentication that has already ended as it is', async () => {
      const { authenticationId } = await (await authenticate(app, 'fake-valid-nonce')).json();
      const cancelled = await app(`/3ds/${authenticationId}/cancel`, fromShop({}));
      expect(await cancelled.json()).toMatchObject({ status: 'authenticated', liabilityShifted: true });
    });

    it('an unknown id is a 404 for status and cancel; a GET to cancel is a 405', async () => {
      for (const response of [await app('/3ds/3ds_nope'), await app('/3ds/3ds_nope/cancel', fromShop({}))]) {
        expect(response.status).toBe(404);
        expect((await response.json()).message).toContain('No such 3-D Secure authentication');
      }
      expect((await app('/3ds/3ds_nope/cancel')).status).toBe(405);
    });

    it('after 15 minutes it is gone: status 404, lookup not found', async () => {
      const { authenticationId } = await (await authenticate(app, 'fake-valid-nonce')).json();
      await db()
        .update(threeDSecure)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(threeDSecure.id, authenticationId));
      expect((await app(`/3ds/${authenticationId}`)).status).toBe(404);
      expect(await (await lookup(authenticationId)).json()).toEqual({ found: false });
    });

    it('an authentication lasts 15 minutes', async () => {
      const before = Date.now();
      const { authenticationId } = await (await authenticate(app, 'fake-valid-nonce')).json();
      const [row] = await db().select().from(threeDSecure).where(eq(threeDSecure.id, authenticationId));
      const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
      expect(lifetime).toBeGreaterThan(15 * 60_000 - 5_000);
      expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    });
  });

  describe("the shop's server looks it up (GET three_d_secure/{id})", () => {
    it('without the gateway key: 401, nothing said', async () => {
      const { authenticationId } = await (await authenticate(app, 'fake-valid-nonce')).json();
      const refused = await lookup(authenticationId, {});
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
      expect(await refused.text()).not.toContain(authenticationId);
      const wrongKey = await lookup(authenticationId, { headers: { authorization: 'Bearer not-the-key' } });
      expect(wrongKey.status).toBe(401);
    });

    it('with the key: an unknown id is not found', async () => {
      const response = await lookup('3ds_nope');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ found: false });
    });
  });
});
