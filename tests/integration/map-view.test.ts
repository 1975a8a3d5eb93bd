/**
 * The map view's deals on embedded PGlite (decision 022; spec 9 "Map"): deals inside an area, most
 * popular first, capped by the zoom's limit, under a price, placed where src/domain/map.ts says.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { merchantPosition, roundCoordinate } from '../../src/domain/map';
import { clearCatalogueCaches, listMapDeals } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { embedded } from './databases';

const LONDON = { south: 51.3, west: -0.5, north: 51.7, east: 0.3 };
const UK = { south: 49.8, west: -8.7, north: 60.9, east: 1.8 };

describe.each(embedded)('map view deals on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    clearCatalogueCaches();
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 800, seed: 9 });
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await database?.close();
  });

  it('London deals are inside the area, most popular first, each at its merchant position', async () => {
    const deals = await listMapDeals(database.db, { bounds: LONDON, limit: 80 });
    expect(deals.length).toBeGreaterThan(5);
    for (const deal of deals) {
      expect(deal.lat).toBeGreaterThanOrEqual(LONDON.south);
      expect(deal.lat).toBeLessThanOrEqual(LONDON.north);
      expect(deal.lon).toBeGreaterThanOrEqual(LONDON.west);
      expect(deal.lon).toBeLessThanOrEqual(LONDON.east);
    }
    const rows = await database.db.execute<{
      id: number;
      popularity: number;
      merchant_id: number;
      lat: number;
      lon: number;
    }>(sql`
      select d.id, d.popularity, d.merchant_id, l.lat, l.lon from deals d join locations l on l.id = d.location_id
      where d.id in (${sql.join(
        deals.map((deal) => sql`${deal.id}`),
        sql`, `,
      )})
    `);
    const byId = new Map(rows.rows.map((row) => [Number(row.id), row]));
    const popularity = deals.map((deal) => Number(byId.get(deal.id)?.popularity));
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    // The SQL and the domain rule place a merchant at the same point (to spec 9's 3 decimals).
    for (const deal of deals.slice(0, 10)) {
      const row = byId.get(deal.id);
      if (!row) throw new Error('row missing');
      const expected = merchantPosition(Number(row.merchant_id), { lat: Number(row.lat), lon: Number(row.lon) });
      expect(deal.lat).toBeCloseTo(roundCoordinate(expected.lat), 3);
      expect(deal.lon).toBeCloseTo(roundCoordinate(expected.lon), 3);
    }
  });

  it('zooming out shows more areas: the whole UK holds more towns than London alone', async () => {
    const london = await listMapDeals(database.db, { bounds: LONDON, limit: 200 });
    const uk = await listMapDeals(database.db, { bounds: UK, limit: 200 });
    const towns = (deals: typeof uk) => new Set(deals.map((deal) => deal.locationName));
    expect(towns(uk).size).toBeGreaterThan(towns(london).size);
    expect(uk.length).toBeLessThanOrEqual(200);
  });

  it('spec 9 price filter: every deal is at or under the price', async () => {
    const deals = await listMapDeals(database.db, { bounds: UK, limit: 200, maxPriceMinor: 2000 });
    expect(deals.length).toBeGreaterThan(0);
    expect(deals.every((deal) => deal.price.amountMinor <= 2000)).toBe(true);
  });
});
