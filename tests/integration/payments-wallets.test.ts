/**
 * The sandbox's Apple Pay and Google Pay sheet call (PAYMENTS.md "PayPal, Apple Pay, Google Pay"):
 * POST /sandbox/wallets/tokenize answers the documented fake nonce for each wallet, and the sale's
 * outcome is the amount's doing, as in Braintree's sandbox (2000.00: processor declined 2000).
 */
import { randomUUID } from 'node:crypto';
import type { APIContext } from 'astro';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { describePaymentFailure } from '../../src/domain/payment-outcome';
import type { Database } from '../../src/server/db/client';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';

const { POST } = await import('../../src/sandbox/routes/wallets/tokenize');

function post(body: unknown): Promise<Response> {
  const url = 'http://localhost/sandbox/wallets/tokenize';
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const request = new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  return Promise.resolve(POST({ request, url: new URL(url) } as unknown as APIContext));
}

const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' as const });

describe('POST /sandbox/wallets/tokenize', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['apple_pay', 'fake-apple-pay-visa-nonce', { cardType: 'Apple Pay - Visa', lastFour: '1881' }],
    ['google_pay', 'fake-android-pay-nonce', { cardType: 'Google Pay', lastFour: '1111' }],
  ])('%s answers %s, privately', async (wallet, nonce, details) => {
    const response = await post({ wallet });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({ nonce, details });
  });

  it.each([
    ['not JSON', '{wallet: apple', 'Send JSON'],
    ['no wallet', {}, 'apple_pay or google_pay'],
    ['another wallet', { wallet: 'samsung_pay' }, 'apple_pay or google_pay'],
  ])('%s: a 400 that says what to send', async (_name, body, says) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain(says);
  });

  it('spec 8: PAYMENTS_FAULT=unreachable: 503 "We couldn\'t contact the payment provider..."', async () => {
    vi.stubEnv('PAYMENTS_FAULT', 'unreachable');
    const response = await post({ wallet: 'apple_pay' });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 503, message: MESSAGES.providerUnreachable });
  });
});

describe.each(embedded)('device wallet sales on $name', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it.each([
    ['fake-apple-pay-visa-nonce', 'Apple Pay - Visa'],
    ['fake-android-pay-nonce', 'Google Pay'],
  ])('spec 8: %s authorises at 30.00 and is declined "Do Not Honor" at 2000.00', async (nonce, cardType) => {
    const provider = createSandboxProvider(database.db, { env: {} });
    const paid = await provider.authorise({
      nonce,
      amount: gbp(3000),
      idempotencyKey: `wallet-${randomUUID()}`,
      reference: 'w1',
    });
    expect(paid).toMatchObject({ kind: 'authorised', instrument: { cardType } });
    const declined = await provider.authorise({
      nonce,
      amount: gbp(200000),
      idempotencyKey: `wallet-${randomUUID()}`,
      reference: 'w2',
    });
    expect(declined).toMatchObject({ kind: 'processorDeclined', code: '2000', text: 'Do Not Honor' });
    expect(describePaymentFailure(declined as { kind: 'processorDeclined'; reason: 'declinedByBank' })).toEqual({
      message: MESSAGES.paymentDidNotGoThrough,
      reason: CARD_REASONS.declinedByBank,
    });
  });
});
