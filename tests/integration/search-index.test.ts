/**
 * The search index the catalogue keeps for itself on every engine: the weighted document a
 * trigger writes, the vocabulary typo tolerance matches against (pg_trgm), and seeded reviews.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import type { Database } from '../../src/server/db/client';
import { enginesWhereSqlDiffers } from './databases';

describe.each(enginesWhereSqlDiffers)('search index on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 300, seed: 11 });
  });

  afterAll(async () => {
    await database?.close();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

  it('every deal has a search document that finds it by its own headline words', async () => {
    const [missing] = await rows<{ n: number }>(sql`select count(*)::int as n from deals where search_vector is null`);
    expect(missing?.n).toBe(0);
    const [spa] = await rows<{ n: number }>(
      sql`select count(*)::int as n from deals where search_vector @@ websearch_to_tsquery('english', 'spa')`,
    );
    expect(spa?.n).toBeGreaterThan(0);
  });

  it('a changed headline is searchable at once (the trigger keeps the document current)', async () => {
    const [deal] = await rows<{ id: number }>(sql`select id from deals order by id limit 1`);
    await database.db.execute(sql`update deals set headline = 'Zorbing adventure for two' where id = ${deal?.id}`);
    const found = await rows<{ id: number }>(
      sql`select id from deals where search_vector @@ websearch_to_tsquery('english', 'zorbing')`,
    );
    expect(found.map((row) => row.id)).toEqual([deal?.id]);
  });

  it('the vocabulary corrects a typo to a real word with pg_trgm', async () => {
    const [nearest] = await rows<{ term: string }>(
      sql`select term from search_terms where term % 'afternon' order by similarity(term, 'afternon') desc limit 1`,
    );
    expect(nearest?.term).toBe('afternoon');
  });

  it('spec 9: deals with reviews have written reviews stored, ratings 1 to 5', async () => {
    const [stats] = await rows<{ n: number; low: number; high: number }>(
      sql`select count(*)::int as n, min(rating)::int as low, max(rating)::int as high from reviews`,
    );
    expect(stats?.n).toBeGreaterThan(0);
    expect(stats?.low).toBeGreaterThanOrEqual(1);
    expect(stats?.high).toBeLessThanOrEqual(5);
  });
});
