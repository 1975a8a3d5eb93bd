/**
 * The search index the catalogue keeps for itself on every engine: the weighted document a
 * trigger writes, the vocabulary typo tolerance matches against (pg_trgm), search's narrow copy
 * of the deals kept in category order (docs/decisions/073), and seeded reviews.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { orderSearchDocuments } from '../../src/server/db';
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

  it('spec 3 search: the search documents are sorted by category again once edits have moved them out of order', async () => {
    // A sequential scan returns rows as they lie in the table.
    const physicalCategories = async () =>
      (await rows<{ category_id: number }>(sql`select category_id from deal_search_documents`)).map(
        (row) => row.category_id,
      );
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    await database.db.execute(sql`set enable_indexscan = off`);
    await database.db.execute(sql`set enable_bitmapscan = off`);
    try {
      // An edit of every deal of the first category writes their rows again at the table's end.
      await database.db.execute(sql`update deals set popularity = popularity + 1
        where category_id = (select min(category_id) from deals)`);
      expect(await physicalCategories()).not.toEqual(sorted(await physicalCategories()));
      expect(await orderSearchDocuments(database.db)).toBe(true);
      expect(await physicalCategories()).toEqual(sorted(await physicalCategories()));
      // In order, it is left alone.
      expect(await orderSearchDocuments(database.db)).toBe(false);
    } finally {
      await database.db.execute(sql`reset enable_indexscan`);
      await database.db.execute(sql`reset enable_bitmapscan`);
    }
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
