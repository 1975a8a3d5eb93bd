/**
 * The three calls a shop's page makes to the sandbox from the shopper's browser, cross-origin
 * (PAYMENTS.md ground rules; docs/decisions/035-sandbox-as-its-own-app.md): tokenise a card
 * (POST /bt/tokenize), a device wallet's sheet (POST /wallets/tokenize) and PayPal's create call
 * (POST /paypal/payments). Each answers the shop's origins only (CORS), privately, and never echoes
 * a card number.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/domain/messages';
import { nonces, sessions } from '../db/schema';
import { appOn, databaseOf, fromShop, SHOP, sandboxEmbedded } from './support';

const good = { number: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: 31, cvv: '123', postcode: 'LS1 4AP' };
const order = {
  amountMinor: 3000,
  currency: 'GBP',
  credit: false,
  flow: 'checkout',
  returnUrl: `${SHOP}/checkout?pm=paypal`,
};

describe.each(sandboxEmbedded)("the shopper's browser calls on $name", (engine) => {
  const db = databaseOf(engine);
  const app = appOn(db);
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  describe('CORS: the shop may call, another site may not', () => {
    it.each(['/bt/tokenize', '/wallets/tokenize', '/paypal/payments'])(
      'a preflight from the shop to %s is allowed for that origin, POST with a JSON body',
      async (path) => {
        const response = await app(path, {
          method: 'OPTIONS',
          headers: {
            origin: SHOP,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
        expect(response.status).toBe(204);
        expect(response.headers.get('access-control-allow-origin')).toBe(SHOP);
        expect(response.headers.get('access-control-allow-methods')).toBe('POST');
        expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
        expect(response.headers.get('vary')).toContain('Origin');
      },
    );

    it('the answer to the shop names the shop as allowed to read it', async () => {
      const response = await app('/bt/tokenize', fromShop(good));
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(SHOP);
    });

    it("another site's page is refused (403) before anything is kept, preflight or not", async () => {
      const before = (await db().select().from(nonces)).length;
      const preflight = await app('/bt/tokenize', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const post = await app('/bt/tokenize', { ...fromShop(good), headers: { origin: 'https://evil.example' } });
      expect(post.status).toBe(403);
      expect(post.headers.get('access-control-allow-origin')).toBeNull();
      expect(await db().select().from(nonces)).toHaveLength(before);
    });

    it('a GET is a 405 naming POST', async () => {
      const response = await app('/bt/tokenize', { headers: { origin: SHOP } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toContain('POST');
    });
  });

  describe('POST /bt/tokenize', () => {
    it('a good card gets a nonce, its brand, last four and expiry, privately, without the number', async () => {
      const response = await app('/bt/tokenize', fromShop(good));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const text = await response.text();
      expect(text).not.toContain('4111111111111111');
      expect(text).not.toContain('4111 1111 1111 1111');
      const body = JSON.parse(text);
      expect(body).toEqual({
        nonce: expect.stringMatching(/^tokencc_/),
        details: { cardType: 'Visa', lastFour: '1111', expiryMonth: '12', expiryYear: '2031' },
      });
      const [stored] = await db().select().from(nonces).where(eq(nonces.nonce, body.nonce));
      expect(stored).toMatchObject({
        kind: 'card',
        cardType: 'Visa',
        lastFour: '1111',
        behaviour: 'ok',
        consumedAt: null,
      });
    });

    it.each([
      ['not JSON', '{number: 4111', 'Send JSON'],
      ['no number', JSON.stringify({ ...good, number: undefined }), 'card number'],
      ['a number with letters', JSON.stringify({ ...good, number: '4111 1111 1111 111x' }), '12 to 19 digits'],
      ['a short number', JSON.stringify({ ...good, number: '41111111111' }), '12 to 19 digits'],
      ['month 13', JSON.stringify({ ...good, expiryMonth: 13 }), 'month'],
      ['a three-digit year', JSON.stringify({ ...good, expiryYear: 203 }), 'year'],
      ['a five-digit CVV', JSON.stringify({ ...good, cvv: '12345' }), 'security code'],
      ['a numeric CVV', JSON.stringify({ ...good, cvv: 123 }), 'security code'],
    ])('%s: 400 with a plain message that does not echo the number', async (_name, body, says) => {
      const response = await app('/bt/tokenize', fromShop(body));
      expect(response.status).toBe(400);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const answer = await response.json();
      expect(answer).toEqual({ status: 400, message: expect.stringContaining(says) });
      expect(answer.message).not.toMatch(/4111/);
    });

    it('PAYMENTS_FAULT=unreachable: 503 "We couldn\'t contact the payment provider right now..."', async () => {
      vi.stubEnv('PAYMENTS_FAULT', 'unreachable');
      const response = await app('/bt/tokenize', fromShop(good));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 503,
        message: "We couldn't contact the payment provider right now. Please pay using Visa or Mastercard.",
      });
    });
  });

  describe('POST /wallets/tokenize', () => {
    it.each([
      ['apple_pay', 'fake-apple-pay-visa-nonce', { cardType: 'Apple Pay - Visa', lastFour: '1881' }],
      ['google_pay', 'fake-android-pay-nonce', { cardType: 'Google Pay', lastFour: '1111' }],
    ])('%s answers %s, privately', async (wallet, nonce, details) => {
      const response = await app('/wallets/tokenize', fromShop({ wallet }));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(await response.json()).toEqual({ nonce, details });
    });

    it.each([
      ['not JSON', '{wallet: apple', 'Send JSON'],
      ['no wallet', {}, 'apple_pay or google_pay'],
      ['another wallet', { wallet: 'samsung_pay' }, 'apple_pay or google_pay'],
    ])('%s: a 400 that says what to send', async (_name, body, says) => {
      const response = await app('/wallets/tokenize', fromShop(body));
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(says);
    });

    it('spec 8: PAYMENTS_FAULT=unreachable: 503 "We couldn\'t contact the payment provider..."', async () => {
      vi.stubEnv('PAYMENTS_FAULT', 'unreachable');
      const response = await app('/wallets/tokenize', fromShop({ wallet: 'apple_pay' }));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 503, message: MESSAGES.providerUnreachable });
    });
  });

  describe('POST /paypal/payments', () => {
    it('creates a 3-hour payment and names its approval page on the sandbox origin', async () => {
      const before = Date.now();
      const response = await app('/paypal/payments', fromShop({ ...order, credit: true }));
      expect(response.status).toBe(201);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const body = await response.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^PAYID-/),
        approvalUrl: `http://sandbox.test/paypal/approve?id=${body.id}`,
      });
      const [row] = await db().select().from(sessions).where(eq(sessions.id, body.id));
      expect(row).toMatchObject({
        provider: 'paypal',
        amountMinor: 3000,
        currency: 'GBP',
        status: 'created',
        authToken: null,
        details: { credit: true, flow: 'checkout', returnUrl: `${SHOP}/checkout?pm=paypal` },
      });
      const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
      expect(lifetime).toBeGreaterThan(3 * 3600_000 - 60_000);
      expect(lifetime).toBeLessThanOrEqual(3 * 3600_000 + 60_000);
    });

    it.each([
      ['another site', 'https://evil.example/checkout', 'shop origin this sandbox serves'],
      ['a protocol-relative URL', '//evil.example/checkout', "the shop's checkout URL"],
      ['a backslash trick', `${SHOP}\\@evil.example/checkout`, "the shop's checkout URL"],
      ['a relative path', '/checkout?pm=paypal', "the shop's checkout URL"],
      ['a script', 'javascript:alert(1)', "the shop's checkout URL"],
    ])('a return URL to %s is refused with a 400, and nothing is created', async (_name, returnUrl, says) => {
      const count = (await db().select().from(sessions)).length;
      const response = await app('/paypal/payments', fromShop({ ...order, returnUrl }));
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(says);
      expect(await db().select().from(sessions)).toHaveLength(count);
    });

    it.each([
      ['not JSON', '{amountMinor: 3000', 'Send JSON'],
      ['no amount', { ...order, amountMinor: undefined }, 'amountMinor'],
      ['pounds, not pence', { ...order, amountMinor: 30.5 }, 'whole number of pence'],
      ['a zero amount', { ...order, amountMinor: 0 }, 'more than zero'],
      ['dollars', { ...order, currency: 'USD' }, 'GBP or EUR'],
      ['an unknown flow', { ...order, flow: 'subscription' }, 'checkout or vault'],
    ])('%s: a 400 that says what to send', async (_name, body, says) => {
      const response = await app('/paypal/payments', fromShop(body));
      expect(response.status).toBe(400);
      expect((await response.json()).message).toContain(says);
    });

    it('spec 8: PAYMENTS_FAULT=unreachable fails the create call with "We couldn\'t contact the payment provider..."', async () => {
      vi.stubEnv('PAYMENTS_FAULT', 'unreachable');
      const count = (await db().select().from(sessions)).length;
      const response = await app('/paypal/payments', fromShop(order));
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 503, message: MESSAGES.providerUnreachable });
      expect(await db().select().from(sessions)).toHaveLength(count);
    });
  });
});
