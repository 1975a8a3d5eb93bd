/**
 * The two spec 2 page types that rendered nothing (docs/decisions/052): extendLanding at /extend (what
 * a voucher extension is, for everyone; the shopper's vouchers that can be extended now, with the new
 * expiry and price the purchase at /order-addon charges) and insights at /insights (a shopper's own
 * savings, vouchers and points). Pages and their parts are rendered as the server renders them.
 */
import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import InsightsSummary from '../../src/components/account/InsightsSummary.astro';
import ExtensionExplainer from '../../src/components/vouchers/ExtensionExplainer.astro';
import ExtensionOffers from '../../src/components/vouchers/ExtensionOffers.astro';
import { formatLongDate } from '../../src/domain/format';
import { EXPIRING_SOON_DAYS, expiringSoonBy, summariseInsights } from '../../src/domain/insights';
import { formatMoney } from '../../src/domain/money';
import { layoutRequiresLogin, resolvePageType } from '../../src/domain/page-type';
import { VIP_SUBSCRIPTION_DEAL_ID } from '../../src/domain/subscription';
import { DEMO_TRADING } from '../../src/domain/trading';
import {
  ADDON_MINIMUM_MINOR,
  ADDON_PRICE_PERCENT,
  addonPriceMinor,
  LIFECYCLE_COPY,
  MAX_EXTENSION_MONTHS,
  REFUND_WINDOW_DAYS,
} from '../../src/domain/voucher-lifecycle';
import type { Database } from '../../src/server/db/client';
import { dealProducts, deals, orderLines, vouchers } from '../../src/server/db/schema';
import { isPersonalRoute } from '../../src/server/http';
import { awardOrderPoints, retrieveLoyaltyStatus } from '../../src/server/loyalty';
import { listExtensionOffers, quoteAddons } from '../../src/server/voucher-lifecycle';
import { tallyShopperVouchers } from '../../src/server/vouchers';
import { insertTestOrder, insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { createContainer } from './support/container';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const { default: YourExtensions } = await import('../../src/pages/extend/_YourExtensions.astro');
const { default: InsightsPage } = await import('../../src/pages/insights.astro');
const extendAlias = await import('../../src/pages/extend[suffix]');

const DAY = 86_400_000;

/** Astro.locals as the middleware leaves them (a shared page never sees the user). */
const locals = {
  publicOrigin: 'http://localhost:4321',
  trading: DEMO_TRADING,
  brand: 'tuppence' as const,
  theme: 'tuppence' as const,
  themeNow: new Date(),
  user: null,
  rememberLocation: null,
  location: { shortName: 'london', name: 'London' },
  pageType: 'extendLanding' as const,
};

describe.each(embedded)('the extension landing and insights on $name', (engine) => {
  let container: AstroContainer;
  beforeAll(async () => {
    shared.database = await engine.open();
    await seedCatalogue(shared.database.db, { deals: 30, seed: 52 });
    container = await createContainer();
  });
  afterAll(async () => {
    await shared.database?.close();
  });
  const db = () => {
    if (!shared.database) throw new Error('test database not open');
    return shared.database.db;
  };

  /** A shopper with one voucher per entry, each set as asked (its expiry counted from now). */
  async function shopperWith(
    now: Date,
    wanted: Array<{
      status?: 'ready' | 'booked' | 'redeemed' | 'expired' | 'refunded';
      expiresInDays: number;
      extendedMonths?: number;
    }>,
  ) {
    const user = await insertTestUser(db());
    const ids: number[] = [];
    for (const want of wanted) {
      const { vouchers: issued, order } = await insertTestOrder(db(), {
        userId: user.id,
        quantity: 1,
        now: new Date(now.getTime() - 20 * DAY),
      });
      const [voucher] = issued;
      if (!voucher) throw new Error('a voucher expected');
      await db()
        .update(vouchers)
        .set({
          status: want.status ?? 'ready',
          expiresAt: new Date(now.getTime() + want.expiresInDays * DAY),
          extendedMonths: want.extendedMonths ?? 0,
        })
        .where(eq(vouchers.id, voucher.id));
      ids.push(voucher.id);
      await awardOrderPoints(db(), order.id, now);
    }
    return { user, ids };
  }

  it('spec 2: /extend and every extend… path are extendLanding; /insights is insights, personal, for signed-in shoppers', async () => {
    for (const path of ['/extend', '/extend-voucher']) {
      expect(resolvePageType(path)).toMatchObject({ pageType: 'extendLanding', layout: 'header-footer' });
    }
    // One landing: the other extend… paths send the shopper to it.
    const alias = await extendAlias.GET({} as Parameters<typeof extendAlias.GET>[0]);
    expect(alias.status).toBe(301);
    expect(alias.headers.get('location')).toBe('/extend');

    const insights = resolvePageType('/insights');
    expect(insights).toMatchObject({ pageType: 'insights', layout: 'account' });
    expect(layoutRequiresLogin(insights.layout)).toBe(true);
    expect(isPersonalRoute('/insights', insights.layout)).toBe(true);
    // The landing is a shared page: its personal part is a server island.
    expect(isPersonalRoute('/extend', resolvePageType('/extend').layout)).toBe(false);
  });

  it('spec 1, spec 2: everyone sees what an extension is, in the add-on rules’ own figures, and nothing personal', async () => {
    // The shared part of /extend (the page caches it for everyone: its header is checked end to end).
    const html = await container.renderToString(ExtensionExplainer);
    const text = html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(text).toContain(`up to ${MAX_EXTENSION_MONTHS} months in all`);
    expect(text).toContain(`Each month costs ${ADDON_PRICE_PERCENT}% of what you paid for the voucher`);
    expect(html).toContain(formatMoney({ amountMinor: ADDON_MINIMUM_MINOR, currency: 'GBP' }));
    // A worked example priced by the purchase's own rule.
    expect(html).toContain(formatMoney({ amountMinor: addonPriceMinor('VVE', 2500, 2), currency: 'GBP' }));
    expect(html).toContain(LIFECYCLE_COPY.notExtendable);
    expect(text).toContain(`still ends ${REFUND_WINDOW_DAYS} days after you bought the voucher`);
    expect(html).toContain('/page/e-commerceterms#voucher-validity-extensions');
    expect(html).not.toContain('/order-addon');
  });

  it('spec 2: a guest’s part of /extend is a sign-in link that comes back to /extend, never cached', async () => {
    const response = await container.renderToResponse(YourExtensions, {
      request: new Request('http://localhost/extend'),
      locals,
    });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('href="/login?redirect=%2Fextend"');
    expect(html).toContain('Sign in to see which of your vouchers can be extended');
    expect(html).not.toContain('/order-addon');
  });

  it('spec 1, spec 9: a shopper sees only the vouchers they can extend now, each with the expiry, new expiry and price the purchase charges', async () => {
    const now = new Date();
    const { user, ids } = await shopperWith(now, [
      { expiresInDays: 10 },
      { status: 'booked', expiresInDays: 40, extendedMonths: 1 },
      { expiresInDays: 60, extendedMonths: MAX_EXTENSION_MONTHS },
      { status: 'expired', expiresInDays: -1 },
      { status: 'redeemed', expiresInDays: 30 },
      { status: 'ready', expiresInDays: -2 },
    ]);
    const [soonest, booked] = ids;
    // Another shopper's voucher is never theirs to extend.
    await shopperWith(now, [{ expiresInDays: 5 }]);

    const offers = await listExtensionOffers(db(), user.id, now);
    expect(offers.map((offer) => offer.voucherId)).toEqual([soonest, booked]);
    expect(offers.map((offer) => offer.options.length)).toEqual([MAX_EXTENSION_MONTHS, MAX_EXTENSION_MONTHS - 1]);
    // The same months, prices and new expiry dates as the /order-addon purchase quotes.
    for (const offer of offers) {
      const quote = await quoteAddons(db(), { voucherId: offer.voucherId, userId: user.id, now });
      expect(offer.options).toEqual(quote?.extensionPrices);
    }

    const html = await container.renderToString(ExtensionOffers, { props: { offers } });
    const [first] = offers;
    const firstOption = first?.options[0];
    if (!first || !firstOption) throw new Error('an offer expected');
    expect(html).toContain(first.code);
    expect(html).toContain(formatLongDate(first.expiresAt));
    expect(html).toContain(formatLongDate(firstOption.newExpiresAt));
    expect(html).toContain(formatMoney({ amountMinor: firstOption.amountMinor, currency: 'GBP' }));
    expect(html).toContain(`href="/order-addon?voucherId=${soonest}&amp;addonType=VVE"`);
    expect(html.match(/Extend this voucher/g)).toHaveLength(2);
    expect(html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')).toContain(
      'These 2 vouchers can be extended now, soonest expiry first.',
    );
  });

  it('spec 2: a shopper with nothing to extend is told so (the VIP membership is not a voucher to extend)', async () => {
    const now = new Date();
    const { user, ids } = await shopperWith(now, [{ status: 'redeemed', expiresInDays: 30 }, { expiresInDays: 90 }]);
    const [, membership] = ids;
    // decision 047: the VIP month's line is managed in My Subscriptions, not extended.
    const [vip] = await db().select({ id: deals.id }).from(deals).where(eq(deals.id, VIP_SUBSCRIPTION_DEAL_ID));
    if (vip && membership) await db().update(vouchers).set({ dealId: vip.id }).where(eq(vouchers.id, membership));
    else if (membership) await db().update(vouchers).set({ status: 'redeemed' }).where(eq(vouchers.id, membership));

    const offers = await listExtensionOffers(db(), user.id, now);
    expect(offers).toEqual([]);
    const html = await container.renderToString(ExtensionOffers, { props: { offers } });
    expect(html).toContain('None of your vouchers can be extended right now.');
    expect(html).toContain('href="/myaccount/vouchers"');
  });

  it('spec 2 insights: a shopper sees their savings on original prices, vouchers used, unused and expiring soon, and their points', async () => {
    const now = new Date();
    const { user, ids } = await shopperWith(now, [
      { status: 'redeemed', expiresInDays: 30 },
      { expiresInDays: 5 },
      { status: 'booked', expiresInDays: EXPIRING_SOON_DAYS + 30 },
      { status: 'expired', expiresInDays: -3 },
      { status: 'refunded', expiresInDays: 50 },
    ]);
    await shopperWith(now, [{ expiresInDays: 2 }]);

    // What each kept voucher saved: its option's original price less what was paid for it.
    const rows = await db()
      .select({ id: vouchers.id, paid: orderLines.unitPriceMinor, original: dealProducts.originalPriceMinor })
      .from(vouchers)
      .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
      .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
      .where(inArray(vouchers.id, ids.slice(0, 3)));
    const savedMinor = rows.reduce((sum, row) => sum + Math.max(0, row.original - row.paid), 0);
    const paidMinor = rows.reduce((sum, row) => sum + row.paid, 0);
    expect(savedMinor).toBeGreaterThan(0);

    const tally = await tallyShopperVouchers(db(), user.id, { now, expiringBy: expiringSoonBy(now) });
    const insights = summariseInsights(tally.tallies, tally.expiringSoon);
    expect(insights.saved).toEqual([{ currency: 'GBP', amountMinor: savedMinor }]);
    expect(insights.paid).toEqual([{ currency: 'GBP', amountMinor: paidMinor }]);
    expect(insights.counts).toEqual({ used: 1, unused: 2, expired: 1, givenBack: 1 });
    expect(insights.expiringSoon).toBe(1);

    const loyalty = await retrieveLoyaltyStatus(db(), user.id);
    expect(loyalty.currentPoints).toBeGreaterThan(0);
    const html = await container.renderToString(InsightsSummary, { props: { insights, loyalty } });
    expect(html).toContain(formatMoney({ amountMinor: savedMinor, currency: 'GBP' }));
    expect(html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ')).toContain(
      `Saved on the original prices of the 3 vouchers you have used or can still use, for which you paid ${formatMoney({ amountMinor: paidMinor, currency: 'GBP' })}.`,
    );
    expect(html).toContain(`1 voucher expires in the next ${EXPIRING_SOON_DAYS} days.`);
    expect(html).toContain('href="/extend"');
    expect(html).toContain(`${loyalty.currentPoints.toLocaleString('en-GB')} points`);
    expect(html).toContain(loyalty.currentLevel.name);
  });

  it('spec 2 insights: a shopper with no vouchers yet sees no saving and the way to a deal', async () => {
    const user = await insertTestUser(db());
    const now = new Date();
    const tally = await tallyShopperVouchers(db(), user.id, { now, expiringBy: expiringSoonBy(now) });
    const insights = summariseInsights(tally.tallies, tally.expiringSoon);
    const loyalty = await retrieveLoyaltyStatus(db(), user.id);
    const html = await container.renderToString(InsightsSummary, { props: { insights, loyalty } });
    expect(html).toContain('Nothing yet: savings on the vouchers you buy show here.');
    expect(html).toContain("You don't have any vouchers yet.");
    expect(html).toContain('0 points');
  });

  it('spec 2: /insights sends a guest to sign in and back', async () => {
    const response = await container.renderToResponse(InsightsPage, {
      request: new Request('http://localhost/insights'),
      locals: { ...locals, pageType: 'insights' as const },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login?redirect=%2Finsights');
  });
});
