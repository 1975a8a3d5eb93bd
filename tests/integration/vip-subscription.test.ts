/**
 * The VIP subscription as the spec has it and as the law expects (spec 1 and 9: deal 18927099, at
 * most £4.99 a month, VIP limit 60; spec 7 GET deal by id for the VIP subscription deal; decision
 * 047 for the DMCC Act 2024 rules): the membership's deal answers with its terms but is never
 * listed; nothing adds or ticks VIP but the shopper's own click; a reminder goes before each
 * renewal, once per period, with a one-click cancel link; that link cancels once, and a bad or
 * expired one is refused with a clear message; within 14 days of joining or renewing cancelling
 * refunds the unused part to the card (a refund row, the provider paid after commit) and VIP ends;
 * outside it the renewal stops and VIP lasts to the period's end; the VIP listing shows at most 60.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { parseCheckoutParams } from '../../src/domain/checkout';
import { parseListingFilter } from '../../src/domain/listing-filters';
import { MESSAGES } from '../../src/domain/messages';
import {
  COOLING_OFF_DAYS,
  RENEWAL_REMINDER_DAYS,
  unusedPartMinor,
  VIP_CANCEL_COPY,
  VIP_LIMIT,
  VIP_MAX_COST_MINOR,
  VIP_SUBSCRIPTION_DEAL_ID,
} from '../../src/domain/subscription';
import { retrieveBasketPricing } from '../../src/server/basket';
import { clearCatalogueCaches } from '../../src/server/catalog';
import { loadCheckout } from '../../src/server/checkout';
import type { Database } from '../../src/server/db/client';
import {
  basketLines,
  baskets,
  dealProducts,
  deals,
  outbox,
  subscriptionCharges,
  subscriptionRefunds,
  subscriptionReminders,
  subscriptions,
  users,
  vouchers,
} from '../../src/server/db/schema';
import { loadListingPage } from '../../src/server/listing';
import { retrievePoints } from '../../src/server/loyalty';
import { singleProvider } from '../../src/server/payments';
import { searchDeals } from '../../src/server/search';
import { listSitemapPages } from '../../src/server/sitemap';
import {
  cancelLinkState,
  cancelVip,
  readCancelToken,
  renewDueSubscriptions,
  retrieveSubscription,
  sendRenewalReminders,
} from '../../src/server/subscriptions';
import { refundVoucherToCard, requestVoucherCredit } from '../../src/server/voucher-lifecycle';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { mailText } from './support/mail';
import { placeOrderSettled } from './support/settled';
import { callAsShopper } from './support/shop-call';
import { serveTestDatabase } from './support/test-database';

const { GET: getDeal } = await import('../../src/pages/api/v1/deal/[id]');
const { POST: postExpressToken } = await import('../../src/pages/api/v1/express-buy-token');
const { POST: postExpressBuy } = await import('../../src/pages/api/v1/express-buy');

const DAY = 24 * 60 * 60 * 1000;
const ORIGIN = 'http://shop.test';

describe.each(embedded)('spec 1, 9 and decision 047: the VIP subscription on $name', (engine) => {
  let database: Database;
  const holder: { database?: Database } = {};
  serveTestDatabase(holder);
  const db = () => database.db;
  const provider = () => createSandboxProvider(db(), { env: {} });
  const providers = () => singleProvider(provider());

  beforeAll(async () => {
    database = await engine.open();
    holder.database = database;
    await seedCatalogue(database.db, { deals: 80, seed: 47 });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  async function shopper(name: string) {
    const [user] = await db()
      .insert(users)
      .values({
        email: `${name.toLowerCase()}-${randomBytes(3).toString('hex')}@example.test`,
        firstName: name,
        customerToken: randomBytes(16).toString('hex'),
        isRegistered: true,
      })
      .returning();
    if (user === undefined) throw new Error('no user');
    return user;
  }

  async function basketWith(customerToken: string, lines: { dealId: number; productId: number }[]) {
    const token = randomBytes(16).toString('hex');
    await db().insert(baskets).values({ id: token, customerToken });
    for (const line of lines) {
      await db()
        .insert(basketLines)
        .values({ basketId: token, dealId: line.dealId, dealProductId: line.productId, quantity: 1 });
    }
    return token;
  }

  /** Joins VIP through the real order pipeline (the shopper's own checkout of the membership deal). */
  async function joinVip(name: string, now: Date) {
    const user = await shopper(name);
    const token = await basketWith(user.customerToken, [
      { dealId: VIP_SUBSCRIPTION_DEAL_ID, productId: VIP_SUBSCRIPTION_DEAL_ID },
    ]);
    const pricing = await retrieveBasketPricing(db(), token, { userId: user.id });
    const totalMinor = pricing?.breakdown.totalMinor ?? 0;
    const placed = await placeOrderSettled(db(), providers(), {
      basketToken: token,
      buyer: user,
      useWallet: false,
      expected: { totalMinor, walletUsedMinor: 0, cashAmountMinor: totalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce', save: true },
      idempotencyKey: `vip-${token}`,
      now,
      origin: ORIGIN,
    });
    if (!placed.ok) throw new Error(`VIP order refused: ${placed.message}`);
    const sub = await retrieveSubscription(db(), user.id, now);
    if (sub === null) throw new Error('no subscription after the VIP order');
    return { user, sub };
  }

  /** The reminder's cancel link token, read from the queued mail as the member would. */
  async function reminderToken(userId: number): Promise<{ token: string; text: string }> {
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, userId), eq(outbox.kind, 'vip_renewal_reminder')))
      .orderBy(asc(outbox.id));
    if (mail === undefined) throw new Error('no reminder mail');
    const text = await mailText(mail);
    const match = /\/vip\/cancel\?token=([A-Za-z0-9_-]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no cancel link in: ${text}`);
    return { token: match[1], text };
  }

  it('spec 7 deal: GET /api/v1/deal/18927099 answers the membership with its price, renewal, cancellation and cooling-off terms', async () => {
    const { status, body } = await callAsShopper(getDeal, `/api/v1/deal/${VIP_SUBSCRIPTION_DEAL_ID}`, null, {
      method: 'GET',
      params: { id: String(VIP_SUBSCRIPTION_DEAL_ID) },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: VIP_SUBSCRIPTION_DEAL_ID,
      url: `/deal/${VIP_SUBSCRIPTION_DEAL_ID}`,
      isPreview: false,
    });
    const membership = body.membership as Record<string, unknown>;
    expect(membership).toMatchObject({
      price: { amountMinor: 499, currency: 'GBP' },
      period: 'month',
      renewsUntilCancelled: true,
      coolingOffDays: COOLING_OFF_DAYS,
      reminderDaysBeforeRenewal: RENEWAL_REMINDER_DAYS,
      manageUrl: '/myaccount/subscriptions',
    });
    expect((membership.price as { amountMinor: number }).amountMinor).toBeLessThanOrEqual(VIP_MAX_COST_MINOR);
    expect(String(membership.howToCancel)).toMatch(/one step/i);
    expect(String(membership.coolingOff)).toContain('14 days of joining');
  });

  it('spec 1, 9: the membership is never listed: not in listings, search or the deals sitemap', async () => {
    clearCatalogueCaches();
    const national = await loadListingPage(
      db(),
      { kind: 'place', location: 'national' },
      parseListingFilter(new URLSearchParams()).filter,
      {
        pageSize: 500,
      },
    );
    const listed = [...(national?.deals ?? []), ...(national?.mainDeal ? [national.mainDeal] : [])].map((d) => d.id);
    expect(listed).not.toContain(VIP_SUBSCRIPTION_DEAL_ID);
    const found = await searchDeals(db(), { q: 'VIP membership', pageSize: 50 });
    expect(found.deals.map((d) => d.id)).not.toContain(VIP_SUBSCRIPTION_DEAL_ID);
    const sitemap = (await listSitemapPages(db(), 'deals', 1)) ?? [];
    expect(sitemap.map((p) => p.path)).not.toContain(`/deal/${VIP_SUBSCRIPTION_DEAL_ID}`);
  });

  it('decision 047: ?vipChecked=true neither adds VIP to the basket nor ticks it; only the shopper’s own click does', async () => {
    const user = await shopper('Nadia');
    const [deal] = await db()
      .select({ dealId: dealProducts.dealId, productId: dealProducts.id })
      .from(dealProducts)
      .innerJoin(deals, eq(deals.id, dealProducts.dealId))
      .where(and(eq(deals.status, 'live'), ne(dealProducts.dealId, VIP_SUBSCRIPTION_DEAL_ID)))
      .limit(1);
    if (deal === undefined) throw new Error('no deal');
    const token = await basketWith(user.customerToken, [deal]);
    const params = parseCheckoutParams(new URLSearchParams('vipChecked=true'));
    const view = await loadCheckout(db(), { basketToken: token, user, params, now: new Date() });
    expect(view.deals.map((line) => line.dealId)).toEqual([deal.dealId]);
    expect(JSON.stringify(view)).not.toMatch(/"vipChecked":true/);
    const stored = await db().select().from(basketLines).where(eq(basketLines.basketId, token));
    expect(stored.map((line) => line.dealId)).toEqual([deal.dealId]);
    // A guest with no basket: nothing is made for them either.
    const guest = await loadCheckout(db(), { basketToken: null, user: null, params, now: new Date() });
    expect(guest.deals).toEqual([]);
    expect(await retrieveSubscription(db(), user.id, new Date())).toBeNull();
  });

  it('decision 047: Express Buy refuses the membership (only the checkout, with its terms by the pay button, sells it)', async () => {
    // Joining saved the card, so this member has an Express Buy card.
    const { user } = await joinVip('Ezra', new Date());
    const signedIn = { id: user.id, sessionEpoch: user.sessionEpoch };
    const token = await callAsShopper(postExpressToken, '/api/v1/express-buy-token', signedIn, {
      body: { expressBuyTokenRequest: { email: user.email } },
    });
    expect(token.status).toBe(201);
    const bought = await callAsShopper(postExpressBuy, '/api/v1/express-buy', signedIn, {
      body: {
        token: token.body.token,
        dealId: VIP_SUBSCRIPTION_DEAL_ID,
        productId: VIP_SUBSCRIPTION_DEAL_ID,
        quantity: 1,
      },
      key: randomBytes(8).toString('hex'),
    });
    expect(bought.status).toBe(422);
    expect(bought.body.message).toBe(MESSAGES.expressBuyRefused);
  });

  it(`DMCC reminders: ${RENEWAL_REMINDER_DAYS} days before each renewal, once per period, with the amount, the date and a one-click cancel link`, async () => {
    const joined = new Date();
    const { user, sub } = await joinVip('Remy', joined);
    const end = sub.currentPeriodEnd;
    const early = new Date(end.getTime() - (RENEWAL_REMINDER_DAYS + 1) * DAY);
    expect(await sendRenewalReminders(db(), { now: early, origin: ORIGIN })).toBe(0);
    const due = new Date(end.getTime() - RENEWAL_REMINDER_DAYS * DAY + 3_600_000);
    expect(await sendRenewalReminders(db(), { now: due, origin: ORIGIN })).toBeGreaterThanOrEqual(1);
    // The job running again (the next hours) sends nothing more for this period.
    await sendRenewalReminders(db(), { now: new Date(due.getTime() + 3_600_000), origin: ORIGIN });
    const sent = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user.id), eq(outbox.kind, 'vip_renewal_reminder')));
    expect(sent).toHaveLength(1);
    const { text } = await reminderToken(user.id);
    expect(text).toContain('£4.99');
    expect(text).toMatch(/renews on \d+ \w+ \d{4}/);
    expect(text).toContain(`${ORIGIN}/vip/cancel?token=`);
    expect(sent[0]?.subject).toMatch(/^Your Tuppence VIP membership renews on \d+ \w+ \d{4}$/);

    // After the renewal, the next period gets its own reminder, once.
    await renewDueSubscriptions(db(), end, provider());
    const next = await retrieveSubscription(db(), user.id, end);
    expect(next?.currentPeriodStart.toISOString()).toBe(end.toISOString());
    const nextDue = new Date((next?.currentPeriodEnd ?? end).getTime() - RENEWAL_REMINDER_DAYS * DAY + 60_000);
    await sendRenewalReminders(db(), { now: nextDue, origin: ORIGIN });
    await sendRenewalReminders(db(), { now: nextDue, origin: ORIGIN });
    const reminders = await db()
      .select()
      .from(subscriptionReminders)
      .where(eq(subscriptionReminders.subscriptionId, sub.id));
    expect(reminders).toHaveLength(2);
  });

  it('no reminder after Cancel Renewal: nothing more will be charged', async () => {
    const joined = new Date();
    const { user, sub } = await joinVip('Cora', joined);
    await cancelVip(db(), providers(), { userId: user.id, now: new Date(joined.getTime() + 20 * DAY) });
    const due = new Date(sub.currentPeriodEnd.getTime() - DAY);
    await sendRenewalReminders(db(), { now: due, origin: ORIGIN });
    const rows = await db()
      .select()
      .from(subscriptionReminders)
      .where(eq(subscriptionReminders.subscriptionId, sub.id));
    expect(rows).toEqual([]);
  });

  it('the one-click cancel link works once, without signing in; a bad or expired link is refused with a clear message', async () => {
    const joined = new Date();
    const { user, sub } = await joinVip('Tara', joined);
    const remindAt = new Date(sub.currentPeriodEnd.getTime() - 2 * DAY);
    await sendRenewalReminders(db(), { now: remindAt, origin: ORIGIN });
    const { token } = await reminderToken(user.id);

    // Outside the cooling-off (day 29 of the month): the click stops the renewal, VIP to the period's end.
    const read = await readCancelToken(db(), token, remindAt);
    expect(read).toEqual({ ok: true, subscriptionId: sub.id, userId: user.id });
    const offer = await cancelLinkState(db(), providers(), read, remindAt);
    expect(offer).toEqual({ kind: 'offer', outcome: { kind: 'renewalStopped', vipUntil: sub.currentPeriodEnd } });
    if (!read.ok) throw new Error('token refused');
    const first = await cancelVip(db(), providers(), { subscriptionId: read.subscriptionId, now: remindAt });
    expect(first).toEqual({ kind: 'renewalStopped', vipUntil: sub.currentPeriodEnd });
    const second = await cancelVip(db(), providers(), { subscriptionId: read.subscriptionId, now: remindAt });
    expect(second).toEqual(first);
    expect(await retrieveSubscription(db(), user.id, remindAt)).toMatchObject({ status: 'RENEW', isValid: true });
    expect(await cancelLinkState(db(), providers(), read, remindAt)).toEqual({
      kind: 'renewalStopped',
      vipUntil: sub.currentPeriodEnd,
    });
    const cancelMails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, user.id), eq(outbox.kind, 'vip_cancelled')));
    expect(cancelMails).toHaveLength(1);
    // Nothing is charged at the period's end: the subscription lapses.
    await renewDueSubscriptions(db(), sub.currentPeriodEnd, provider());
    expect(await db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, sub.id))).toEqual(
      [],
    );

    expect(await readCancelToken(db(), 'not-a-real-token-at-all-xyz', remindAt)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await readCancelToken(db(), 'short', remindAt)).toEqual({ ok: false, reason: 'invalid' });
    const afterExpiry = new Date(sub.currentPeriodEnd.getTime() + (COOLING_OFF_DAYS + 1) * DAY);
    const expired = await readCancelToken(db(), token, afterExpiry);
    expect(expired).toEqual({ ok: false, reason: 'expired' });
    expect(await cancelLinkState(db(), providers(), expired, afterExpiry)).toEqual({
      kind: 'badLink',
      reason: 'expired',
    });
    expect(VIP_CANCEL_COPY.expired).toMatch(/expired.*My Subscriptions/);
    expect(VIP_CANCEL_COPY.invalid).toMatch(/isn't valid.*My Subscriptions/);
  });

  it(`DMCC cooling-off: within ${COOLING_OFF_DAYS} days of joining, cancelling refunds the unused part to the card and VIP ends at once; a second click changes nothing`, async () => {
    const joined = new Date();
    const { user, sub } = await joinVip('Cleo', joined);
    const at = new Date(joined.getTime() + 3 * DAY + 3_600_000);
    const expected = unusedPartMinor({ start: sub.currentPeriodStart, end: sub.currentPeriodEnd, paidMinor: 499 }, at);
    expect(expected).toBeLessThan(499);
    expect(expected).toBeGreaterThan(0);

    const result = await cancelVip(db(), providers(), { userId: user.id, now: at });
    expect(result).toEqual({
      kind: 'refunded',
      refundMinor: expected,
      refundedTo: 'card',
      refundPending: false,
      endedAt: at,
    });
    const refunds = await db().select().from(subscriptionRefunds).where(eq(subscriptionRefunds.subscriptionId, sub.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountMinor: expected, refundedTo: 'card', status: 'done', userId: user.id });
    expect(refunds[0]?.providerRefundId).toBeTruthy();
    expect(refunds[0]?.transactionId).toBeTruthy();

    const [member] = await db().select().from(users).where(eq(users.id, user.id));
    expect(member?.isVip).toBe(false);
    expect(await retrieveSubscription(db(), user.id, at)).toMatchObject({ status: 'ELIGIBLE', isValid: false });
    const mail = (
      await db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, user.id), eq(outbox.kind, 'vip_cancelled')))
    )[0];
    expect(mail === undefined ? '' : await mailText(mail)).toContain(`£${(expected / 100).toFixed(2)}`);

    // A second click (or a second tab) changes nothing.
    expect(await cancelVip(db(), providers(), { userId: user.id, now: at })).toEqual({ kind: 'alreadyCancelled' });
    expect(
      await db().select().from(subscriptionRefunds).where(eq(subscriptionRefunds.subscriptionId, sub.id)),
    ).toHaveLength(1);
    // No renewal is charged for it.
    await renewDueSubscriptions(db(), sub.currentPeriodEnd, provider());
    expect(await db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, sub.id))).toEqual(
      [],
    );
  });

  it('decision 048: a cooling-off refund takes back its share of the points the joining order earned', async () => {
    const joined = new Date();
    const { user, sub } = await joinVip('Ines', joined);
    const earned = (await retrievePoints(db(), user.id)).currentPoints;
    expect(earned).toBeGreaterThan(0);
    const result = await cancelVip(db(), providers(), { userId: user.id, now: new Date(joined.getTime() + 2 * DAY) });
    if (result.kind !== 'refunded') throw new Error(`expected a refund, got ${result.kind}`);
    // The share refunded of the order's total (the membership alone here), rounded down.
    const share = Math.floor((earned * result.refundMinor) / sub.priceMinor);
    expect(share).toBeGreaterThan(0);
    expect((await retrievePoints(db(), user.id)).currentPoints).toBe(earned - share);
  });

  it('decision 047: the membership’s line in My Vouchers is not refunded as a voucher, so a month is never refunded twice', async () => {
    const { user, sub } = await joinVip('Jude', new Date());
    const [line] = await db()
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(and(eq(vouchers.userId, user.id), eq(vouchers.dealId, VIP_SUBSCRIPTION_DEAL_ID)));
    if (line === undefined) throw new Error('the VIP order issued no line');
    const request = { voucherId: line.id, userId: user.id, now: new Date() };
    await expect(refundVoucherToCard(db(), providers(), request)).rejects.toThrow(/cancel it in My Subscriptions/);
    await expect(requestVoucherCredit(db(), request)).rejects.toThrow(/cancel it in My Subscriptions/);
    expect(await retrieveSubscription(db(), user.id, new Date())).toMatchObject({ status: 'ACTIVE', isValid: true });
    expect(await db().select().from(subscriptionRefunds).where(eq(subscriptionRefunds.subscriptionId, sub.id))).toEqual(
      [],
    );
  });

  it('DMCC cooling-off after a renewal: the renewal charge’s unused part is refunded to it', async () => {
    const joined = new Date();
    const { user, sub } = await joinVip('Rene', joined);
    await renewDueSubscriptions(db(), sub.currentPeriodEnd, provider());
    const renewed = await retrieveSubscription(db(), user.id, sub.currentPeriodEnd);
    if (renewed === null) throw new Error('not renewed');
    expect(renewed.currentPeriodStart.toISOString()).toBe(sub.currentPeriodEnd.toISOString());
    const at = new Date(renewed.currentPeriodStart.getTime() + 5 * DAY);
    const [charge] = await db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, sub.id));
    const result = await cancelVip(db(), providers(), { userId: user.id, now: at });
    const expected = unusedPartMinor(
      { start: renewed.currentPeriodStart, end: renewed.currentPeriodEnd, paidMinor: charge?.amountMinor ?? 0 },
      at,
    );
    expect(result).toMatchObject({ kind: 'refunded', refundMinor: expected });
    const [refund] = await db()
      .select()
      .from(subscriptionRefunds)
      .where(eq(subscriptionRefunds.subscriptionId, sub.id));
    expect(refund).toMatchObject({ transactionId: charge?.transactionId, status: 'done', amountMinor: expected });
  });

  it(`outside the ${COOLING_OFF_DAYS} days: no refund, the renewal stops and VIP lasts to the period's end`, async () => {
    const joined = new Date();
    const { user, sub } = await joinVip('Olga', joined);
    const at = new Date(joined.getTime() + (COOLING_OFF_DAYS + 1) * DAY);
    const result = await cancelVip(db(), providers(), { userId: user.id, now: at });
    expect(result).toEqual({ kind: 'renewalStopped', vipUntil: sub.currentPeriodEnd });
    expect(await db().select().from(subscriptionRefunds).where(eq(subscriptionRefunds.subscriptionId, sub.id))).toEqual(
      [],
    );
    expect(await retrieveSubscription(db(), user.id, at)).toMatchObject({ status: 'RENEW', isValid: true });
    const [member] = await db().select().from(users).where(eq(users.id, user.id));
    expect(member?.isVip).toBe(true);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row?.lapsedAt).toBeNull();
  });

  it(`spec 9 VIP limit: the VIP listing shows at most ${VIP_LIMIT} deals`, async () => {
    const live = await db()
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.status, 'live'), ne(deals.id, VIP_SUBSCRIPTION_DEAL_ID)))
      .orderBy(asc(deals.id))
      .limit(VIP_LIMIT + 10);
    expect(live.length).toBeGreaterThan(VIP_LIMIT);
    await db()
      .update(dealProducts)
      .set({ vipExclusive: true, visibility: 'visible', disabled: false })
      .where(
        inArray(
          dealProducts.dealId,
          live.map((d) => d.id),
        ),
      );
    clearCatalogueCaches();
    const filter = parseListingFilter(new URLSearchParams()).filter;
    const page = await loadListingPage(db(), { kind: 'vip' }, filter);
    if (page === null) throw new Error('no VIP listing');
    expect(page.total).toBeGreaterThan(VIP_LIMIT);
    const shown = page.deals.length + (page.mainDeal ? 1 : 0);
    expect(shown).toBe(VIP_LIMIT);
    // The feed API asking for more still gets at most the limit.
    const asked = await loadListingPage(db(), { kind: 'vip' }, filter, { pageSize: 200 });
    expect((asked?.deals.length ?? 0) + (asked?.mainDeal ? 1 : 0)).toBeLessThanOrEqual(VIP_LIMIT);
  });
});
