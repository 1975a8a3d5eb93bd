/**
 * The tiles service on embedded PGlite (spec 7 "GET tiles": query brand, country, location,
 * navigation, subNavigation; an array or an object with error; spec 8 "Tiles api error: {error}";
 * decision 033).
 */
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import type { Tile } from '../../src/contracts/tiles';
import * as route from '../../src/pages/api/v1/tiles';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { tilesForPage } from '../../src/server/tiles';
import { embedded } from './databases';
import { watchLogWarnings } from './support/log-warnings';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const warnings = watchLogWarnings();

function get(query: string): APIContext {
  const url = new URL(`http://localhost/api/v1/tiles?${query}`);
  const cookies = { get: () => undefined, has: () => false, set() {}, delete() {} };
  return {
    url,
    request: new Request(url),
    cookies,
    locals: {},
    params: {},
    session: undefined,
    cache: { set() {} },
  } as unknown as APIContext;
}

describe.each(embedded)('tiles on $name', (engine) => {
  beforeAll(async () => {
    clearCatalogueCaches();
    shared.database = await engine.open();
    await seedCatalogue(shared.database.db, { deals: 800, seed: 7 });
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await shared.database?.close();
  });

  it('spec 7: a location’s tiles are its categories, most deals first, each with a picture and a link', async () => {
    const answer = await route.GET(get('brand=tuppence&country=GB&location=london'));
    expect(answer.status).toBe(200);
    const tiles = (await answer.json()) as Tile[];
    expect(tiles.length).toBeGreaterThan(1);
    const counts = tiles.map((tile) => tile.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    for (const tile of tiles) {
      expect(tile.url).toBe(`/deals/london/${tile.shortName}`);
      expect(tile.count).toBeGreaterThan(0);
      expect(tile.image.url).not.toBe('');
    }
  });

  it('under a navigation, the tiles are its sub-categories; a sub-navigation has none', async () => {
    const [first] = (await (await route.GET(get('location=london'))).json()) as Tile[];
    const category = first?.shortName ?? '';
    const answer = await route.GET(get(`location=london&navigation=${category}`));
    expect(answer.status).toBe(200);
    const subTiles = (await answer.json()) as Tile[];
    expect(subTiles.length).toBeGreaterThan(0);
    expect(subTiles.every((tile) => tile.url.startsWith(`/deals/london/${category}/`))).toBe(true);
    expect(subTiles.reduce((sum, tile) => sum + tile.count, 0)).toBeLessThanOrEqual(first?.count ?? 0);
    const deepest = await route.GET(
      get(`location=london&navigation=${category}&subNavigation=${subTiles[0]?.shortName}`),
    );
    expect(await deepest.json()).toEqual([]);
  });

  it.each([
    ['an unknown location', 'location=atlantis', 404],
    ['an unknown navigation', 'location=london&navigation=no-such-thing', 404],
    ['no location', 'brand=tuppence', 400],
    ['another country', 'location=london&country=fr', 400],
    ['a subNavigation without a navigation', 'location=london&subNavigation=massage', 400],
    ['an unknown brand', 'location=london&brand=nope', 400],
  ])('spec 7: %s answers an object with error', async (_case, query, status) => {
    const answer = await route.GET(get(query));
    expect(answer.status).toBe(status);
    const body = (await answer.json()) as { error?: unknown };
    expect(typeof body.error).toBe('string');
  });

  it('spec 8: the home page logs "Tiles api error: {error}" and shows no tiles when they cannot be read', async () => {
    const broken = {
      execute: () => Promise.reject(new Error('connection lost')),
      select: () => {
        throw new Error('connection lost');
      },
    } as unknown as Database['db'];
    clearCatalogueCaches();
    expect(await tilesForPage(broken, { location: 'london' })).toBeNull();
    expect(warnings).toContain('Tiles api error: connection lost');
  });
});
