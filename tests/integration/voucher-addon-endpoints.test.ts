/**
 * Spec 7's add-on calls (spec 3 addonType: extend and protect; decision 026) on embedded PGlite. GET
 * voucher/vve and GET order-addon quote a shopper's own voucher; POST voucher/vve extends it and POST
 * order-addon protects it, each paid once as an order of its own through the sandbox gateway (a repeat
 * of the Idempotency-Key answers the first purchase), each confirmed by an email in the outbox; another
 * shopper gets 404.
 */
import { randomUUID } from 'node:crypto';
import type { APIContext } from 'astro';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { AddonOrderResponseSchema, AddonQuoteResponseSchema } from '../../src/contracts/voucher-lifecycle';
import { CARD_REASONS, MESSAGES } from '../../src/domain/messages';
import { LIFECYCLE_COPY } from '../../src/domain/voucher-lifecycle';
import type { Database } from '../../src/server/db/client';
import { deals, orders, outbox, payments, users, voucherAddons, vouchers } from '../../src/server/db/schema';
import { placeOrder } from '../../src/server/orders';
import { singleProvider } from '../../src/server/payments';
import { createBuyers, type LimitedDeal, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { authenticatedCard, tokeniseCard } from './support/card-in-browser';
import { mailText } from './support/mail';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const vve = await import('../../src/pages/api/v1/voucher/vve');
const orderAddon = await import('../../src/pages/api/v1/order-addon');

interface Shopper {
  id: number;
  sessionEpoch: number;
  email: string;
}

function context(
  url: string,
  shopper: Shopper | null,
  init: { method?: 'GET' | 'POST'; body?: unknown; key?: string } = {},
): APIContext {
  const session = {
    get: async (name: string) =>
      name === 'account' && shopper ? { userId: shopper.id, epoch: shopper.sessionEpoch } : undefined,
    set: () => undefined,
    destroy: () => undefined,
  };
  const cookies = { get: () => undefined, set: () => undefined, delete: () => undefined };
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.key) headers['Idempotency-Key'] = init.key;
  return {
    url: new URL(url),
    params: {},
    request: new Request(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.method === 'POST' ? JSON.stringify(init.body) : undefined,
    }),
    session,
    cookies,
    locals: { now: new Date(), brand: 'tuppence' },
  } as unknown as APIContext;
}

describe.each(embedded)('spec 7 voucher/vve and order-addon on $name', (engine) => {
  let deal: LimitedDeal;
  let bought = 0;
  const db = () => {
    if (!shared.database) throw new Error('no db');
    return shared.database.db;
  };

  beforeAll(async () => {
    shared.database = await engine.open();
    await seedCatalogue(db(), { deals: 40, seed: 11 });
    deal = await prepareLimitedDeal(db(), 50);
    await db().update(deals).set({ deliveryType: 'e-voucher' }).where(eq(deals.id, deal.dealId));
  }, 120_000);
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });

  /** A shopper who bought one voucher by card today. */
  async function buyOne(): Promise<{ shopper: Shopper; voucherId: number }> {
    bought += 1;
    const [buyer] = await createBuyers(db(), deal, 1, { prefix: `addon${bought}` });
    if (buyer === undefined) throw new Error('no buyer');
    const placed = await placeOrder(db(), singleProvider(createSandboxProvider(db())), {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: randomUUID(),
      now: new Date(),
      origin: 'http://shop.test',
    });
    if (!placed.ok) throw new Error(placed.message);
    const [row] = await db()
      .select({ id: users.id, sessionEpoch: users.sessionEpoch, email: users.email })
      .from(users)
      .where(eq(users.id, buyer.user.id));
    const voucherId = placed.order.voucherIds[0];
    if (row === undefined || voucherId === undefined) throw new Error('no voucher');
    return { shopper: row, voucherId };
  }

  async function call(
    route: {
      GET: (c: APIContext) => Promise<Response> | Response;
      POST: (c: APIContext) => Promise<Response> | Response;
    },
    path: string,
    shopper: Shopper | null,
    init: { method?: 'GET' | 'POST'; body?: unknown; key?: string } = {},
  ) {
    const handler = init.method === 'POST' ? route.POST : route.GET;
    const response = await handler(context(`http://localhost${path}`, shopper, init));
    return { status: response.status, body: await response.json() };
  }

  async function addonOrders(voucherId: number) {
    return db()
      .select({ orderId: voucherAddons.orderId, type: voucherAddons.type, months: voucherAddons.months })
      .from(voucherAddons)
      .where(eq(voucherAddons.voucherId, voucherId));
  }

  it('GET voucher/vve quotes 1 to 3 months priced by the deal, for the owner only', async () => {
    const { shopper, voucherId } = await buyOne();
    const stranger = (await buyOne()).shopper;

    const quote = await call(vve, `/api/v1/voucher/vve?voucherId=${voucherId}`, shopper);
    expect(quote.status).toBe(200);
    const body = AddonQuoteResponseSchema.parse(quote.body);
    expect(body.monthsLeft).toBe(3);
    // docs/decisions/026: 10% of the voucher's unit price a month, at least 99p.
    const month = Math.max(99, Math.round(deal.unitTotalMinor / 10));
    expect(body.extensions.map((e) => e.months)).toEqual([1, 2, 3]);
    expect(body.extensions[0]?.amountMinor).toBeGreaterThanOrEqual(99);
    expect(body.extensions[0]?.amountMinor).toBeLessThanOrEqual(month);

    expect((await call(vve, `/api/v1/voucher/vve?voucherId=${voucherId}`, stranger)).status).toBe(404);
    expect((await call(orderAddon, `/api/v1/order-addon?voucherId=${voucherId}`, stranger)).status).toBe(404);
    expect((await call(vve, `/api/v1/voucher/vve?voucherId=${voucherId}`, null)).status).toBe(401);
  });

  it('POST voucher/vve extends by the months bought, charges once for one key, and emails the shopper', async () => {
    const { shopper, voucherId } = await buyOne();
    const [before] = await db().select().from(vouchers).where(eq(vouchers.id, voucherId));
    const quote = AddonQuoteResponseSchema.parse(
      (await call(vve, `/api/v1/voucher/vve?voucherId=${voucherId}`, shopper)).body,
    );
    const twoMonths = quote.extensions.find((e) => e.months === 2);
    if (twoMonths === undefined || before === undefined) throw new Error('no 2-month price');
    const key = randomUUID();
    const body = { voucherId, months: 2, expectedMinor: twoMonths.amountMinor, nonce: 'fake-valid-visa-nonce' };

    const first = await call(vve, '/api/v1/voucher/vve', shopper, { method: 'POST', body, key });
    expect(first.status).toBe(201);
    const answer = AddonOrderResponseSchema.parse(first.body);
    expect(answer).toMatchObject({ voucherId, addonType: 'VVE', expiresAt: twoMonths.newExpiresAt });
    const [after] = await db().select().from(vouchers).where(eq(vouchers.id, voucherId));
    expect(after?.expiresAt.toISOString()).toBe(twoMonths.newExpiresAt);
    expect(after?.extendedMonths).toBe(2);

    // A retry with the same key answers the same order and charges nothing more.
    const again = await call(vve, '/api/v1/voucher/vve', shopper, { method: 'POST', body, key });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ orderId: answer.orderId });
    expect(await addonOrders(voucherId)).toEqual([{ orderId: answer.orderId, type: 'VVE', months: 2 }]);
    const charged = await db().select().from(payments).where(eq(payments.orderId, answer.orderId));
    expect(charged.map((p) => [p.amountMinor, p.status])).toEqual([[twoMonths.amountMinor, 'settled']]);
    const [order] = await db().select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order?.totalMinor).toBe(twoMonths.amountMinor);

    // The confirmation email went through the outbox, once.
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, shopper.id), eq(outbox.kind, 'addon_confirmation')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.recipient).toBe(shopper.email);
    expect(mails[0]?.subject).toBe(`Your Tuppence order ${answer.orderId}: voucher ${before.code} extended`);
    const [mail] = mails;
    if (mail === undefined) throw new Error('no add-on confirmation queued');
    // decision 042: the row holds the template's data; read it as it is sent.
    expect(await mailText(mail)).toContain('is extended by 2 months');

    // Only 1 month is left now (spec 9: 3 in all): 2 more is refused before any money moves.
    const tooLong = await call(vve, '/api/v1/voucher/vve', shopper, {
      method: 'POST',
      body: { ...body, months: 2 },
      key: randomUUID(),
    });
    expect(tooLong).toMatchObject({ status: 409, body: { message: LIFECYCLE_COPY.extensionTooLong(1) } });
  });

  it('POST voucher/vve refuses without an Idempotency-Key, with bad months, and for another shopper', async () => {
    const { shopper, voucherId } = await buyOne();
    const stranger = (await buyOne()).shopper;
    const body = { voucherId, months: 1, expectedMinor: 99, nonce: 'fake-valid-visa-nonce' };
    expect((await call(vve, '/api/v1/voucher/vve', shopper, { method: 'POST', body })).status).toBe(400);
    const four = await call(vve, '/api/v1/voucher/vve', shopper, {
      method: 'POST',
      body: { ...body, months: 4 },
      key: randomUUID(),
    });
    expect(four).toMatchObject({ status: 400, body: { message: 'months must be 1, 2 or 3.' } });
    const theirs = await call(vve, '/api/v1/voucher/vve', stranger, { method: 'POST', body, key: randomUUID() });
    expect(theirs).toMatchObject({ status: 404, body: { message: LIFECYCLE_COPY.notYours } });
    expect(await addonOrders(voucherId)).toEqual([]);
  });

  it('POST order-addon protects a voucher (DVP) once, with its email; a declined card changes nothing', async () => {
    const { shopper, voucherId } = await buyOne();
    const quote = AddonQuoteResponseSchema.parse(
      (await call(orderAddon, `/api/v1/order-addon?voucherId=${voucherId}`, shopper)).body,
    );
    expect(quote).toMatchObject({ isProtected: false, protectRefusal: null });
    const body = { voucherId, addonType: 'DVP', expectedMinor: quote.protectionMinor };

    const declined = await call(orderAddon, '/api/v1/order-addon', shopper, {
      method: 'POST',
      body: { ...body, nonce: 'fake-processor-declined-visa-nonce' },
      key: randomUUID(),
    });
    expect(declined.status).toBe(402);
    expect((await db().select().from(vouchers).where(eq(vouchers.id, voucherId)))[0]?.isProtected).toBe(false);

    const done = await call(orderAddon, '/api/v1/order-addon', shopper, {
      method: 'POST',
      body: { ...body, nonce: 'fake-valid-visa-nonce' },
      key: randomUUID(),
    });
    expect(done.status).toBe(201);
    expect(AddonOrderResponseSchema.parse(done.body)).toMatchObject({ voucherId, addonType: 'DVP', isProtected: true });
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, shopper.id), eq(outbox.kind, 'addon_confirmation')));
    expect(await Promise.all(mails.map(async (m) => (await mailText(m)).includes('is now protected')))).toEqual([true]);

    const twice = await call(orderAddon, '/api/v1/order-addon', shopper, {
      method: 'POST',
      body: { ...body, nonce: 'fake-valid-visa-nonce' },
      key: randomUUID(),
    });
    expect(twice).toMatchObject({ status: 409, body: { message: LIFECYCLE_COPY.alreadyProtected } });
    expect((await addonOrders(voucherId)).map((a) => a.type)).toEqual(['DVP']);
  });

  it('POST order-addon with a new card: refused without its 3-D Secure authentication, paid with it, liability shifted', async () => {
    const { shopper, voucherId } = await buyOne();
    const quote = AddonQuoteResponseSchema.parse(
      (await call(orderAddon, `/api/v1/order-addon?voucherId=${voucherId}`, shopper)).body,
    );
    const body = { voucherId, addonType: 'DVP', expectedMinor: quote.protectionMinor };

    // PAYMENTS.md "3-D Secure 2": a tokenised card sent without an authentication is declined 2099.
    const unauthenticated = await call(orderAddon, '/api/v1/order-addon', shopper, {
      method: 'POST',
      body: { ...body, nonce: await tokeniseCard('4000000000002701') },
      key: randomUUID(),
    });
    expect(unauthenticated).toMatchObject({
      status: 402,
      body: { message: MESSAGES.paymentDidNotGoThrough, reason: CARD_REASONS.cannotAuthenticate },
    });
    expect((await db().select().from(vouchers).where(eq(vouchers.id, voucherId)))[0]?.isProtected).toBe(false);

    const card = await authenticatedCard('4000000000002701', { amountMinor: quote.protectionMinor });
    const paid = await call(orderAddon, '/api/v1/order-addon', shopper, {
      method: 'POST',
      body: { ...body, nonce: card.nonce, threeDSecureAuthenticationId: card.threeDSecureAuthenticationId },
      key: randomUUID(),
    });
    expect(paid.status).toBe(201);
    const { orderId } = AddonOrderResponseSchema.parse(paid.body);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ threeDSecureStatus: 'authenticated', liabilityShifted: true });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ threeDSecureStatus: 'authenticated', liabilityShifted: true });
  });

  it('POST order-addon asks for months to extend and for a way to pay', async () => {
    const { shopper, voucherId } = await buyOne();
    const noMonths = await call(orderAddon, '/api/v1/order-addon', shopper, {
      method: 'POST',
      body: { voucherId, addonType: 'VVE', expectedMinor: 99, nonce: 'fake-valid-visa-nonce' },
      key: randomUUID(),
    });
    expect(noMonths).toMatchObject({
      status: 400,
      body: { message: 'months (1 to 3) is needed to extend a voucher.' },
    });
    const noPayment = await call(orderAddon, '/api/v1/order-addon', shopper, {
      method: 'POST',
      body: { voucherId, addonType: 'DVP', expectedMinor: 99 },
      key: randomUUID(),
    });
    expect(noPayment).toMatchObject({
      status: 400,
      body: { message: 'Send instrumentId (a saved card) or nonce (a new card).' },
    });
  });
});
