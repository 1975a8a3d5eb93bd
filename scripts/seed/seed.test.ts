import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, countDistinct, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db';
import * as s from '@/server/db/schema';
import { CatalogueNotEmpty, ensureShopProducts, isCatalogueEmpty, paintDealPictures, seedCatalogue } from './index';

describe('seedCatalogue', () => {
  it('fills an empty database with a 400-deal catalogue', async () => {
    const database = await openDatabase({ dataDir: 'memory' });
    try {
      await database.migrate();
      const { db } = database;
      expect(await isCatalogueEmpty(db)).toBe(true);

      const progress: string[] = [];
      const summary = await seedCatalogue(db, {
        deals: 400,
        seed: 99,
        now: new Date('2025-11-23T10:00:00Z'),
        onProgress: (message) => progress.push(message),
      });

      const rowsIn = async (table: PgTable) => {
        const [row] = await db.select({ n: count() }).from(table);
        return row?.n ?? 0;
      };
      expect(summary.deals).toBe(400);
      // spec 1, 9: plus the VIP subscription deal 18927099 and its one option (no stock limit).
      expect(await rowsIn(s.deals)).toBe(400 + 1);
      expect(await rowsIn(s.locations)).toBe(summary.locations);
      expect(await rowsIn(s.categories)).toBe(summary.categories);
      expect(await rowsIn(s.merchants)).toBe(summary.merchants);
      expect(await rowsIn(s.dealProducts)).toBe(summary.dealProducts + 1);
      const [vip] = await db.select().from(s.deals).where(eq(s.deals.id, 18927099));
      expect(vip).toMatchObject({ status: 'subscription', fromPriceMinor: 499 });
      expect(await rowsIn(s.dealProductStock)).toBe(summary.dealProducts);
      expect(await rowsIn(s.dealImages)).toBe(summary.dealImages);
      expect(summary.dealImages).toBeGreaterThanOrEqual(400);
      expect(summary.ms).toBeGreaterThan(0);
      expect(progress.at(-1)).toMatch(/Seeded 400 deals/);
      expect(await isCatalogueEmpty(db)).toBe(false);

      // London is the default location, and the JSON columns come back as lists.
      const [london] = await db.select().from(s.locations).where(eq(s.locations.isDefault, true));
      expect(london?.shortName).toBe('london');
      const [first] = await db.select().from(s.deals).where(eq(s.deals.id, 31000001));
      expect(first?.finePrint.length).toBeGreaterThanOrEqual(4);
      expect(Array.isArray(first?.tags)).toBe(true);

      // Ids given by the seed do not block the next merchant someone adds.
      const [added] = await db
        .insert(s.merchants)
        .values({
          name: 'The New Place',
          addressLine1: '1 High Street',
          town: 'London',
          postcode: 'N1 1AA',
          phone: '020 7946 0999',
          locationId: london?.id ?? 1,
        })
        .returning({ id: s.merchants.id });
      expect(added?.id).toBe(summary.merchants + 1);

      // decision 046: the seed shoppers' sales are rows like a shopper's; each review is through a
      // redeemed voucher with its redemption in the history; "N bought" is the vouchers sold.
      expect(await rowsIn(s.orders)).toBe(summary.orders);
      expect(await rowsIn(s.vouchers)).toBe(summary.vouchers);
      expect(await rowsIn(s.reviews)).toBe(summary.reviews);
      expect(summary.reviews).toBeGreaterThan(0);
      expect(await rowsIn(s.voucherStatusChanges)).toBe(summary.vouchers);
      const untrue = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from deals d
        where d.bought_count <> (select count(*) from vouchers v where v.deal_id = d.id)
           or d.review_count <> (select count(*) from reviews r where r.deal_id = d.id and r.status = 'published')`);
      expect(untrue.rows[0]?.n).toBe(0);
      const untraceable = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from reviews r left join vouchers v on v.id = r.voucher_id
        where v.id is null or v.status <> 'redeemed' or v.deal_id <> r.deal_id or v.user_id <> r.user_id`);
      expect(untraceable.rows[0]?.n).toBe(0);
      // The ids the seed gave do not block the next order someone places.
      const [shopper] = await db.select({ id: s.users.id }).from(s.users).limit(1);
      const [order] = await db
        .insert(s.orders)
        .values({
          userId: shopper?.id ?? 1,
          totalMinor: 100,
          cashAmountMinor: 100,
          paymentMethod: 'credit_card',
          idempotencyKey: 'after-seed',
        })
        .returning({ id: s.orders.id });
      expect(order?.id).toBe(summary.orders + 1);

      await expect(seedCatalogue(db, { deals: 10 })).rejects.toBeInstanceOf(CatalogueNotEmpty);

      // The shop's own products: the gift card was left out here (giftCard unset), so the prepare
      // step adds it, once; the VIP membership deal is there already.
      await ensureShopProducts(db, new Date('2025-11-23T10:00:00Z'));
      await ensureShopProducts(db, new Date('2025-11-23T10:00:00Z'));
      expect(await rowsIn(s.deals)).toBe(400 + 2);

      // Every picture the deals name, and the shop's fallback, painted into the media folder.
      const media = mkdtempSync(path.join(tmpdir(), 'seeded-pictures-'));
      try {
        const [named] = await db.select({ n: countDistinct(s.dealImages.url) }).from(s.dealImages);
        const painted = await paintDealPictures(db, media);
        expect(painted.pictures).toBe((named?.n ?? 0) + 1);
        expect(painted.painted).toBe(painted.pictures);
        expect(existsSync(path.join(media, 'deals', 'shop-home', '0-0.svg'))).toBe(true);
        expect((await paintDealPictures(db, media)).painted).toBe(0);
      } finally {
        rmSync(media, { recursive: true, force: true });
      }
    } finally {
      await database.close();
    }
  });
});
