/**
 * The card payment path (PAYMENTS.md; decision 013): every documented test card and amount, tokenised,
 * authenticated with its issuer (PAYMENTS.md "3-D Secure 2", decision 043) and authorised through the
 * sandbox provider, gives the documented outcome and, through describePaymentFailure, the spec 8
 * message a shopper would see.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenise } from '../../sandbox';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { describePaymentFailure } from '../../src/domain/payment-outcome';
import type { Database } from '../../src/server/db/client';
import type { PaymentProvider } from '../../src/server/payments';
import { sandboxDb } from '../fixtures/sandbox-database';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { authenticateCard } from './support/card-in-browser';

/** A quiet environment: no fault switch, every brand taken. */
const env = {};
const newKey = () => `test-key-${randomUUID()}`;

describe.each(embedded)('card payments through the sandbox provider on $name', (engine) => {
  let database: Database;
  let provider: PaymentProvider;

  beforeAll(async () => {
    database = await engine.open();
    provider = createSandboxProvider(database.db, { env });
  });
  afterAll(async () => {
    await database.close();
  });

  async function nonceFor(number: string, extra: { cvv?: string; postcode?: string; expiryYear?: number } = {}) {
    const result = await tokenise(
      sandboxDb(database.db),
      {
        number,
        expiryMonth: 12,
        expiryYear: extra.expiryYear ?? 2031,
        cvv: extra.cvv ?? '123',
        postcode: extra.postcode,
      },
      { env },
    );
    if (!result.ok) throw new Error(`tokenise refused ${number}: ${result.message}`);
    return result.nonce;
  }

  /** A tokenised card is authenticated for the amount first, as the checkout does; the test nonces need none. */
  async function pay(nonce: string, amountMinor = 2500) {
    const authentication = nonce.startsWith('fake-')
      ? undefined
      : await authenticateCard(nonce, { amountMinor }, { db: database.db });
    return provider.authorise({
      nonce,
      amount: { amountMinor, currency: 'GBP' },
      idempotencyKey: newKey(),
      reference: 'order-test',
      threeDSecureAuthenticationId: authentication?.authenticationId,
    });
  }

  it.each([
    ['4111111111111111', 'Visa', '1111'],
    ['4005519200000004', 'Visa', '0004'],
    ['4012888888881881', 'Visa', '1881'],
    ['5555555555554444', 'Mastercard', '4444'],
    ['2223000048400011', 'Mastercard', '0011'],
    ['378282246310005', 'American Express', '0005'],
    ['371449635398431', 'American Express', '8431'],
    ['6011000991300009', 'Discover', '0009'],
    ['3530111333300000', 'JCB', '0000'],
    ['6304000000000000', 'Maestro', '0000'],
    ['4000000000002701', 'Visa', '2701'],
    ['5200000000002235', 'Mastercard', '2235'],
    ['4000000000002719', 'Visa', '2719'],
    ['4242424242424242', 'Visa', '4242'],
  ])('PAYMENTS.md: %s (%s) authorises and shows only its brand and last four', async (number, cardType, lastFour) => {
    const result = await pay(await nonceFor(number, { cvv: cardType === 'American Express' ? '1234' : '123' }));
    expect(result).toMatchObject({
      kind: 'authorised',
      transactionId: expect.stringMatching(/^[0-9a-z]{8}$/),
      instrument: { cardType, lastFour, expiryMonth: '12', expiryYear: '2031' },
    });
  });

  it.each([
    ['4000111111111115', 'processorDeclined', '2000', 'declinedByBank'],
    ['5105105105105100', 'processorDeclined', '2000', 'declinedByBank'],
    ['378734493671000', 'processorDeclined', '2000', 'declinedByBank'],
    ['6011000990139424', 'processorDeclined', '2000', 'declinedByBank'],
    // The issuer's authentication failed, or is unavailable: refused before any sale (decision 043).
    ['4000000000002925', 'processorDeclined', 'three_d_secure_not_authenticated', 'cannotAuthenticate'],
    ['4000000000002313', 'processorDeclined', 'three_d_secure_not_authenticated', 'cannotAuthenticate'],
    ['4111111111111112', 'invalidInstrument', '81715', 'checkDetails'],
  ] as const)('PAYMENTS.md: card %s fails verification: %s %s, "%s"', async (number, kind, code, reason) => {
    const result = await pay(await nonceFor(number));
    expect(result).toMatchObject({ kind, code, reason });
    expect(describePaymentFailure(result)).toEqual({
      message: MESSAGES.paymentDidNotGoThrough,
      reason: CARD_REASONS[reason],
    });
  });

  it('PAYMENTS.md: the fraud card 4000111111111511 is gateway rejected: "Sorry please try a different payment method."', async () => {
    const result = await pay(await nonceFor('4000111111111511'));
    expect(result).toMatchObject({ kind: 'gatewayRejected', code: 'fraud' });
    expect(describePaymentFailure(result)).toEqual({ message: MESSAGES.tryDifferentMethod, reason: null });
  });

  it.each([
    ['CVV 200', { cvv: '200' }, 'cvv', 'checkDetails'],
    ['billing postcode 20000', { postcode: '20000' }, 'avs', 'billingAddress'],
    ['an expiry in the past', { expiryYear: 2020 }, '81710', 'cardExpired'],
  ] as const)('PAYMENTS.md field check: %s fails with its own reason', async (_name, extra, code, reason) => {
    const result = await pay(await nonceFor('4111111111111111', extra));
    expect(result).toMatchObject({ kind: 'invalidInstrument', code, reason });
  });

  it('PAYMENTS.md: a billing postcode of 20000 sent with the sale fails as the billing address', async () => {
    const nonce = await nonceFor('4111111111111111');
    const { authenticationId } = await authenticateCard(nonce, { amountMinor: 2500 }, { db: database.db });
    const result = await provider.authorise({
      nonce,
      amount: { amountMinor: 2500, currency: 'GBP' },
      idempotencyKey: newKey(),
      reference: 'order-test',
      billingPostcode: '20000',
      threeDSecureAuthenticationId: authenticationId,
    });
    expect(result).toMatchObject({ kind: 'invalidInstrument', reason: 'billingAddress' });
  });

  it.each([
    [1, 'authorised', null, null],
    [199999, 'authorised', null, null],
    [200000, 'processorDeclined', '2000', 'Do Not Honor'],
    [200100, 'processorDeclined', '2001', 'Insufficient Funds'],
    [200400, 'processorDeclined', '2004', 'Expired Card'],
    [201000, 'processorDeclined', '2010', 'Card Issuer Declined CVV'],
    [209900, 'processorDeclined', '2099', 'Cardholder Authentication Required'],
    [299999, 'processorDeclined', '2999', 'Processor Declined'],
    [300000, 'noResponse', '3000', 'Processor Network Unavailable - Try Again'],
    [300099, 'noResponse', '3000', 'Processor Network Unavailable - Try Again'],
    [300100, 'authorised', null, null],
    [400099, 'authorised', null, null],
    [500100, 'gatewayRejected', 'application_incomplete', 'Application Incomplete'],
    [500101, 'authorised', null, null],
  ])('PAYMENTS.md amount table: %i pence on a good card -> %s %s', async (amountMinor, kind, code, text) => {
    const result = await pay(await nonceFor('4111111111111111'), amountMinor);
    expect(result.kind).toBe(kind);
    if (code !== null) expect(result).toMatchObject({ code, text });
  });

  it.each([
    [200000, CARD_REASONS.declinedByBank],
    [200100, CARD_REASONS.declinedByBank],
    [200400, CARD_REASONS.cardExpired],
    [201000, CARD_REASONS.checkDetails],
    [209900, CARD_REASONS.cannotAuthenticate],
  ])('spec 8: a decline at %i pence tells the shopper "did not go through" and why', async (amountMinor, reason) => {
    const result = await pay(await nonceFor('5555555555554444'), amountMinor);
    expect(describePaymentFailure(result)).toEqual({ message: MESSAGES.paymentDidNotGoThrough, reason });
  });

  it('spec 8: 3000 (network unavailable) reads "didn\'t get a response from your Bank"', async () => {
    const result = await pay(await nonceFor('4111111111111111'), 300000);
    expect(describePaymentFailure(result).message).toBe(MESSAGES.bankNoResponse);
  });

  it('PAYMENTS.md: 5001.01 is PayPal\'s decline 2038, "PayPal rejected the transaction"', async () => {
    const result = await pay('fake-paypal-one-time-nonce', 500101);
    expect(result).toMatchObject({ kind: 'processorDeclined', code: '2038', reason: 'paypalRejected' });
    expect(describePaymentFailure(result).reason).toBe(CARD_REASONS.paypalRejected);
    expect(await pay('fake-paypal-one-time-nonce', 2500)).toMatchObject({
      kind: 'authorised',
      instrument: { cardType: 'PayPal', lastFour: null },
    });
  });
});
