/**
 * "No 'from' price that cannot be bought" (DMCC Act 2024; docs/decisions/051 "Shown prices"): when
 * the cheapest option sells its last unit, the deal's listed from price moves to an option still
 * for sale, and back when a unit returns.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnStock, takeStock } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { deals } from '../../src/server/db/schema';
import { addDeal, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';

describe.each(embedded)('the from price follows what is for sale on $name', (engine) => {
  let database: Database;
  const db = () => database.db;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('moves off an option that sold out for good and comes back with its stock', async () => {
    const base = await seedBasketCatalogue(db());
    const { dealId, productIds } = await addDeal(
      db(),
      base,
      { deliveryType: 'postal', fromPriceMinor: 2000, fromOriginalPriceMinor: 4000 },
      [
        {
          product: { priceMinor: 2000, originalPriceMinor: 4000, postagePriceMinor: 300 },
          stock: { quantityRemaining: 1 },
        },
        { product: { priceMinor: 2500, originalPriceMinor: 4500, postagePriceMinor: 0 } },
      ],
    );
    const from = async () => {
      const [row] = await db().select().from(deals).where(eq(deals.id, dealId));
      return row && [row.fromPriceMinor, row.fromOriginalPriceMinor, row.fromPostageMinor];
    };
    const now = new Date();
    await db().transaction((tx) => takeStock(tx, productIds[0] ?? 0, 1, now));
    // The £20 + £3 delivery option is gone: the £25 one with free delivery is what can be bought.
    expect(await from()).toEqual([2500, 4500, 0]);
    await db().transaction((tx) =>
      returnStock(tx, { productId: productIds[0] ?? 0, quantity: 1, stockDay: now.toISOString().slice(0, 10) }),
    );
    expect(await from()).toEqual([2000, 4000, 300]);
  });
});
