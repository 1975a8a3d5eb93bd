/**
 * Campaigns and consent (decision 025) on the embedded database: email sign-up with double opt-in
 * through the outbox (spec 7 email, email/verify), preferences and one-click unsubscribe with
 * List-Unsubscribe headers on marketing mail, the campaign endpoint under consent (spec 5, spec 9
 * lifetimes), editor-configured landings (/ppc, /welcome), the spec 3 logging record and the one-click
 * origin exemption.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import type { Database } from '../../src/server/db/client';
import { basketLines, baskets, dealProducts, emailSubscribers, outbox } from '../../src/server/db/schema';
import { createMailTransport, deliverPendingMail } from '../../src/server/mail';
import { insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { postWithCookies } from './support/cookie-call';
import { mailText } from './support/mail';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const subscribers = await import('../../src/server/email-subscribers');
const landings = await import('../../src/server/landings');
const campaignRoute = await import('../../src/pages/api/v1/campaign');
const emailRoute = await import('../../src/pages/api/v1/email');
const { buildLogRecord } = await import('../../src/server/log');
const { isForbiddenCrossOriginRequest } = await import('../../src/server/http');

const ORIGIN = 'https://shop.test';
const YEAR = 365 * 24 * 60 * 60;

/** An endpoint call with a cookie jar: what it set (name → value and Max-Age) and what it removed. */
const call = (pathname: string, body: unknown, jar: Record<string, string> = {}) =>
  postWithCookies(pathname, body, { jar });

const marketingYes = { consent: 'groups%3DC0001%3A1%2CC0002%3A1%2CC0003%3A1%2CC0004%3A1' };
const marketingNo = { consent: 'groups%3DC0001%3A1%2CC0002%3A1%2CC0003%3A1%2CC0004%3A0' };

describe.each(embedded)('email sign-up, consent, reminders and landings on $name', (engine) => {
  const run = `${engine.name}-${Date.now()}`;
  beforeAll(async () => {
    shared.database = await engine.open();
    await seedCatalogue(shared.database.db, { deals: 40, seed: 25 });
  });
  afterAll(async () => {
    await shared.database?.close();
  });
  const db = () => {
    if (!shared.database) throw new Error('test database not open');
    return shared.database.db;
  };
  const mailTo = async (email: string) =>
    db().select().from(outbox).where(eq(outbox.recipient, email)).orderBy(outbox.id);
  /** The text part of a queued mail, as sent ('' when there is none). */
  const textOf = async (mail: Awaited<ReturnType<typeof mailTo>>[number] | undefined) =>
    mail === undefined ? '' : mailText(mail);
  /** The token in the first mail to an address (the double opt-in link). */
  const mailedToken = async (email: string) =>
    (await textOf((await mailTo(email))[0])).match(/token=([\w-]+)/)?.[1] ?? '';

  describe('spec 7 email and email/verify (double opt-in)', () => {
    it('a sign-up answers 202 and mails one confirmation link; the link subscribes the address once', async () => {
      const email = `Lightbox-${run}@Example.co.uk`;
      const { context } = call('/api/v1/email', { email });
      const response = await emailRoute.POST(context);
      expect(response.status).toBe(202);
      expect(await response.json()).toMatchObject({ message: expect.stringContaining('check your inbox') });

      const lower = email.toLowerCase();
      const [mail, ...more] = await mailTo(lower);
      expect(more).toHaveLength(0);
      expect(mail?.subject).toBe('Confirm your Tuppence deals emails');
      const text = await textOf(mail);
      const token = text.match(/token=([\w-]+)/)?.[1] ?? '';
      expect(text).toContain(`/email/verify?email=${encodeURIComponent(lower)}&token=`);
      const [pending] = await db().select().from(emailSubscribers).where(eq(emailSubscribers.email, lower));
      expect(pending?.status).toBe('pending');

      // A second sign-up within two minutes sends nothing more (no inbox flooding).
      await emailRoute.POST(call('/api/v1/email', { email: lower }).context);
      expect(await mailTo(lower)).toHaveLength(1);

      expect(await subscribers.verifySubscription(db(), { email: lower, token: `${token}x` })).toBeNull();
      const verified = await subscribers.verifySubscription(db(), { email: lower, token });
      expect(verified?.status).toBe('subscribed');
      expect(await subscribers.verifySubscription(db(), { email: lower, token })).toBeNull();

      // Already subscribed: the same answer, and no mail.
      expect(await subscribers.signUp(db(), { email: lower, source: 'lightbox', origin: ORIGIN })).toBe(
        'already-subscribed',
      );
      expect(await mailTo(lower)).toHaveLength(1);
    });

    it('a bad address is a 400 with the spec 5 message, and nothing is stored', async () => {
      const response = await emailRoute.POST(call('/api/v1/email', { email: 'not-an-email' }).context);
      expect(response.status).toBe(400);
      // spec 5 / 8: the sign-up's own words (docs/decisions/060).
      expect(await response.json()).toMatchObject({ message: 'Invalid Email. Please enter a valid email address' });
    });

    it('an expired link does not subscribe', async () => {
      const email = `late-${run}@example.co.uk`;
      const then = new Date(Date.now() - subscribers.VERIFY_LIFETIME_MS - 60_000);
      await subscribers.signUp(db(), { email, source: 'lightbox', origin: ORIGIN, now: then });
      const token = await mailedToken(email);
      expect(await subscribers.verifySubscription(db(), { email, token })).toBeNull();
    });
  });

  describe('/email/preferences and one-click unsubscribe', () => {
    it('saves topics and frequency, unsubscribes in one click, and marketing mail carries List-Unsubscribe', async () => {
      const email = `prefs-${run}@example.co.uk`;
      await subscribers.signUp(db(), { email, source: 'lightbox', origin: ORIGIN });
      const token = await mailedToken(email);
      const subscriber = await subscribers.verifySubscription(db(), { email, token });
      const manage = subscriber?.manageToken ?? '';
      expect(subscriber?.topics).toEqual(['local', 'travel', 'shop', 'gifts', 'vip']);

      const choice = subscribers.readPreferences({ topics: ['travel', 'bogus', 'local'], frequency: 'monthly' });
      expect(choice).toEqual({ topics: ['local', 'travel'], frequency: 'monthly' });
      const saved = await subscribers.updatePreferences(db(), manage, choice);
      expect(saved).toMatchObject({ topics: ['local', 'travel'], frequency: 'monthly', status: 'subscribed' });
      expect(await subscribers.updatePreferences(db(), 'x'.repeat(43), choice)).toBeNull();

      // A marketing mail through the outbox carries RFC 8058 headers to the same manage token.
      await db().transaction((tx) =>
        subscribers.enqueueMarketingMail(tx, {
          recipient: email,
          kind: 'basket_abandon',
          subject: 'Deals of the week',
          template: 'notice',
          data: { paragraphs: ['Spa days from £29.'] },
          manageToken: manage,
          origin: ORIGIN,
        }),
      );
      const mailDir = await mkdtemp(path.join(tmpdir(), 'tuppence-mail-'));
      await deliverPendingMail(db(), createMailTransport({ mailDir }));
      const files = await readdir(mailDir);
      const sources = await Promise.all(files.map((file) => readFile(path.join(mailDir, file), 'utf8')));
      // Header lines as a mail client reads them (long ones are folded onto continuation lines).
      const newsletter = sources.find((source) => source.includes('Deals of the week'))?.replace(/\r?\n[ \t]+/g, ' ');
      expect(newsletter).toContain(`List-Unsubscribe: <${ORIGIN}/email/unsubscribe?token=${manage}>`);
      expect(newsletter).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

      const gone = await subscribers.unsubscribe(db(), manage);
      expect(gone?.status).toBe('unsubscribed');
      expect(await subscribers.isSubscribed(db(), email)).toBeNull();
      // Idempotent: a second click keeps the first unsubscribe time.
      const again = await subscribers.unsubscribe(db(), manage);
      expect(again?.unsubscribedAt).toEqual(gone?.unsubscribedAt);
    });

    it('one-click posts from a mail provider pass the cross-site check; other cross-site form posts do not', () => {
      const post = (pathname: string, headers: Record<string, string>) => {
        const url = new URL(`https://shop.test${pathname}`);
        return isForbiddenCrossOriginRequest(new Request(url, { method: 'POST', headers }), url);
      };
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      expect(post('/email/unsubscribe', form)).toBe(false);
      expect(post('/email/preferences', form)).toBe(true);
      expect(post('/email/preferences', { ...form, origin: 'https://shop.test' })).toBe(false);
      expect(post('/consume-token', { ...form, origin: 'https://evil.test' })).toBe(true);
    });
  });

  describe('spec 5 / spec 9: the campaign endpoint', () => {
    it('with marketing consent, keeps gclid and msclkid 365 days, awin and the affiliate source 30', async () => {
      const { context, set } = call(
        '/api/v1/campaign',
        { search: '?gclid=abc&msclkid=m1&awc=77_x&utm_source=awin&utm_medium=affiliate' },
        marketingYes,
      );
      await campaignRoute.POST(context);
      expect(set.get('gclid')).toMatchObject({ value: 'abc', maxAge: YEAR, httpOnly: true });
      expect(set.get('msclkid')).toMatchObject({ value: 'm1', maxAge: YEAR });
      expect(set.get('awin')).toMatchObject({ value: '77_x', maxAge: 30 * 86_400 });
      // Readable: the lightbox never shows to a shopper with an affiliate source (spec 6).
      expect(set.get('affiliate_source')).toMatchObject({ maxAge: 30 * 86_400, httpOnly: false });
      expect(set.get('user_source')).toMatchObject({ value: 'awin|affiliate|', maxAge: 30 * 86_400 });
    });

    it('without marketing consent (refused or not yet given), sets none and removes those held', async () => {
      for (const consent of [marketingNo, {}]) {
        const { context, set, removed } = call(
          '/api/v1/campaign',
          { search: '?gclid=abc&utm_medium=email' },
          {
            ...consent,
            gclid: 'old',
            brand_email: '1',
            brand_user: 'subscribed',
          },
        );
        const response = await campaignRoute.POST(context);
        expect(await response.json()).toMatchObject({ marketingConsent: false, attribution: null });
        expect([...set.keys()]).toEqual([]);
        expect(removed).toEqual(expect.arrayContaining(['gclid', 'brand_email']));
      }
    });
  });

  describe('spec 7 basketabandon: the abandoned-basket reminder', () => {
    /** A subscribed (or not) signed-in shopper's open basket with one line, last touched `hoursAgo`. */
    async function basketOf(label: string, subscribed: boolean, hoursAgo: number) {
      const email = `${label}-${run}@example.co.uk`;
      const user = await insertTestUser(db(), email);
      if (subscribed) {
        await subscribers.signUp(db(), { email, source: 'lightbox', origin: ORIGIN });
        const token = await mailedToken(email);
        await subscribers.verifySubscription(db(), { email, token });
      }
      const [product] = await db().select().from(dealProducts).limit(1);
      if (!product) throw new Error('seed the catalogue first');
      const id = `basket-${label}-${run}`;
      const touched = new Date(Date.now() - hoursAgo * 60 * 60 * 1000);
      await db().insert(baskets).values({ id, customerToken: user.customerToken, updatedAt: touched });
      await db()
        .insert(basketLines)
        .values({ basketId: id, dealId: product.dealId, dealProductId: product.id, quantity: 1 });
      return { email, id };
    }
    const reminders = async (email: string) =>
      (await mailTo(email)).filter((mail) => mail.subject === 'You left something in your basket');

    it('mails a consenting shopper once per basket, with List-Unsubscribe, and nobody else', async () => {
      const left = await basketOf('left', true, 30);
      const fresh = await basketOf('fresh', true, 2);
      const noConsent = await basketOf('noconsent', false, 30);
      const now = new Date();

      expect(await subscribers.remindAbandonedBaskets(db(), { now, origin: ORIGIN })).toBe(1);
      const [reminder, ...more] = await reminders(left.email);
      expect(more).toHaveLength(0);
      const text = await textOf(reminder);
      expect(text).toContain(`${ORIGIN}/checkout`);
      expect(text).toContain('/email/unsubscribe?token=');
      // What is in the basket, priced now, and the way back to it.
      expect(text).toContain('Basket total');
      expect(text).toContain(`Go to your basket ${ORIGIN}/checkout`);
      expect(reminder?.payload).toMatchObject({ 'header:List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      expect(await reminders(fresh.email)).toHaveLength(0);
      expect(await reminders(noConsent.email)).toHaveLength(0);

      // Once per basket: the next run (and a basket touched again) sends nothing more.
      expect(await subscribers.remindAbandonedBaskets(db(), { now, origin: ORIGIN })).toBe(0);
      await db()
        .update(baskets)
        .set({ updatedAt: new Date(Date.now() - 40 * 60 * 60 * 1000) })
        .where(eq(baskets.id, left.id));
      expect(await subscribers.remindAbandonedBaskets(db(), { now, origin: ORIGIN })).toBe(0);
      expect(await reminders(left.email)).toHaveLength(1);
    });

    it('an unsubscribed shopper and an ordered basket get no reminder', async () => {
      const gone = await basketOf('gone', true, 30);
      const [row] = await db().select().from(emailSubscribers).where(eq(emailSubscribers.email, gone.email));
      await subscribers.unsubscribe(db(), row?.manageToken ?? '');
      const bought = await basketOf('bought', true, 30);
      await db().update(baskets).set({ status: 'ordered' }).where(eq(baskets.id, bought.id));
      expect(await subscribers.remindAbandonedBaskets(db(), { now: new Date(), origin: ORIGIN })).toBe(0);
    });
  });

  describe('editor-configured landings (/ppc, /welcome)', () => {
    it('shows the defaults until an editor saves, then the saved headline, offer, indexing and feed', async () => {
      expect(await landings.retrieveLanding(db(), 'ppc')).toEqual(landings.LANDING_DEFAULTS.ppc);
      const input = landings.LandingInputSchema.parse({
        headline: 'Spa days for less',
        feed: { searchTag: 'spa', pageSize: 5, orderBy: 'pricelow' },
        offer: { title: 'Half price spa', text: '', ctaLabel: 'Go', ctaUrl: '/deals/london/beauty/spa' },
        indexable: true,
      });
      const saved = await landings.saveLanding(db(), 'ppc', input);
      expect(saved).toMatchObject({
        headline: 'Spa days for less',
        indexable: true,
        offer: { title: 'Half price spa' },
      });
      expect(await landings.retrieveLanding(db(), 'welcome')).toEqual(landings.LANDING_DEFAULTS.welcome);
      // An unknown location shows none rather than everything; a known feed shows its size.
      expect(await landings.landingDeals(db(), { location: 'atlantis' })).toEqual([]);
      const feed = await landings.landingDeals(db(), { pageSize: 5, orderBy: 'pricelow' });
      expect(feed.length).toBeGreaterThan(0);
      expect(feed.length).toBeLessThanOrEqual(5);
    });

    it('refuses an offer link off the site', () => {
      const parsed = landings.LandingInputSchema.safeParse({
        headline: 'x',
        offer: { title: 't', text: '', ctaLabel: 'c', ctaUrl: 'https://evil.test/' },
      });
      expect(parsed.success).toBe(false);
    });
  });
});

describe('spec 3 logging record', () => {
  it('has exactly the spec fields, tokens as pseudonyms, the page as a path without its query', () => {
    const record = buildLogRecord({
      brand: 'tuppence',
      description: 'Page not found for ada@example.co.uk',
      basketToken: 'bskt_0123456789abcdef',
      customerToken: 'cust_0123456789',
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      pageNotFound: '/deal/99999?token=secret-value',
      now: new Date('2026-11-24T18:40:05Z'),
    });
    expect(Object.keys(record).sort()).toEqual(
      [
        'basketToken',
        'brand',
        'customerToken',
        'dateTime',
        'description',
        'ip',
        'pageNotFound',
        'reason',
        'userAgent',
      ].sort(),
    );
    expect(record).toMatchObject({
      brand: 'tuppence',
      dateTime: '24/November/2026 18:40:05',
      pageNotFound: '/deal/99999',
      description: 'Page not found for [email]',
      ip: '203.0.113.9',
    });
    expect(record.basketToken).toMatch(/^sha256:[0-9a-f]{12}$/);
    expect(JSON.stringify(record)).not.toContain('0123456789');
  });
});
