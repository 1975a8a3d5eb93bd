/**
 * The deal page's data on embedded PGlite: related deals (spec 7 complementary-deals), reviews
 * (spec 9: 10 per page), ended deals, and sold-out sign-ups stored once per deal and email (spec 4).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import {
  addSoldOutNotification,
  clearCatalogueCaches,
  listComplementaryDeals,
  retrieveDeal,
} from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { listReviews } from '../../src/server/reviews';
import { embedded } from './databases';

describe.each(embedded)('deal page data on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    clearCatalogueCaches();
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 400, seed: 11 });
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await database?.close();
  });

  async function dealIdWhere(condition: ReturnType<typeof sql>): Promise<number> {
    const result = await database.db.execute<{ id: number }>(
      sql`select d.id from deals d where ${condition} order by d.id limit 1`,
    );
    const id = result.rows[0]?.id;
    if (id === undefined) throw new Error('no deal matches');
    return Number(id);
  }

  it('related deals: up to 8, never the deal itself, same sub-category and location first', async () => {
    const id = await dealIdWhere(
      sql`d.status = 'live' and d.closing_date > now() and d.location_id = (select id from locations where short_name = 'london')`,
    );
    const deal = await retrieveDeal(database.db, id);
    if (!deal) throw new Error('deal missing');
    const related = await listComplementaryDeals(database.db, id, 8);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(8);
    expect(related.map((d) => d.id)).not.toContain(id);
    expect(new Set(related.map((d) => d.id)).size).toBe(related.length);
    // Once a deal outside the sub-category-and-location tier appears, none from that tier follows.
    const inFirstTier = related.map(
      (d) => d.subCategory?.id === deal.subCategory?.id && d.locationName === deal.location.name,
    );
    const firstOutside = inFirstTier.indexOf(false);
    if (firstOutside >= 0) expect(inFirstTier.slice(firstOutside)).not.toContain(true);
    // Everything shares the category.
    expect(related.every((d) => d.category.shortName === deal.category.shortName)).toBe(true);
  });

  it('related deals respect the limit and an unknown deal has none', async () => {
    const id = await dealIdWhere(sql`d.status = 'live'`);
    expect((await listComplementaryDeals(database.db, id, 3)).length).toBeLessThanOrEqual(3);
    expect(await listComplementaryDeals(database.db, 1, 8)).toEqual([]);
  });

  it('an ended deal is still found, marked closed', async () => {
    await database.db.execute(sql`update deals set status = 'closed' where id = (select min(id) from deals)`);
    const id = await dealIdWhere(sql`d.status = 'closed'`);
    const deal = await retrieveDeal(database.db, id);
    expect(deal?.isClosed).toBe(true);
    expect(await listComplementaryDeals(database.db, id)).not.toContainEqual(expect.objectContaining({ id }));
  });

  it('spec 9: reviews come 10 per page, newest first', async () => {
    const id = await dealIdWhere(sql`(select count(*) from reviews r where r.deal_id = d.id) > 10`);
    const first = await listReviews(database.db, id, { page: 1 });
    expect(first.reviews).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
    const dates = first.reviews.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await listReviews(database.db, id, { page: 2 });
    expect(second.reviews).toHaveLength(first.total - 10);
    expect(second.reviews.map((r) => r.id)).not.toContain(first.reviews[0]?.id);
  });

  it('spec 4: a sold-out sign-up is stored once per deal and email, whatever the letter case', async () => {
    const id = await dealIdWhere(sql`d.status = 'live'`);
    expect(await addSoldOutNotification(database.db, id, 'Shopper@Example.com')).toEqual({ kind: 'created' });
    expect(await addSoldOutNotification(database.db, id, 'shopper@example.com')).toEqual({ kind: 'already-signed-up' });
    const rows = await database.db.execute<{ count: number | string }>(
      sql`select count(*) as count from sold_out_notifications where deal_id = ${id}`,
    );
    expect(Number(rows.rows[0]?.count)).toBe(1);
    const other = await dealIdWhere(sql`d.status = 'live' and d.id <> ${id}`);
    expect(await addSoldOutNotification(database.db, other, 'shopper@example.com')).toEqual({ kind: 'created' });
    expect(await addSoldOutNotification(database.db, 1, 'shopper@example.com')).toEqual({ kind: 'unknown-deal' });
  });
});
