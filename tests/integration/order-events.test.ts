/**
 * What follows a committed order is written as event rows in the order transaction, one per
 * subscriber in the one list (src/server/subscribers.ts), and handled after commit; a subscriber
 * that fails never undoes the order and is retried by the hourly jobs; an order that does not commit
 * owes nothing (docs/decisions/037).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { pointsForSpend } from '../../src/domain/loyalty';
import type { Database } from '../../src/server/db/client';
import { orders, outbox, vouchers } from '../../src/server/db/schema';
import { EVENTS, eventDeliveries, eventsSettled, installSubscribers, type OrderPlaced } from '../../src/server/events';
import { runHourlyJobs } from '../../src/server/jobs';
import { retrievePoints } from '../../src/server/loyalty';
import { type PlaceOrderRequest, placeOrder } from '../../src/server/orders';
import { singleProvider } from '../../src/server/payments';
import { loadSubscribers, SUBSCRIBERS } from '../../src/server/subscribers';
import { createBuyers, type LimitedDeal, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { enginesWhereSqlDiffers } from './databases';
import { mailText } from './support/mail';

// A feature of the future that fails the first time it runs for an order: a subscriber file's shape.
const flaky = { failNext: 0, seen: [] as OrderPlaced[] };
const flakyFeature = {
  config: { event: EVENTS.orderPlaced, subscriberId: 'test-flaky-feature' },
  default: async (_db: unknown, event: OrderPlaced) => {
    if (flaky.failNext > 0) {
      flaky.failNext -= 1;
      throw new Error('loyalty service away');
    }
    flaky.seen.push(event);
  },
} as const;

describe.each(enginesWhereSqlDiffers)('order events on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  const db = () => database.db;

  beforeAll(async () => {
    // Each engine's database numbers its orders from the same start, so what the feature saw on the
    // engine before must not count for this one's orders.
    flaky.seen.length = 0;
    flaky.failNext = 0;
    // The shop's list and one more subscriber, as a feature added to src/server/subscribers.ts would be.
    installSubscribers([...SUBSCRIBERS, flakyFeature]);
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 60, seed: 5 });
    deal = await prepareLimitedDeal(database.db, 20);
  }, 120_000);

  afterAll(async () => {
    loadSubscribers();
    await database?.close();
  });

  /** Places an order; unless `settle` is false, answers once its follow-ups have run (docs/decisions/063). */
  async function order(prefix: string, over: Partial<PlaceOrderRequest> = {}, settle = true) {
    const [buyer] = await createBuyers(db(), deal, 1, { prefix });
    if (buyer === undefined) throw new Error('no buyer');
    const result = await placeOrder(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `events-${buyer.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
      ...over,
    });
    if (settle) await eventsSettled();
    return { buyer, result };
  }

  /** The order's `order.placed` rows. */
  const eventsOf = (orderId: number) =>
    db()
      .select()
      .from(eventDeliveries)
      .where(and(eq(eventDeliveries.event, EVENTS.orderPlaced), eq(eventDeliveries.subject, String(orderId))));

  it('a committed order has one event per listed subscriber, handled after commit (the email is queued)', async () => {
    const { buyer, result } = await order('handled');
    if (!result.ok) throw new Error(result.message);
    expect(flaky.seen.map((e) => e.orderId)).toContain(result.order.id);
    const events = await eventsOf(result.order.id);
    expect(events.map((e) => e.subscriber).sort()).toEqual([
      'confirmation-email',
      'email-confirmation-link',
      // e-gifts and gift cards are recorded by the gifting service
      'gifts',
      // loyalty points and the VIP subscription
      'loyalty-points',
      // the credit service's subscribers (promotional credit, referral rewards)
      'promotional-credit',
      'referral-reward',
      'test-flaky-feature',
      'vip-subscription',
    ]);
    for (const event of events) {
      expect(event.event).toBe('order.placed');
      expect(event.handledAt).not.toBeNull();
      expect(event.attempts).toBe(1);
    }
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, buyer.user.id), eq(outbox.kind, 'order_confirmation')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Your Tuppence order ${result.order.id}: your vouchers`);
    const [mail] = mails;
    if (mail === undefined) throw new Error('no confirmation queued');
    // decision 042: the row holds the template's data; read it as it is sent.
    expect(await mailText(mail)).toContain('Voucher code');
  });

  it('decision 063: the order answers first; its subscribers run just after, and eventsSettled waits for them', async () => {
    const { buyer, result } = await order('after-answer', {}, false);
    if (!result.ok) throw new Error(result.message);
    // The answer is in and nothing has followed yet: every row is owed, no email queued.
    expect(flaky.seen.map((e) => e.orderId)).not.toContain(result.order.id);
    const owed = await eventsOf(result.order.id);
    expect(owed).toHaveLength(SUBSCRIBERS.filter((s) => s.config.event === EVENTS.orderPlaced).length + 1);
    expect(owed.every((row) => row.handledAt === null && row.attempts === 0)).toBe(true);

    await eventsSettled();
    expect(flaky.seen.map((e) => e.orderId)).toContain(result.order.id);
    const handled = await eventsOf(result.order.id);
    expect(handled.every((row) => row.handledAt !== null && row.attempts === 1)).toBe(true);
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, buyer.user.id), eq(outbox.kind, 'order_confirmation')));
    expect(mails).toHaveLength(1);
  });

  it('decision 063: many orders at once are followed up in batches, each subscriber once per order', async () => {
    const placed = await Promise.all(Array.from({ length: 8 }, (_, i) => order(`batch-${i}`, {}, false)));
    await eventsSettled();
    for (const { buyer, result } of placed) {
      if (!result.ok) throw new Error(result.message);
      const rows = await eventsOf(result.order.id);
      expect(rows.every((row) => row.handledAt !== null && row.attempts === 1)).toBe(true);
      expect(flaky.seen.filter((e) => e.orderId === result.order.id)).toHaveLength(1);
      // decision 075: subscribers take a batch's orders together; each buyer still gets their own
      // email, with their own order's vouchers, and their own points.
      const mails = await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, buyer.user.id), eq(outbox.kind, 'order_confirmation')));
      expect(mails.map((mail) => mail.subject)).toEqual([`Your Tuppence order ${result.order.id}: your vouchers`]);
      const issued = await db().select().from(vouchers).where(eq(vouchers.orderId, result.order.id));
      expect(issued).toHaveLength(1);
      const [mail] = mails;
      if (mail === undefined || issued[0] === undefined) throw new Error('no confirmation or voucher');
      expect(await mailText(mail)).toContain(issued[0].code);
      expect((await retrievePoints(db(), buyer.user.id)).lifetimePoints).toBe(pointsForSpend(deal.unitTotalMinor));
    }
  });

  it('decision 075: when a batch of one subscriber fails, each of its orders is handled alone and only the failing one waits', async () => {
    const batches: number[][] = [];
    const failing = new Set<number>();
    const batched = {
      config: { event: EVENTS.orderPlaced, subscriberId: 'test-batched-feature' },
      default: async (_db: unknown, event: OrderPlaced) => {
        if (failing.has(event.orderId)) throw new Error('this order cannot be followed up');
        batches.push([event.orderId]);
      },
      many: async (_db: unknown, events: OrderPlaced[]) => {
        if (events.some((event) => failing.has(event.orderId))) throw new Error('one of them cannot');
        batches.push(events.map((event) => event.orderId));
      },
    } as const;
    installSubscribers([...SUBSCRIBERS, flakyFeature, batched]);
    try {
      const [buyerA, buyerB, buyerC] = await createBuyers(db(), deal, 3, { prefix: 'batched' });
      if (buyerA === undefined || buyerB === undefined || buyerC === undefined) throw new Error('no buyers');
      // Placed without following up, then handed to the hourly retry together: one claim, one batch.
      const ids: number[] = [];
      for (const buyer of [buyerA, buyerB, buyerC]) {
        const placedOrder = await placeOrder(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
          basketToken: buyer.basketToken,
          buyer: buyer.user,
          useWallet: false,
          expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor },
          payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
          idempotencyKey: `batched-${buyer.basketToken}`,
          now: new Date(),
          origin: 'http://shop.test',
        });
        if (!placedOrder.ok) throw new Error(placedOrder.message);
        ids.push(placedOrder.order.id);
      }
      await eventsSettled();
      const [first, second, third] = ids as [number, number, number];
      // The drain may have handled them one by one or together; what matters is each order once.
      expect(batches.flat().sort()).toEqual([...ids].sort());

      // A second round through the hourly retry, with the middle order failing.
      batches.length = 0;
      failing.add(second);
      await db()
        .update(eventDeliveries)
        .set({ handledAt: null, attempts: 0 })
        .where(
          and(
            eq(eventDeliveries.subscriber, 'test-batched-feature'),
            inArray(eventDeliveries.subject, ids.map(String)),
          ),
        );
      await runHourlyJobs(db(), new Date());
      expect(batches).toEqual([[first], [third]]);
      const rows = await db()
        .select()
        .from(eventDeliveries)
        .where(
          and(
            eq(eventDeliveries.subscriber, 'test-batched-feature'),
            inArray(eventDeliveries.subject, ids.map(String)),
          ),
        );
      const pending = rows.filter((row) => row.handledAt === null);
      expect(pending.map((row) => row.subject)).toEqual([String(second)]);
      expect(pending[0]?.lastError).toContain('this order cannot be followed up');
    } finally {
      installSubscribers([...SUBSCRIBERS, flakyFeature]);
    }
  });

  it('a handler that fails leaves the order standing, and the hourly jobs run it again', async () => {
    flaky.failNext = 1;
    const { result } = await order('retried');
    if (!result.ok) throw new Error(result.message);

    const rows = await eventsOf(result.order.id);
    const pending = rows.find((row) => row.subscriber === 'test-flaky-feature');
    expect(pending?.handledAt).toBeNull();
    expect(pending?.lastError).toContain('loyalty service away');
    // The confirmation email did not wait for the failing feature.
    const mail = rows.find((row) => row.subscriber === 'confirmation-email');
    expect(mail?.handledAt).not.toBeNull();

    const run = await runHourlyJobs(db(), new Date());
    expect(run.retriedEvents).toBeGreaterThanOrEqual(1);
    const [retried] = await db()
      .select()
      .from(eventDeliveries)
      .where(eq(eventDeliveries.id, pending?.id ?? 0));
    expect(retried?.handledAt).not.toBeNull();
    expect(retried?.attempts).toBe(2);
    expect(flaky.seen.some((e) => e.orderId === result.order.id)).toBe(true);
    // Handled once is handled: another run does not send it again.
    const seen = flaky.seen.length;
    await runHourlyJobs(db(), new Date());
    expect(flaky.seen.length).toBe(seen);
  });

  it('the hourly retry leaves a row another process holds, and one whose subscriber is no longer listed', async () => {
    flaky.failNext = 2;
    const first = await order('held');
    const second = await order('unlisted');
    if (!first.result.ok || !second.result.ok) throw new Error('no orders');
    const pendingOf = async (orderId: number) =>
      (await eventsOf(orderId)).find((row) => row.subscriber === 'test-flaky-feature');
    const held = await pendingOf(first.result.order.id);
    const unlisted = await pendingOf(second.result.order.id);
    if (held === undefined || unlisted === undefined) throw new Error('no pending rows');
    // Another process took the first row a minute ago (its claim holds for ten minutes).
    await db()
      .update(eventDeliveries)
      .set({ claimedAt: new Date(Date.now() - 60_000) })
      .where(eq(eventDeliveries.id, held.id));
    installSubscribers(SUBSCRIBERS);
    try {
      await runHourlyJobs(db(), new Date());
    } finally {
      installSubscribers([...SUBSCRIBERS, flakyFeature]);
    }
    const rowOf = async (id: number) =>
      (await db().select().from(eventDeliveries).where(eq(eventDeliveries.id, id)))[0];
    expect(await rowOf(held.id)).toMatchObject({ handledAt: null, attempts: 1 });
    expect(await rowOf(unlisted.id)).toMatchObject({ handledAt: null, attempts: 1, claimedAt: null });
    // Back in the list and its claim spent, each is handled by the next run, once.
    await db()
      .update(eventDeliveries)
      .set({ claimedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(eventDeliveries.id, held.id));
    await runHourlyJobs(db(), new Date());
    expect(await rowOf(held.id)).toMatchObject({ attempts: 2, claimedAt: null, lastError: null });
    expect((await rowOf(held.id))?.handledAt).not.toBeNull();
    expect((await rowOf(unlisted.id))?.handledAt).not.toBeNull();
  });

  it('an order that does not commit (a declined card) writes no events and queues no email', async () => {
    const { buyer, result } = await order('declined', {
      payment: { method: 'credit_card', nonce: 'fake-processor-declined-visa-nonce' },
    });
    expect(result.ok).toBe(false);
    const [placed] = await db().select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(placed).toBeUndefined();
    const mails = await db().select().from(outbox).where(eq(outbox.userId, buyer.user.id));
    expect(mails).toHaveLength(0);
  });

  it('spec 4: the sign-in link is a subscriber of order.placed; it is sent only when the checkout asked for it', async () => {
    const asked = await order('link', { confirmEmail: true });
    const notAsked = await order('nolink', { confirmEmail: false });
    if (!asked.result.ok || !notAsked.result.ok) throw new Error('order refused');
    const links = async (userId: number) =>
      db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, userId), eq(outbox.kind, 'sign_in')));
    expect(await links(asked.buyer.user.id)).toHaveLength(1);
    expect(await links(notAsked.buyer.user.id)).toHaveLength(0);
  });
});
