/**
 * PayPal through the shop's provider (PAYMENTS.md "PayPal, Apple Pay, Google Pay"; spec 8 messages):
 * the approval's nonce bound to the approved amount and used once, PayPal's 5001.01 decline, an
 * expired approval, and an order paid with PayPal Credit. The sandbox's own side (the create call,
 * the approval page, approve and cancel): sandbox/tests/paypal.test.ts and browser-calls.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvePayPalPayment, cancelPayPalPayment, createPayPal, findPayPalPayment } from '../../sandbox';
import { sessions as sandboxSessions } from '../../sandbox/db/schema';
import { seedCatalogue } from '../../scripts/seed';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { describePaymentFailure } from '../../src/domain/payment-outcome';
import type { Database } from '../../src/server/db/client';
import { orders } from '../../src/server/db/schema';
import { placeOrder } from '../../src/server/orders';
import { singleProvider } from '../../src/server/payments';
import { createBuyers, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { sandboxDb } from '../fixtures/sandbox-database';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { TEST_ADDRESS } from './support/posted-order';

const order = {
  amountMinor: 3000,
  currency: 'GBP',
  credit: false,
  flow: 'checkout',
  returnUrl: 'http://localhost:4321/checkout?pm=paypal',
} as const;
const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' as const });
const newKey = () => `paypal-test-${randomUUID()}`;

/** The token on a return URL the approval page sends the shopper to. */
function tokenOf(redirectTo: string): string {
  const token = new URL(redirectTo).searchParams.get('pm_token');
  if (!token) throw new Error(`no pm_token in ${redirectTo}`);
  return token;
}

describe.each(embedded)('the PayPal sandbox on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database.close();
  });

  async function approved(amountMinor: number, email = 'sb-buyer@personal.example.com') {
    const payment = await createPayPal(sandboxDb(database.db), {
      ...order,
      amountMinor,
      currency: 'GBP',
      flow: 'checkout',
    });
    const decision = await approvePayPalPayment(sandboxDb(database.db), { id: payment.id, email });
    if (!decision.ok) throw new Error(`approval refused: ${decision.problem}`);
    return { payment, nonce: tokenOf(decision.redirectTo), redirectTo: decision.redirectTo };
  }

  it('a sale with the approval nonce authorises as PayPal with the buyer email, once', async () => {
    const provider = createSandboxProvider(database.db, { env: {} });
    const { payment, nonce } = await approved(4250, 'grace@example.co.uk');
    const first = await provider.authorise({ nonce, amount: gbp(4250), idempotencyKey: newKey(), reference: 'p1' });
    expect(first).toMatchObject({
      kind: 'authorised',
      instrument: { cardType: 'PayPal', lastFour: null, email: 'grace@example.co.uk' },
    });
    const second = await provider.authorise({ nonce, amount: gbp(4250), idempotencyKey: newKey(), reference: 'p1' });
    expect(second).toMatchObject({ kind: 'invalidInstrument', code: '93107' });
    const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, payment.id));
    expect(session?.status).toBe('consumed');
    // Paid with: the approval page no longer takes it.
    expect(
      await approvePayPalPayment(sandboxDb(database.db), { id: payment.id, email: 'grace@example.co.uk' }),
    ).toEqual({
      ok: false,
      problem: 'used',
    });
  });

  it('the nonce is bound to the approved amount: another amount is refused and leaves the nonce usable', async () => {
    const provider = createSandboxProvider(database.db, { env: {} });
    const { nonce } = await approved(3000);
    const more = await provider.authorise({ nonce, amount: gbp(3100), idempotencyKey: newKey(), reference: 'p2' });
    expect(more).toMatchObject({ kind: 'failed', code: 'amount_not_approved' });
    expect(describePaymentFailure(more as { kind: 'failed' }).message).toBe(MESSAGES.paymentFailed);
    const euros = await provider.authorise({
      nonce,
      amount: { amountMinor: 3000, currency: 'EUR' },
      idempotencyKey: newKey(),
      reference: 'p2',
    });
    expect(euros).toMatchObject({ kind: 'failed', code: 'amount_not_approved' });
    const right = await provider.authorise({ nonce, amount: gbp(3000), idempotencyKey: newKey(), reference: 'p2' });
    expect(right.kind).toBe('authorised');
  });

  it('spec 8: 5001.01 is PayPal declining (2038): "did not go through" and "PayPal rejected the transaction"', async () => {
    const provider = createSandboxProvider(database.db, { env: {} });
    const { nonce } = await approved(500101);
    const result = await provider.authorise({ nonce, amount: gbp(500101), idempotencyKey: newKey(), reference: 'p3' });
    expect(result).toMatchObject({ kind: 'processorDeclined', code: '2038', reason: 'paypalRejected' });
    expect(describePaymentFailure(result as { kind: 'processorDeclined'; reason: 'paypalRejected' })).toEqual({
      message: MESSAGES.paymentDidNotGoThrough,
      reason: CARD_REASONS.paypalRejected,
    });
  });

  it('fake-paypal-one-time-nonce keeps working, and a card at 5001.01 is not declined', async () => {
    const provider = createSandboxProvider(database.db, { env: {} });
    const paypal = await provider.authorise({
      nonce: 'fake-paypal-one-time-nonce',
      amount: gbp(2500),
      idempotencyKey: newKey(),
      reference: 'p4',
    });
    expect(paypal).toMatchObject({ kind: 'authorised', instrument: { cardType: 'PayPal' } });
    const card = await provider.authorise({
      nonce: 'fake-valid-visa-nonce',
      amount: gbp(500101),
      idempotencyKey: newKey(),
      reference: 'p4',
    });
    expect(card.kind).toBe('authorised');
  });

  it('an unknown or expired payment cannot be approved, and an expired approval nonce is refused', async () => {
    expect(await approvePayPalPayment(sandboxDb(database.db), { id: 'PAYID-NOPE', email: 'a@example.co.uk' })).toEqual({
      ok: false,
      problem: 'unknown',
    });
    const payment = await createPayPal(sandboxDb(database.db), { ...order, currency: 'GBP', flow: 'checkout' });
    const later = new Date(Date.now() + 3 * 3600_000 + 1000);
    expect(await findPayPalPayment(sandboxDb(database.db), payment.id, later)).toBeNull();
    expect(
      await approvePayPalPayment(sandboxDb(database.db), { id: payment.id, email: 'a@example.co.uk' }, later),
    ).toEqual({
      ok: false,
      problem: 'unknown',
    });
    expect(await cancelPayPalPayment(sandboxDb(database.db), payment.id, later)).toEqual({
      ok: false,
      problem: 'unknown',
    });

    const { payment: stale, nonce } = await approved(3000);
    await database.db
      .update(sandboxSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxSessions.id, stale.id));
    const provider = createSandboxProvider(database.db, { env: {} });
    const result = await provider.authorise({ nonce, amount: gbp(3000), idempotencyKey: newKey(), reference: 'p5' });
    expect(result).toMatchObject({ kind: 'failed', code: '91565' });
  });

  it('spec 3: a PayPal Credit approval places an order paid by the paypal method; another amount places none', async () => {
    const { db } = database;
    await seedCatalogue(db, { deals: 40, seed: 5 });
    const deal = await prepareLimitedDeal(db, 10);
    const [buyer, other] = await createBuyers(db, deal, 2, { prefix: 'paypal' });
    if (!buyer || !other) throw new Error('no buyers');
    const provider = createSandboxProvider(db, { env: {} });
    const orderFor = (who: typeof buyer, nonce: string) =>
      placeOrder(db, singleProvider(provider), {
        basketToken: who.basketToken,
        buyer: who.user,
        useWallet: false,
        expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor },
        payment: { method: 'paypal', nonce },
        // docs/decisions/051: the seeded deal may come by post.
        delivery: TEST_ADDRESS,
        idempotencyKey: newKey(),
        now: new Date(),
        origin: 'http://shop.test',
      });

    const credit = await createPayPal(sandboxDb(db), {
      ...order,
      amountMinor: deal.unitTotalMinor,
      credit: true,
      currency: 'GBP',
      flow: 'checkout',
    });
    const decision = await approvePayPalPayment(sandboxDb(db), { id: credit.id, email: 'credit@example.co.uk' });
    if (!decision.ok) throw new Error('approval refused');
    const placed = await orderFor(buyer, tokenOf(decision.redirectTo));
    if (!placed.ok) throw new Error(placed.message);
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row).toMatchObject({ paymentMethod: 'paypal', cardType: 'PayPal' });

    // An approval for another amount (the basket changed after approving) cannot pay for this order.
    const stale = await approved(deal.unitTotalMinor + 100);
    const refused = await orderFor(other, stale.nonce);
    expect(refused).toMatchObject({ ok: false, message: MESSAGES.paymentFailed });
    expect(await db.select().from(orders).where(eq(orders.userId, other.user.id))).toHaveLength(0);
  });
});
