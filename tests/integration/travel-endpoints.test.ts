/**
 * Travel's spec 7 calls (decision 029): flights, travel/products/deal and the evergreen-deals service answer
 * from the seeded catalogue, and bad input with a clear 4xx (spec 8 "dealIdOverride must be specified on
 * Evergreen path"), never a 500.
 */
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import {
  EvergreenDealResponseSchema,
  FlightsResponseSchema,
  TravelProductsResponseSchema,
} from '../../src/contracts/travel';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { GET: getFlights } = await import('../../src/pages/api/v1/flights');
const { GET: getTravelProducts } = await import('../../src/pages/api/v1/travel/products/deal/[id]');
const { GET: getEvergreen } = await import('../../src/pages/api/v1/evergreen-deal');

function context(url: string, params: Record<string, string> = {}): APIContext {
  return { url: new URL(url), params, request: new Request(url) } as unknown as APIContext;
}

const [pglite] = embedded;

describe('travel endpoints', () => {
  let datedDealId = 0;
  let flightDealId = 0;

  beforeAll(async () => {
    if (!pglite) throw new Error('no engine');
    clearCatalogueCaches();
    shared.database = await pglite.open();
    await seedCatalogue(shared.database.db, { deals: 400, seed: 3 });
    const { db } = shared.database;
    const dated = await db.execute<{ id: number }>(sql`
      select p.deal_id as id from deal_product_nights n join deal_products p on p.id = n.product_id
      join deals d on d.id = p.deal_id where d.status = 'live' order by p.deal_id limit 1`);
    datedDealId = Number(dated.rows[0]?.id);
    const flying = await db.execute<{ id: number }>(sql`
      select p.deal_id as id from deal_product_flights f join deal_products p on p.id = f.product_id
      join deals d on d.id = p.deal_id where d.status = 'live' order by p.deal_id limit 1`);
    flightDealId = Number(flying.rows[0]?.id);
  }, 120_000);

  afterAll(async () => {
    await shared.database?.close();
  });

  it('spec 7 travel/products/deal: options with nights on sale and the check-in dates a stay can start', async () => {
    const response = await getTravelProducts(
      context(`http://localhost/api/v1/travel/products/deal/${datedDealId}`, { id: String(datedDealId) }),
    );
    expect(response.status).toBe(200);
    const body = TravelProductsResponseSchema.parse(await response.json());
    const dated = body.products.find((p) => p.nights.length > 0);
    expect(dated?.checkInDates.length).toBeGreaterThan(0);
    const bad = await getTravelProducts(
      context(`http://localhost/api/v1/travel/products/deal/${datedDealId}?from=soon`, { id: String(datedDealId) }),
    );
    expect(bad.status).toBe(400);
  });

  it('spec 7 flights: departure airports with supplements; an unknown deal is a 404', async () => {
    const response = await getFlights(context(`http://localhost/api/v1/flights?dealId=${flightDealId}`));
    const body = FlightsResponseSchema.parse(await response.json());
    const airports = body.products[0]?.airports ?? [];
    expect(airports.length).toBeGreaterThanOrEqual(2);
    expect(airports[0]?.supplement.amountMinor).toBe(0);
    expect((await getFlights(context('http://localhost/api/v1/flights?dealId=99'))).status).toBe(404);
  });

  it('spec 7 evergreen-deals: a seeded slug names a live deal; an override wins; none is spec 8’s 400', async () => {
    const found = await getEvergreen(
      context('http://localhost/api/v1/evergreen-deal?path=/deals/travel/e/hotel-break'),
    );
    expect(found.status).toBe(200);
    expect(EvergreenDealResponseSchema.parse(await found.json()).url).toMatch(/^\/deal\/\d+$/);
    const override = await getEvergreen(
      context(`http://localhost/api/v1/evergreen-deal?path=/deals/london/e/nothing&dealIdOverride=${datedDealId}`),
    );
    expect(await override.json()).toMatchObject({ dealId: datedDealId });
    const missing = await getEvergreen(context('http://localhost/api/v1/evergreen-deal?path=/deals/london/e/nothing'));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'dealIdOverride must be specified on Evergreen path' });
  });
});
