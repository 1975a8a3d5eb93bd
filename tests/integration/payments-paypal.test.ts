/**
 * The sandbox's PayPal (PAYMENTS.md "PayPal, Apple Pay, Google Pay"; spec 8 messages): creating a
 * payment, the approval page's approve and cancel, the nonce bound to the approved amount and used
 * once, PayPal's 5001.01 decline, and an unreachable gateway.
 */
import { randomUUID } from 'node:crypto';
import type { APIContext } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { describePaymentFailure } from '../../src/domain/payment-outcome';
import { approvePayPalPayment, cancelPayPalPayment, createPayPal, findPayPalPayment } from '../../src/sandbox';
import type { Database } from '../../src/server/db/client';
import { orders, sandboxNonces, sandboxSessions } from '../../src/server/db/schema';
import { placeOrder } from '../../src/server/orders';
import { singleProvider } from '../../src/server/payments';
import { createBuyers, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { POST } = await import('../../src/sandbox/routes/paypal/payments');
const { default: ApprovePage } = await import('../../src/sandbox/routes/paypal/approve.astro');

const gateway = 'http://localhost/sandbox/paypal/payments';
function create(body: unknown): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const request = new Request(gateway, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
  return Promise.resolve(POST({ request, url: new URL(gateway) } as unknown as APIContext));
}

const order = { amountMinor: 3000, currency: 'GBP', credit: false, flow: 'checkout', returnUrl: '/checkout?pm=paypal' };
const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' as const });
const newKey = () => `paypal-test-${randomUUID()}`;

/** The token on a return URL the approval page sends the shopper to. */
function tokenOf(redirectTo: string): string {
  const token = new URL(redirectTo, 'http://localhost').searchParams.get('pm_token');
  if (!token) throw new Error(`no pm_token in ${redirectTo}`);
  return token;
}

describe.each(embedded)('the PayPal sandbox on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await engine.open();
    shared.database = database;
  });
  afterAll(async () => {
    await database.close();
    shared.database = undefined;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  async function approved(amountMinor: number, email = 'sb-buyer@personal.example.com') {
    const payment = await createPayPal(database.db, { ...order, amountMinor, currency: 'GBP', flow: 'checkout' });
    const decision = await approvePayPalPayment(database.db, { id: payment.id, email });
    if (!decision.ok) throw new Error(`approval refused: ${decision.problem}`);
    return { payment, nonce: tokenOf(decision.redirectTo), redirectTo: decision.redirectTo };
  }

  it('POST /sandbox/paypal/payments creates a 3-hour payment and names its approval page', async () => {
    const before = Date.now();
    const response = await create({ ...order, credit: true });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = await response.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^PAYID-/),
      approvalUrl: `http://localhost/sandbox/paypal/approve?id=${body.id}`,
    });
    const [row] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, body.id));
    expect(row).toMatchObject({
      provider: 'paypal',
      amountMinor: 3000,
      currency: 'GBP',
      status: 'created',
      authToken: null,
      details: { credit: true, flow: 'checkout', returnUrl: '/checkout?pm=paypal' },
    });
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(3 * 3600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(3 * 3600_000 + 60_000);
  });

  it.each([
    ['another site', 'https://evil.example/checkout'],
    ['a protocol-relative URL', '//evil.example/checkout'],
    ['a backslash trick', '/\\evil.example/checkout'],
    ['a relative path', 'checkout?pm=paypal'],
  ])('a return URL to %s is refused with a 400, and nothing is created', async (_name, returnUrl) => {
    const count = (await database.db.select().from(sandboxSessions)).length;
    const response = await create({ ...order, returnUrl });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('returnUrl must be a path on this site');
    expect(await database.db.select().from(sandboxSessions)).toHaveLength(count);
  });

  it.each([
    ['not JSON', '{amountMinor: 3000', 'Send JSON'],
    ['no amount', { ...order, amountMinor: undefined }, 'amountMinor'],
    ['pounds, not pence', { ...order, amountMinor: 30.5 }, 'whole number of pence'],
    ['a zero amount', { ...order, amountMinor: 0 }, 'more than zero'],
    ['dollars', { ...order, currency: 'USD' }, 'GBP or EUR'],
    ['an unknown flow', { ...order, flow: 'subscription' }, 'checkout or vault'],
  ])('%s: a 400 that says what to send', async (_name, body, says) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain(says);
  });

  it('spec 8: PAYMENTS_FAULT=unreachable fails the create call with "We couldn\'t contact the payment provider..."', async () => {
    vi.stubEnv('PAYMENTS_FAULT', 'unreachable');
    const count = (await database.db.select().from(sandboxSessions)).length;
    const response = await create(order);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 503, message: MESSAGES.providerUnreachable });
    expect(await database.db.select().from(sandboxSessions)).toHaveLength(count);
  });

  it('approving mints a one-time PayPal nonce with the buyer fingerprint and returns with it', async () => {
    const { payment, nonce, redirectTo } = await approved(3000, 'Ada@Example.co.uk');
    expect(redirectTo).toBe(`/checkout?pm=paypal&pm_status=approved&pm_token=${nonce}`);
    const [minted] = await database.db.select().from(sandboxNonces).where(eq(sandboxNonces.nonce, nonce));
    expect(minted).toMatchObject({ kind: 'paypal', cardType: 'PayPal', consumedAt: null });
    expect(minted?.fingerprint).toMatch(/^paypal:[0-9a-f]{32}$/);
    const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, payment.id));
    expect(session).toMatchObject({ status: 'approved', authToken: nonce, details: { email: 'Ada@Example.co.uk' } });
    // The same account is the same fingerprint, whatever its case; a double click answers the same nonce.
    const again = await approved(3000, 'ada@example.co.uk');
    const [other] = await database.db.select().from(sandboxNonces).where(eq(sandboxNonces.nonce, again.nonce));
    expect(other?.fingerprint).toBe(minted?.fingerprint);
    const twice = await approvePayPalPayment(database.db, { id: payment.id, email: 'Ada@Example.co.uk' });
    expect(twice).toEqual({ ok: true, redirectTo });
  });

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
    expect(await approvePayPalPayment(database.db, { id: payment.id, email: 'grace@example.co.uk' })).toEqual({
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

  it('cancel returns with pm_status=cancelled, mints nothing, and cannot then be approved', async () => {
    const payment = await createPayPal(database.db, { ...order, currency: 'GBP', flow: 'checkout' });
    const cancelled = await cancelPayPalPayment(database.db, payment.id);
    expect(cancelled).toEqual({ ok: true, redirectTo: '/checkout?pm=paypal&pm_status=cancelled' });
    expect(await cancelPayPalPayment(database.db, payment.id)).toEqual(cancelled);
    const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, payment.id));
    expect(session).toMatchObject({ status: 'cancelled', authToken: null });
    expect(await approvePayPalPayment(database.db, { id: payment.id, email: 'a@example.co.uk' })).toEqual({
      ok: false,
      problem: 'used',
    });
  });

  it('an unknown or expired payment cannot be approved, and an expired approval nonce is refused', async () => {
    expect(await approvePayPalPayment(database.db, { id: 'PAYID-NOPE', email: 'a@example.co.uk' })).toEqual({
      ok: false,
      problem: 'unknown',
    });
    const payment = await createPayPal(database.db, { ...order, currency: 'GBP', flow: 'checkout' });
    const later = new Date(Date.now() + 3 * 3600_000 + 1000);
    expect(await findPayPalPayment(database.db, payment.id, later)).toBeNull();
    expect(await approvePayPalPayment(database.db, { id: payment.id, email: 'a@example.co.uk' }, later)).toEqual({
      ok: false,
      problem: 'unknown',
    });
    expect(await cancelPayPalPayment(database.db, payment.id, later)).toEqual({ ok: false, problem: 'unknown' });

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
        idempotencyKey: newKey(),
        now: new Date(),
        origin: 'http://shop.test',
      });

    const credit = await createPayPal(db, {
      ...order,
      amountMinor: deal.unitTotalMinor,
      credit: true,
      currency: 'GBP',
      flow: 'checkout',
    });
    const decision = await approvePayPalPayment(db, { id: credit.id, email: 'credit@example.co.uk' });
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

  describe('the approval page', () => {
    async function render(path: string, init: RequestInit = {}) {
      const container = await AstroContainer.create();
      return container.renderToResponse(ApprovePage, { request: new Request(`http://localhost${path}`, init) });
    }
    const formPost = (fields: Record<string, string>): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: new URLSearchParams(fields).toString(),
    });

    it('shows the PayPal sandbox, merchant Tuppence, the amount and a prefilled sandbox buyer', async () => {
      const payment = await createPayPal(database.db, { ...order, credit: true, currency: 'GBP', flow: 'checkout' });
      const response = await render(`/sandbox/paypal/approve?id=${payment.id}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('PayPal sandbox');
      expect(html).toMatch(/>Pay Tuppence £30</);
      expect(html).toContain('PayPal Credit');
      expect(html).toMatch(/name="email"[^>]*value="sb-buyer@personal.example.com"/);
      expect(html).toContain('Agree and continue');
      expect(html).toContain('Cancel and return to Tuppence');
    });

    it('a form post approves with a 303 back to the return URL, and cancels the same way', async () => {
      const payment = await createPayPal(database.db, { ...order, currency: 'GBP', flow: 'checkout' });
      const approve = await render(
        '/sandbox/paypal/approve',
        formPost({ id: payment.id, decision: 'approve', email: 'sb-buyer@personal.example.com', password: 'x' }),
      );
      expect(approve.status).toBe(303);
      expect(approve.headers.get('location')).toMatch(/^\/checkout\?pm=paypal&pm_status=approved&pm_token=tokenpp_/);

      const other = await createPayPal(database.db, { ...order, currency: 'GBP', flow: 'checkout' });
      const cancel = await render('/sandbox/paypal/approve', formPost({ id: other.id, decision: 'cancel' }));
      expect(cancel.status).toBe(303);
      expect(cancel.headers.get('location')).toBe('/checkout?pm=paypal&pm_status=cancelled');
    });

    it('a login without a password is asked again (422), keeping the typed email', async () => {
      const payment = await createPayPal(database.db, { ...order, currency: 'GBP', flow: 'checkout' });
      const response = await render(
        '/sandbox/paypal/approve',
        formPost({ id: payment.id, decision: 'approve', email: 'me@example.co.uk', password: '' }),
      );
      expect(response.status).toBe(422);
      const html = await response.text();
      expect(html).toContain('Enter your sandbox PayPal email address and password to log in.');
      expect(html).toMatch(/name="email"[^>]*value="me@example.co.uk"/);
      const [session] = await database.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, payment.id));
      expect(session?.status).toBe('created');
    });

    it('an unknown payment is a plain 404 page with a link back to the checkout', async () => {
      const response = await render('/sandbox/paypal/approve?id=PAYID-GONE');
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('We could not find this payment');
      expect(html).toContain('href="/checkout"');
    });
  });
});
