/**
 * Shared home rails, the near-me lookups and the sitemaps, on embedded PGlite (spec 2 home rails and
 * hyperlocal hub; spec 7 nearmelocation and early-bird-deal).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import {
  findLocationByName,
  findLocationByPostcode,
  findNearestLocation,
  listHyperlocalDeals,
  retrieveChosenTown,
  searchPlace,
} from '../../src/server/locations';
import { listEarlyBirdDeals, listNewProducts } from '../../src/server/rails';
import { countSitemapFiles, listSitemapPages } from '../../src/server/sitemap';
import { embedded } from './databases';

describe.each(embedded)('near me, rails and sitemaps on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    clearCatalogueCaches();
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 600, seed: 5 });
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await database?.close();
  });

  it('spec 2 Early Bird Deals: only live deals whose early-bird date is still ahead', async () => {
    const db = database.db;
    // A shopper would notice an expired early bird: make sure the catalogue has some of both.
    await db.execute(sql`update deals set early_bird_until = now() - interval '1 day' where id % 7 = 0`);
    await db.execute(sql`update deals set early_bird_until = now() + interval '5 days' where id % 7 = 1`);
    const page = await listEarlyBirdDeals(db, { pageSize: 100 });
    expect(page?.deals.length).toBeGreaterThan(0);
    const ids = page?.deals.map((deal) => deal.id) ?? [];
    const rows = await db.execute<{ id: number; future: boolean }>(sql`
      select id, early_bird_until > now() as future from deals where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    `);
    expect(rows.rows.every((row) => row.future === true)).toBe(true);
    const expectedTotal = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from deals
      where status = 'live' and closing_date > now() and early_bird_until > now()
    `);
    expect(page?.total).toBe(expectedTotal.rows[0]?.n);
  });

  it('early-bird pages do not overlap and an unknown location is null', async () => {
    const first = await listEarlyBirdDeals(database.db, { page: 0, pageSize: 5 });
    const second = await listEarlyBirdDeals(database.db, { page: 1, pageSize: 5 });
    const firstIds = new Set(first?.deals.map((d) => d.id));
    expect(second?.deals.some((d) => firstIds.has(d.id))).toBe(false);
    expect(await listEarlyBirdDeals(database.db, { location: 'atlantis' })).toBeNull();
  });

  it('spec 2 New Products: newest first', async () => {
    const deals = await listNewProducts(database.db, 'london', 12);
    expect(deals.length).toBeGreaterThan(3);
    const ids = deals.map((d) => d.id);
    const rows = await database.db.execute<{ id: number; created: string }>(sql`
      select id, created_at::text as created from deals where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    `);
    const created = new Map(rows.rows.map((row) => [row.id, new Date(row.created).getTime()]));
    const times = ids.map((id) => created.get(id) ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(deals.every((d) => d.locationName === 'London')).toBe(true);
  });

  it('the nearest location to Leeds coordinates is Leeds', async () => {
    const nearest = await findNearestLocation(database.db, { lat: 53.7997, lon: -1.5492 });
    expect(nearest?.location.shortName).toBe('leeds');
    expect(nearest?.distanceKm).toBeLessThan(1);
    expect(await findNearestLocation(database.db, { lat: 123, lon: 0 })).toBeNull();
  });

  it('a postcode or a town name finds a town; a bad postcode is told apart from an unknown town', async () => {
    expect((await findLocationByPostcode(database.db, 'LS1 4AP'))?.shortName).toBe('leeds');
    expect((await findLocationByName(database.db, 'stoke on trent'))?.shortName).toBe('stoke-on-trent');
    expect(await searchPlace(database.db, 'Glasgow')).toMatchObject({ kind: 'found', via: 'town' });
    expect(await searchPlace(database.db, 'eh1 1yz')).toMatchObject({ kind: 'found', via: 'postcode' });
    expect(await searchPlace(database.db, 'LS1 4A')).toEqual({ kind: 'invalid-postcode' });
    expect(await searchPlace(database.db, 'Atlantis')).toEqual({ kind: 'unknown-town' });
  });

  it('the chosen town is the remembered one, else London', async () => {
    expect((await retrieveChosenTown(database.db, 'leeds'))?.shortName).toBe('leeds');
    expect((await retrieveChosenTown(database.db, 'travel'))?.shortName).toBe('london');
    expect((await retrieveChosenTown(database.db, undefined))?.shortName).toBe('london');
  });

  it('hyperlocal pages list matching deals near the town; a slug matching nothing is null', async () => {
    const manchester = await retrieveChosenTown(database.db, 'manchester');
    if (!manchester) throw new Error('Manchester missing');
    const spa = await listHyperlocalDeals(database.db, 'spa-days', manchester);
    expect(spa?.total).toBeGreaterThan(0);
    expect(spa?.towns[0]?.shortName).toBe('manchester');
    const townNames = new Set(spa?.towns.map((t) => t.name));
    expect(spa?.deals.every((d) => townNames.has(d.locationName))).toBe(true);
    expect(spa?.deals.some((d) => d.subCategory?.shortName === 'spa')).toBe(true);
    // The chosen town's own deals come before its neighbours'.
    const places = spa?.deals.map((d) => d.locationName) ?? [];
    expect(places[0]).toBe('Manchester');
    const firstNeighbour = places.findIndex((place) => place !== 'Manchester');
    if (firstNeighbour >= 0) expect(places.slice(firstNeighbour)).not.toContain('Manchester');
    expect(await listHyperlocalDeals(database.db, 'underwater-basket-weaving', manchester)).toBeNull();
  });

  it('sitemaps list towns, category listings with deals, gift finders and every live deal', async () => {
    const counts = await countSitemapFiles(database.db);
    expect(counts).toEqual({ content: 1, guides: 1, locations: 1, categories: 1, deals: 1 });
    const towns = await listSitemapPages(database.db, 'locations', 1);
    expect(towns?.map((p) => p.path)).toContain('/deals/leeds');
    const categories = await listSitemapPages(database.db, 'categories', 1);
    expect(categories?.some((p) => /^\/deals\/london\/[a-z-]+\/[a-z-]+$/.test(p.path))).toBe(true);
    // Each town's gift finder by category (decision 028), at spec 2's canonical path (no /deals).
    expect(categories?.some((p) => /^\/london\/[a-z-]+\/gift-finder$/.test(p.path))).toBe(true);
    expect(categories?.some((p) => p.path.startsWith('/deals/') && p.path.includes('gift-finder'))).toBe(false);
    expect((await listSitemapPages(database.db, 'content', 1))?.map((p) => p.path)).toContain('/gifts');
    const deals = await listSitemapPages(database.db, 'deals', 1);
    const live = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from deals where status = 'live' and closing_date > now()`,
    );
    expect(deals?.length).toBe(live.rows[0]?.n);
    expect(deals?.[0]).toMatchObject({
      path: expect.stringMatching(/^\/deal\/\d+$/),
      lastmod: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    });
    expect(await listSitemapPages(database.db, 'deals', 2)).toBeNull();
    expect(await listSitemapPages(database.db, 'content', 2)).toBeNull();
  });
});
