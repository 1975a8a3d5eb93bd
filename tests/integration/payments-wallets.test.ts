/**
 * Apple Pay and Google Pay sales through the shop's provider (PAYMENTS.md "PayPal, Apple Pay, Google
 * Pay"): the sale's outcome with the wallets' documented fake nonces is the amount's doing, as in
 * Braintree's sandbox (2000.00: processor declined 2000). The sheet's own call, POST
 * /wallets/tokenize: sandbox/tests/browser-calls.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { describePaymentFailure } from '../../src/domain/payment-outcome';
import type { Database } from '../../src/server/db/client';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';

const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' as const });

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
