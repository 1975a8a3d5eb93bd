/**
 * The spec 7 location calls as a client meets them: /api/v1/location, nearmelocation, menu,
 * navigations and early-bird-deal answer JSON, and bad input is a 400 with a message, never a 500.
 */
import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { EarlyBirdPageSchema, LocationSchema, MenuSchema, NearMeLocationSchema } from '../../src/contracts/location';
import { NearestTownSchema } from '../../src/contracts/nearest-town';
import { GET as earlyBird } from '../../src/pages/api/v1/early-bird-deal';
import { GET as location } from '../../src/pages/api/v1/location';
import { GET as menu } from '../../src/pages/api/v1/menu';
import { GET as navigations } from '../../src/pages/api/v1/navigations';
import { GET as nearMe } from '../../src/pages/api/v1/nearmelocation';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const state = vi.hoisted(() => ({ database: null as Database | null }));
serveTestDatabase(state);

async function call(handler: APIRoute, path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(path, 'http://localhost');
  const context = { url, request: new Request(url), locals: { brand: 'tuppence' } } as unknown as APIContext;
  const response = await handler(context);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('location API endpoints', () => {
  beforeAll(async () => {
    clearCatalogueCaches();
    const [pglite] = embedded;
    if (!pglite) throw new Error('no embedded engine');
    const database = await pglite.open();
    await seedCatalogue(database.db, { deals: 300, seed: 3 });
    state.database = database;
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await state.database?.close();
  });

  it.each([
    [location, '/api/v1/location?shortName=%3Cscript%3E'],
    [location, '/api/v1/location?shortName='],
    [nearMe, '/api/v1/nearmelocation'],
    [nearMe, '/api/v1/nearmelocation?lat=53.8'],
    [nearMe, '/api/v1/nearmelocation?lat=abc&lon=-1.5'],
    [nearMe, '/api/v1/nearmelocation?lat=95&lon=-1.5'],
    [nearMe, '/api/v1/nearmelocation?lat=53.8&lon=-1.5&postcode=LS1%204AP'],
    [nearMe, '/api/v1/nearmelocation?postcode='],
    [menu, '/api/v1/menu?range=0-30'],
    [menu, '/api/v1/menu?range=1-31'],
    [menu, '/api/v1/menu?range=10-2'],
    [menu, '/api/v1/menu?range=abc'],
    [menu, '/api/v1/menu?location=bad%20name'],
    [navigations, '/api/v1/navigations?range=1-99'],
    [earlyBird, '/api/v1/early-bird-deal?page=-1'],
    [earlyBird, '/api/v1/early-bird-deal?pageSize=0'],
    [earlyBird, '/api/v1/early-bird-deal?pageSize=101'],
    [earlyBird, '/api/v1/early-bird-deal?page=1.5'],
  ])('bad input is a 400 with a message: %#', async (handler, path) => {
    const { status, body } = await call(handler, path);
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: 400, message: expect.any(String) });
  });

  it('spec 5: a postcode we cannot place says "Enter a valid postcode"', async () => {
    expect(await call(nearMe, '/api/v1/nearmelocation?postcode=ZZ1%201ZZ')).toEqual({
      status: 400,
      body: { status: 400, message: 'Enter a valid postcode' },
    });
  });

  it('finds the nearest town to coordinates, or to a postcode', async () => {
    const byPoint = await call(nearMe, '/api/v1/nearmelocation?lat=53.7997&lon=-1.5492');
    expect(byPoint.status).toBe(200);
    expect(NearMeLocationSchema.parse(byPoint.body).location.shortName).toBe('leeds');
    // The island's small schema reads the same answer.
    expect(NearestTownSchema.parse(byPoint.body).location).toEqual({ shortName: 'leeds', name: 'Leeds' });
    const byPostcode = await call(nearMe, '/api/v1/nearmelocation?postcode=EH1%201YZ');
    expect(NearMeLocationSchema.parse(byPostcode.body).location.name).toBe('Edinburgh');
  });

  it('spec 3: one location by short name, every location without one, 404 for an unknown one', async () => {
    const leeds = await call(location, '/api/v1/location?shortName=Leeds');
    expect(LocationSchema.parse(leeds.body)).toMatchObject({ shortName: 'leeds', countryCode: 'gb' });
    const all = await call(location, '/api/v1/location');
    expect((all.body.locations as unknown[]).length).toBeGreaterThan(50);
    expect((await call(location, '/api/v1/location?shortName=atlantis')).status).toBe(404);
  });

  it('spec 7: the menu defaults to range 1-30 and slices by range', async () => {
    const full = MenuSchema.parse((await call(menu, '/api/v1/menu?location=glasgow')).body);
    expect(full.range).toBe('1-30');
    expect(full.items[0]).toMatchObject({ isLocal: true, linkText: 'Glasgow' });
    const some = MenuSchema.parse((await call(menu, '/api/v1/menu?location=glasgow&range=2-3')).body);
    expect(some.items.map((item) => item.id)).toEqual(full.items.slice(1, 3).map((item) => item.id));
    const nav = await call(navigations, '/api/v1/navigations?location=glasgow');
    expect(nav.status).toBe(200);
    expect((nav.body.scottishMenu as unknown[]).length).toBe(3);
  });

  it('early-bird-deal pages through live early-bird deals', async () => {
    const first = EarlyBirdPageSchema.parse((await call(earlyBird, '/api/v1/early-bird-deal?pageSize=3')).body);
    expect(first).toMatchObject({ page: 0, pageSize: 3 });
    expect(first.deals.length).toBeLessThanOrEqual(3);
    expect((await call(earlyBird, '/api/v1/early-bird-deal?location=atlantis')).status).toBe(404);
  });
});
