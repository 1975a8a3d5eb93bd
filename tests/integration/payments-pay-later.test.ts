/**
 * Klarna (pay in 3) and Clearpay (pay in 4) through their sandboxes and providers (decision 016;
 * PAYMENTS.md): the playground shoppers and codes approve or deny as documented, an approval pays
 * once and only its own amount, the providers' limits hold, capture and void move the money, the
 * fault switch reaches them, and Clearpay's configuration is cached for 15 minutes.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cancelClearpayCheckout,
  createClearpayCheckout,
  payClearpayByCard,
  retrieveClearpayConfiguration,
  verifyClearpaySms,
} from '../../sandbox/clearpay';
import { sessions as sandboxSessions, transactions as sandboxTransactions } from '../../sandbox/db/schema';
import {
  cancelKlarnaSession,
  confirmKlarnaCode,
  createKlarnaSession,
  identifyKlarnaShopper,
  KLARNA_PAGE_COPY,
} from '../../sandbox/klarna';
import { GatewayTimeout, GatewayUnreachable } from '../../sandbox/network';
import { payLaterSale } from '../../sandbox/pay-later-sales';
import { MESSAGES } from '../../src/domain/messages';
import { describePaymentFailure } from '../../src/domain/payment-outcome';
import type { Database } from '../../src/server/db/client';
import type { PaymentProvider } from '../../src/server/payments';
import { CLEARPAY_CONFIGURATION_TTL_MS, forgetClearpayConfiguration } from '../../src/server/payments/clearpay';
import { sandboxDb } from '../fixtures/sandbox-database';
import { createSandboxClearpayProvider, createSandboxKlarnaProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';

const quiet = {};
const unreachable = { PAYMENTS_FAULT: 'unreachable' };
const newKey = () => `pay-later-${randomUUID()}`;
const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' as const });

/** The return URL's query, as the checkout reads it (the provider's page sends the shopper to the shop). */
function returned(location: string) {
  const url = new URL(location);
  expect(url.origin).toBe('http://shop.test');
  return {
    path: url.pathname,
    method: url.searchParams.get('pm'),
    status: url.searchParams.get('pm_status'),
    token: url.searchParams.get('pm_token'),
  };
}

describe.each(embedded)('Klarna and Clearpay sandboxes on $name', (engine) => {
  let database: Database;
  let klarna: PaymentProvider;
  let clearpay: PaymentProvider;

  beforeAll(async () => {
    database = await engine.open();
    klarna = createSandboxKlarnaProvider(database.db, { env: quiet });
    clearpay = createSandboxClearpayProvider(database.db, { env: quiet });
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(() => forgetClearpayConfiguration());

  const order = (amountMinor: number) => ({
    amountMinor,
    currency: 'GBP',
    orderLines: [{ name: 'Spa day for two', quantity: 1, totalMinor: amountMinor }],
    returnUrl: 'http://shop.test/checkout?pm=klarna',
  });

  async function klarnaSession(amountMinor: number): Promise<string> {
    const answer = await createKlarnaSession(sandboxDb(database.db), order(amountMinor), { env: quiet });
    if (!answer.ok) throw new Error(`Klarna refused ${amountMinor}: ${answer.text}`);
    return answer.sessionId;
  }

  /** The shopper's steps on Klarna's page; answers where Klarna sends them back. */
  async function approveAtKlarna(sessionId: string, email = 'customer+gb@klarna.com', code = '123456') {
    expect(await identifyKlarnaShopper(sandboxDb(database.db), sessionId, email)).toEqual({ kind: 'step' });
    const answer = await confirmKlarnaCode(sandboxDb(database.db), sessionId, code);
    if (answer.kind !== 'return') throw new Error(`Klarna did not finish: ${JSON.stringify(answer)}`);
    return returned(answer.location);
  }

  async function approvedKlarnaToken(amountMinor: number): Promise<string> {
    const back = await approveAtKlarna(await klarnaSession(amountMinor));
    if (back.token === null) throw new Error('no authorization token');
    return back.token;
  }

  const pay = (provider: PaymentProvider, nonce: string, amountMinor: number, idempotencyKey = newKey()) =>
    provider.authorise({ nonce, amount: gbp(amountMinor), idempotencyKey, reference: 'order-test' });

  async function transaction(id: string) {
    const [row] = await database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, id));
    return row;
  }

  describe('Klarna playground', () => {
    it('PAYMENTS.md: customer+gb@klarna.com with any 6-digit code is approved and pays once, as Klarna', async () => {
      const sessionId = await klarnaSession(60_00);
      const back = await approveAtKlarna(sessionId);
      expect(back).toMatchObject({ path: '/checkout', method: 'klarna', status: 'approved' });
      expect(back.token).toMatch(/^[0-9a-f-]{36}$/);

      const result = await pay(klarna, back.token ?? '', 60_00);
      expect(result).toMatchObject({
        kind: 'authorised',
        instrument: { cardType: 'Klarna', lastFour: null, expiryMonth: null, expiryYear: null },
      });
      if (result.kind !== 'authorised') throw new Error('not authorised');
      expect(await transaction(result.transactionId)).toMatchObject({
        provider: 'klarna',
        amountMinor: 60_00,
        status: 'authorized',
      });
      const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, sessionId));
      expect(session?.status).toBe('consumed');
    });

    it('PAYMENTS.md: customer+gb+denied@klarna.com is denied: back with pm_status=denied and no token', async () => {
      const back = await approveAtKlarna(await klarnaSession(60_00), 'customer+gb+denied@klarna.com');
      expect(back).toEqual({ path: '/checkout', method: 'klarna', status: 'denied', token: null });
    });

    it("PAYMENTS.md: code 999999 fails on Klarna's page; the shopper tries again and is approved", async () => {
      const sessionId = await klarnaSession(60_00);
      await identifyKlarnaShopper(sandboxDb(database.db), sessionId, 'customer+gb@klarna.com');
      expect(await confirmKlarnaCode(sandboxDb(database.db), sessionId, '999999')).toEqual({
        kind: 'error',
        field: 'code',
        message: KLARNA_PAGE_COPY.codeFailed,
      });
      expect(await confirmKlarnaCode(sandboxDb(database.db), sessionId, '12345')).toMatchObject({
        kind: 'error',
        field: 'code',
      });
      const again = await confirmKlarnaCode(sandboxDb(database.db), sessionId, '424242');
      expect(again.kind === 'return' && returned(again.location).status).toBe('approved');
    });

    it('an email that is not one refuses step 1 with a message, and keeps the shopper there', async () => {
      const sessionId = await klarnaSession(60_00);
      expect(await identifyKlarnaShopper(sandboxDb(database.db), sessionId, 'customer')).toEqual({
        kind: 'error',
        field: 'email',
        message: KLARNA_PAGE_COPY.emailInvalid,
      });
    });

    it('spec 8: a token for another amount is refused ("Sorry please try a different payment method."), and the approval still pays its own amount', async () => {
      const token = await approvedKlarnaToken(60_00);
      const wrong = await pay(klarna, token, 59_99);
      expect(wrong).toMatchObject({ kind: 'gatewayRejected', code: 'amount_mismatch' });
      expect(describePaymentFailure(wrong)).toEqual({ message: MESSAGES.tryDifferentMethod, reason: null });
      expect(await pay(klarna, token, 60_00)).toMatchObject({ kind: 'authorised' });
    });

    it('PAYMENTS.md single use: a second payment with the token is refused; the same key replays the first', async () => {
      const token = await approvedKlarnaToken(80_00);
      const key = newKey();
      const first = await pay(klarna, token, 80_00, key);
      const replay = await pay(klarna, token, 80_00, key);
      expect(replay).toEqual(first);
      const second = await pay(klarna, token, 80_00);
      expect(second).toMatchObject({ kind: 'gatewayRejected', code: 'token_used' });
      const [charges] = await database.db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.idempotencyKey, key));
      expect(charges?.status).toBe('authorized');
    });

    it('a token nobody approved is refused', async () => {
      expect(await pay(klarna, randomUUID(), 60_00)).toMatchObject({ kind: 'gatewayRejected', code: 'unknown_token' });
    });

    it('an approval used after it expired (60 minutes) is refused', async () => {
      const token = await approvedKlarnaToken(60_00);
      const later = new Date(Date.now() + 61 * 60 * 1000);
      const answer = await payLaterSale(
        sandboxDb(database.db),
        'klarna',
        { token, amountMinor: 60_00, currency: 'GBP', idempotencyKey: newKey() },
        later,
      );
      expect(answer).toMatchObject({ status: 'rejected', code: 'expired' });
    });

    it('PAYMENTS.md: "Cancel" returns with pm_status=cancelled; the session is over', async () => {
      const sessionId = await klarnaSession(60_00);
      const cancelled = await cancelKlarnaSession(sandboxDb(database.db), sessionId);
      expect(cancelled.kind === 'return' && returned(cancelled.location)).toEqual({
        path: '/checkout',
        method: 'klarna',
        status: 'cancelled',
        token: null,
      });
      expect(await identifyKlarnaShopper(sandboxDb(database.db), sessionId, 'customer+gb@klarna.com')).toEqual({
        kind: 'ended',
      });
    });

    it.each([
      [24_99, false],
      [25_00, true],
      [4000_00, true],
      [4000_01, false],
    ])("PAYMENTS.md Klarna's UK limits: a session of %i pence is opened: %s", async (amountMinor, opened) => {
      const answer = await createKlarnaSession(sandboxDb(database.db), order(amountMinor), { env: quiet });
      expect(answer.ok).toBe(opened);
      if (!answer.ok) expect(answer.code).toBe('amount_outside_limits');
    });

    it("orderAmountLimits: Klarna's UK limits for GBP, none for EUR", async () => {
      expect(await klarna.orderAmountLimits?.('GBP')).toEqual({ minMinor: 25_00, maxMinor: 4000_00 });
      expect(await klarna.orderAmountLimits?.('EUR')).toBeNull();
    });

    it('capture submits the authorisation for settlement (twice is harmless); void releases another', async () => {
      const captured = await pay(klarna, await approvedKlarnaToken(30_00), 30_00);
      const voided = await pay(klarna, await approvedKlarnaToken(31_00), 31_00);
      if (captured.kind !== 'authorised' || voided.kind !== 'authorised') throw new Error('not authorised');
      await klarna.capture(captured.transactionId, newKey());
      await klarna.capture(captured.transactionId, newKey());
      await klarna.void(voided.transactionId, newKey());
      await klarna.void(voided.transactionId, newKey());
      expect((await transaction(captured.transactionId))?.status).toBe('submitted_for_settlement');
      expect((await transaction(voided.transactionId))?.status).toBe('voided');
      await expect(klarna.capture(voided.transactionId, newKey())).rejects.toMatchObject({ code: 'invalidState' });
      await expect(klarna.void(randomUUID(), newKey())).rejects.toMatchObject({ code: 'notFound' });
    });

    it('PAYMENTS_FAULT: an unreachable Klarna opens no session and pays nothing ("We couldn\'t contact the payment provider right now...")', async () => {
      await expect(
        createKlarnaSession(sandboxDb(database.db), order(60_00), { env: unreachable }),
      ).rejects.toBeInstanceOf(GatewayUnreachable);
      const token = await approvedKlarnaToken(60_00);
      const offline = createSandboxKlarnaProvider(database.db, { env: unreachable });
      const result = await pay(offline, token, 60_00);
      expect(result.kind).toBe('unreachable');
      expect(describePaymentFailure(result).message).toBe(MESSAGES.providerUnreachable);
      const slow = createSandboxKlarnaProvider(database.db, { env: { PAYMENTS_FAULT: 'timeout' } });
      expect((await pay(slow, token, 60_00)).kind).toBe('noResponse');
      // Nothing was consumed: the approval still pays once Klarna answers.
      expect(await pay(klarna, token, 60_00)).toMatchObject({ kind: 'authorised' });
      await expect(offline.capture(randomUUID(), newKey())).rejects.toMatchObject({ code: 'unreachable' });
    });
  });

  describe('Clearpay sandbox', () => {
    async function clearpayCheckout(amountMinor: number): Promise<string> {
      const answer = await createClearpayCheckout(
        sandboxDb(database.db),
        { ...order(amountMinor), returnUrl: 'http://shop.test/checkout?pm=clearpay' },
        { env: quiet },
      );
      if (!answer.ok) throw new Error(`Clearpay refused ${amountMinor}: ${answer.text}`);
      // The sandbox's default browser origin (sandbox/settings.ts): no SANDBOX_PUBLIC_URL in `quiet`.
      expect(answer.redirectCheckoutUrl).toBe(`http://localhost:4322/clearpay/checkout/${answer.token}`);
      return answer.token;
    }

    const card = (cvv: string) => ({ number: '4111 1111 1111 1111', expiry: '12/35', cvv });

    async function atClearpay(token: string, cvv: string) {
      expect(await verifyClearpaySms(sandboxDb(database.db), token, '111111')).toEqual({ kind: 'step' });
      const answer = await payClearpayByCard(sandboxDb(database.db), token, card(cvv));
      if (answer.kind !== 'return') throw new Error(`Clearpay did not finish: ${JSON.stringify(answer)}`);
      return returned(answer.location);
    }

    it('PAYMENTS.md: SMS code 111111 and CVV 000 approve; the order token pays once, as Clearpay', async () => {
      const token = await clearpayCheckout(60_00);
      const back = await atClearpay(token, '000');
      expect(back).toEqual({ path: '/checkout', method: 'clearpay', status: 'approved', token });
      const result = await pay(clearpay, token, 60_00);
      expect(result).toMatchObject({ kind: 'authorised', instrument: { cardType: 'Clearpay', lastFour: null } });
      if (result.kind !== 'authorised') throw new Error('not authorised');
      expect(await transaction(result.transactionId)).toMatchObject({ provider: 'clearpay', status: 'authorized' });
      expect(await pay(clearpay, token, 60_00)).toMatchObject({ kind: 'gatewayRejected', code: 'token_used' });
      // A Clearpay token means nothing to Klarna.
      expect(await pay(klarna, token, 60_00)).toMatchObject({ kind: 'gatewayRejected', code: 'unknown_token' });
    });

    it('PAYMENTS.md: CVV 051 declines: back with pm_status=declined and nothing to pay with', async () => {
      const token = await clearpayCheckout(60_00);
      const back = await atClearpay(token, '051');
      expect(back).toEqual({ path: '/checkout', method: 'clearpay', status: 'declined', token: null });
      const result = await pay(clearpay, token, 60_00);
      expect(result).toMatchObject({ kind: 'gatewayRejected', code: 'unknown_token' });
      expect(describePaymentFailure(result).message).toBe(MESSAGES.tryDifferentMethod);
    });

    it('PAYMENTS.md: any SMS code but 111111 fails on the page; the card waits until it passes', async () => {
      const token = await clearpayCheckout(60_00);
      expect(await verifyClearpaySms(sandboxDb(database.db), token, '123456')).toMatchObject({
        kind: 'error',
        errors: { code: expect.stringContaining('incorrect') },
      });
      // A card posted before the code is not taken.
      expect(await payClearpayByCard(sandboxDb(database.db), token, card('000'))).toEqual({ kind: 'step' });
      expect(await verifyClearpaySms(sandboxDb(database.db), token, '111111')).toEqual({ kind: 'step' });
    });

    it('a card typed wrongly is refused field by field on the page, and nothing is kept of it', async () => {
      const token = await clearpayCheckout(60_00);
      await verifyClearpaySms(sandboxDb(database.db), token, '111111');
      const answer = await payClearpayByCard(sandboxDb(database.db), token, {
        number: '4111 1111 1111 1112',
        expiry: '01/20',
        cvv: '',
      });
      expect(answer).toMatchObject({
        kind: 'error',
        errors: { number: expect.any(String), expiry: expect.any(String), cvv: expect.any(String) },
      });
      const [row] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, token));
      expect(JSON.stringify(row)).not.toContain('4111');
      expect(row?.status).toBe('created');
    });

    it('"Cancel" returns with pm_status=cancelled', async () => {
      const token = await clearpayCheckout(60_00);
      const answer = await cancelClearpayCheckout(sandboxDb(database.db), token);
      expect(answer.kind === 'return' && returned(answer.location).status).toBe('cancelled');
    });

    it.each([
      [99, false],
      [1_00, true],
      [1200_00, true],
      [1200_01, false],
    ])("PAYMENTS.md the merchant's limits: a checkout of %i pence is opened: %s", async (amountMinor, opened) => {
      const answer = await createClearpayCheckout(sandboxDb(database.db), order(amountMinor), { env: quiet });
      expect(answer.ok).toBe(opened);
    });

    it('the configuration call answers the merchant minimum and maximum, as Clearpay does', async () => {
      expect(await retrieveClearpayConfiguration({ env: quiet })).toEqual({
        minimumAmount: { amount: '1.00', currency: 'GBP' },
        maximumAmount: { amount: '1200.00', currency: 'GBP' },
      });
      expect(await clearpay.orderAmountLimits?.('GBP')).toEqual({ minMinor: 1_00, maxMinor: 1200_00 });
      expect(await clearpay.orderAmountLimits?.('EUR')).toBeNull();
    });

    it('the configuration is kept for 15 minutes: an outage inside them changes nothing, after them it withholds Clearpay', async () => {
      let now = 1_000_000;
      const clock = () => now;
      const online = createSandboxClearpayProvider(database.db, { env: quiet, clock });
      const offline = createSandboxClearpayProvider(database.db, { env: unreachable, clock });
      expect(await offline.orderAmountLimits?.('GBP')).toBeNull();
      expect(await online.orderAmountLimits?.('GBP')).toEqual({ minMinor: 1_00, maxMinor: 1200_00 });
      now += CLEARPAY_CONFIGURATION_TTL_MS - 1;
      expect(await offline.orderAmountLimits?.('GBP')).toEqual({ minMinor: 1_00, maxMinor: 1200_00 });
      now += 1;
      expect(await offline.orderAmountLimits?.('GBP')).toBeNull();
      // A failure is not remembered: the next call that reaches Clearpay has the limits again.
      expect(await online.orderAmountLimits?.('GBP')).toEqual({ minMinor: 1_00, maxMinor: 1200_00 });
    });

    it('PAYMENTS_FAULT: an unreachable Clearpay opens no checkout and authorises nothing', async () => {
      await expect(
        createClearpayCheckout(sandboxDb(database.db), order(60_00), { env: unreachable }),
      ).rejects.toBeInstanceOf(GatewayUnreachable);
      await expect(
        createClearpayCheckout(sandboxDb(database.db), order(60_00), { env: { PAYMENTS_FAULT: 'timeout' } }),
      ).rejects.toBeInstanceOf(GatewayTimeout);
      const token = await clearpayCheckout(45_00);
      await atClearpay(token, '000');
      const offline = createSandboxClearpayProvider(database.db, { env: unreachable });
      expect(await pay(offline, token, 45_00)).toMatchObject({ kind: 'unreachable' });
      expect(await pay(clearpay, token, 45_00)).toMatchObject({ kind: 'authorised' });
    });

    it('capture and void, as for Klarna', async () => {
      const first = await clearpayCheckout(20_00);
      await atClearpay(first, '000');
      const second = await clearpayCheckout(21_00);
      await atClearpay(second, '000');
      const captured = await pay(clearpay, first, 20_00);
      const voided = await pay(clearpay, second, 21_00);
      if (captured.kind !== 'authorised' || voided.kind !== 'authorised') throw new Error('not authorised');
      await clearpay.capture(captured.transactionId, newKey());
      await clearpay.void(voided.transactionId, newKey());
      expect((await transaction(captured.transactionId))?.status).toBe('submitted_for_settlement');
      expect((await transaction(voided.transactionId))?.status).toBe('voided');
      // One provider never moves another's transaction.
      await expect(klarna.void(captured.transactionId, newKey())).rejects.toMatchObject({ code: 'notFound' });
    });
  });
});
