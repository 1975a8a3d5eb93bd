/**
 * The personal rails and social proof on embedded PGlite (decision 022; spec 7 buy-again/deals
 * pageSize 10, recommendations limit 40 and page size 25, socialcue/deal).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { socialCueMessage } from '../../src/domain/social-cue';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { countDealPurchasesSince } from '../../src/server/orders';
import { listBuyAgainDeals, listRecommendedDeals } from '../../src/server/rails';
import { insertTestOrder, insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';

describe.each(embedded)('personal rails on $name', (engine) => {
  let database: Database;
  let liveIds: number[] = [];

  beforeAll(async () => {
    clearCatalogueCaches();
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 400, seed: 12 });
    const rows = await database.db.execute<{ id: number }>(sql`
      select d.id from deals d where d.status = 'live' and d.closing_date > now() and not d.is_travel
        and exists (select 1 from deal_products p where p.deal_id = d.id and p.visibility = 'visible' and not p.disabled)
      order by d.id limit 14
    `);
    liveIds = rows.rows.map((row) => Number(row.id));
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await database?.close();
  });

  it('Buy again: a shopper with two past orders sees both, the latest first; others see nothing', async () => {
    const [first, second] = liveIds as [number, number];
    const shopper = await insertTestUser(database.db);
    await insertTestOrder(database.db, {
      userId: shopper.id,
      dealId: first,
      quantity: 1,
      now: new Date(Date.now() - 60_000),
    });
    await insertTestOrder(database.db, { userId: shopper.id, dealId: second, quantity: 1 });
    const page = await listBuyAgainDeals(database.db, shopper.id);
    expect(page.deals.map((deal) => deal.id)).toEqual([second, first]);
    expect(page.total).toBe(2);
    const stranger = await insertTestUser(database.db);
    expect((await listBuyAgainDeals(database.db, stranger.id)).deals).toEqual([]);
  });

  it('spec 7: Buy again pages by 10', async () => {
    const shopper = await insertTestUser(database.db);
    for (const [index, dealId] of liveIds.slice(0, 12).entries()) {
      await insertTestOrder(database.db, {
        userId: shopper.id,
        dealId,
        quantity: 1,
        now: new Date(Date.now() - index * 1000),
      });
    }
    const first = await listBuyAgainDeals(database.db, shopper.id, { page: 0 });
    const second = await listBuyAgainDeals(database.db, shopper.id, { page: 1 });
    expect(first.deals).toHaveLength(10);
    expect(second.deals).toHaveLength(2);
    expect(first.total).toBe(12);
  });

  it('Recommended for you: deals in the categories viewed, without those viewed, 25 a page, 40 in all', async () => {
    const viewed = liveIds.slice(0, 3);
    const categories = await database.db.execute<{ category_id: number; sub_category_id: number | null }>(sql`
      select category_id, sub_category_id from deals where id in (${sql.join(
        viewed.map((id) => sql`${id}`),
        sql`, `,
      )})
    `);
    const allowed = new Set(categories.rows.flatMap((row) => [row.category_id, row.sub_category_id]).filter(Boolean));
    const first = await listRecommendedDeals(database.db, { userId: null, viewedIds: viewed, page: 0 });
    expect(first.deals.length).toBeGreaterThan(0);
    expect(first.deals.length).toBeLessThanOrEqual(25);
    expect(first.total).toBeLessThanOrEqual(40);
    expect(first.deals.some((deal) => viewed.includes(deal.id))).toBe(false);
    const ids = first.deals.map((deal) => deal.id);
    const rows = await database.db.execute<{ category_id: number; sub_category_id: number | null }>(sql`
      select category_id, sub_category_id from deals where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    `);
    expect(rows.rows.every((row) => allowed.has(row.category_id) || allowed.has(row.sub_category_id))).toBe(true);
    expect((await listRecommendedDeals(database.db, { userId: null, viewedIds: [] })).deals).toEqual([]);
  });

  it('spec 7 socialcue/deal: vouchers bought in the last 24 hours, from real orders', async () => {
    const dealId = liveIds[13] as number;
    const shopper = await insertTestUser(database.db);
    await insertTestOrder(database.db, { userId: shopper.id, dealId, quantity: 2 });
    await insertTestOrder(database.db, {
      userId: shopper.id,
      dealId,
      quantity: 1,
      now: new Date(Date.now() - 30 * 3_600_000),
    });
    const count = await countDealPurchasesSince(database.db, dealId, new Date(Date.now() - 24 * 3_600_000));
    expect(count).toBe(2);
    expect(socialCueMessage(count)).toBe('2 bought in the last 24 hours');
    expect(socialCueMessage(0)).toBeNull();
  });
});
