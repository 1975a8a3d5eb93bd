/**
 * Spec 7 gifting calls (decision 028) over the endpoint() boundary: the gift finder feed (giftFor and
 * the same filters; 404 for an unknown recipient, 400 without a place), checkout/config/gifting
 * (spec 9 pack steps 150 to 1500), and the claim and redeem calls asking a guest to sign in.
 */
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import type { Database } from '../../src/server/db/client';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { GET: giftFinderFeed } = await import('../../src/pages/api/v1/gift-finder');
const { GET: giftingConfig } = await import('../../src/pages/api/v1/checkout/config/gifting');
const { POST: giftRedeem } = await import('../../src/pages/api/v1/deal/gift-redeem');
const { POST: giftCardRedeem } = await import('../../src/pages/api/v1/gift-card/redeem');

function context(url: string, init?: RequestInit): APIContext {
  const session = { get: async () => undefined, set: () => undefined, destroy: () => undefined };
  const cookies = { get: () => undefined, set: () => undefined, delete: () => undefined };
  return {
    url: new URL(url),
    params: {},
    request: new Request(url, init),
    session,
    cookies,
    locals: { now: new Date(), brand: 'tuppence' },
  } as unknown as APIContext;
}

describe.each(embedded)('spec 7 gifting calls on $name', (engine) => {
  beforeAll(async () => {
    shared.database = await engine.open();
    await seedCatalogue(shared.database.db, { deals: 300, seed: 11 });
  }, 120_000);

  afterAll(async () => {
    await shared.database?.close();
  });

  it('the gift finder feed answers a page of 12 for a recipient, 404 for an unknown one, 400 without a place', async () => {
    const ok = await giftFinderFeed(
      context('http://shop.test/api/v1/gift-finder?giftFor=mum&location=wellness-collection&category=beauty'),
    );
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.pageSize).toBe(12);
    expect(body.path).toBe('/wellness-collection/beauty/gift-finder/gifts-for-mum');
    expect(body.count, JSON.stringify(body).slice(0, 300)).toBeGreaterThan(0);
    expect(body.deals.length).toBeGreaterThan(0);
    expect(body.deals.length).toBeLessThanOrEqual(12);

    const unknown = await giftFinderFeed(
      context('http://shop.test/api/v1/gift-finder?giftFor=the-cat&location=london&category=beauty'),
    );
    expect(unknown.status).toBe(404);
    const missing = await giftFinderFeed(context('http://shop.test/api/v1/gift-finder?giftFor=mum'));
    expect(missing.status).toBe(400);
  });

  it('checkout/config/gifting tells the delivery options, wrap price and spec 9 pack steps', async () => {
    const response = await giftingConfig(context('http://shop.test/api/v1/checkout/config/gifting'));
    const body = await response.json();
    expect(body.deliveryOptions).toEqual(['e-gift', 'ndd-gpk', 'std-gpk', 'none']);
    expect(body.giftPackPreset.priceSteps[0]).toBe(150);
    expect(body.giftPackPreset.priceSteps.at(-1)).toBe(1500);
    expect(body.giftWrapPreset.quantity).toBe(0);
  });

  it('claiming a gift or redeeming a gift card needs a signed-in account (401)', async () => {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'GIFT-AAAA-BBBB-CCCC' }),
    };
    expect((await giftRedeem(context('http://shop.test/api/v1/deal/gift-redeem', init))).status).toBe(401);
    expect((await giftCardRedeem(context('http://shop.test/api/v1/gift-card/redeem', init))).status).toBe(401);
  });
});
