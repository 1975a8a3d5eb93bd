/**
 * A tiny catalogue of its own for basket tests: one location, category and merchant, and deals
 * built to order (caps, stock, per-person pricing, closed, disabled, VIP-only), plus shoppers.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client';
import {
  categories,
  type DealProductRow,
  type DealRow,
  dealImages,
  dealProductStock,
  dealProducts,
  deals,
  locations,
  merchants,
  users,
} from '../../src/server/db/schema';

let nextId = 900_000;

/** The shared rows every fixture deal hangs on; call once per database. */
export async function seedBasketCatalogue(db: Db): Promise<{ locationId: number; merchantId: number }> {
  const [location] = await db
    .insert(locations)
    .values({ shortName: 'london', name: 'London', region: 'London', lat: 51.5, lon: -0.12 })
    .returning();
  await db.insert(categories).values({ id: 1, shortName: 'spa', name: 'Spa' });
  const [merchant] = await db
    .insert(merchants)
    .values({
      name: 'Calm Spa Ltd',
      addressLine1: '1 High Street',
      town: 'London',
      postcode: 'SW1A 1AA',
      phone: '020 7946 0000',
      locationId: location?.id ?? 0,
    })
    .returning();
  return { locationId: location?.id ?? 0, merchantId: merchant?.id ?? 0 };
}

export interface FixtureProduct {
  product?: Partial<typeof dealProducts.$inferInsert>;
  stock?: {
    quantityRemaining?: number | null;
    dailyLimit?: number | null;
    remainingForDay?: number | null;
    stockDay?: string | null;
  };
}

/** A deal with options; returns the deal id and the option ids in order. */
export async function addDeal(
  db: Db,
  base: { locationId: number; merchantId: number },
  deal: Partial<typeof deals.$inferInsert> = {},
  products: FixtureProduct[] = [{}],
): Promise<{ dealId: number; productIds: number[]; deal: DealRow; products: DealProductRow[] }> {
  const dealId = nextId++;
  const [dealRow] = await db
    .insert(deals)
    .values({
      id: dealId,
      headline: `Spa day ${dealId}`,
      title: 'A spa day for one',
      description: 'Relax.',
      merchantId: base.merchantId,
      categoryId: 1,
      locationId: base.locationId,
      closingDate: new Date(Date.now() + 30 * 86_400_000),
      fromPriceMinor: 2500,
      fromOriginalPriceMinor: 5000,
      ...deal,
    })
    .returning();
  await db
    .insert(dealImages)
    .values({ dealId, url: `/images/deals/spa/${dealId}.svg`, width: 800, height: 600, alt: 'Spa' });
  const rows: DealProductRow[] = [];
  for (const [index, fixture] of products.entries()) {
    const id = nextId++;
    const [row] = await db
      .insert(dealProducts)
      .values({
        id,
        dealId,
        title: `Option ${index + 1}`,
        friendlyName: `Option ${index + 1}`,
        priceMinor: 2500,
        originalPriceMinor: 5000,
        sortOrder: index,
        ...fixture.product,
      })
      .returning();
    if (row) rows.push(row);
    if (fixture.stock) await db.insert(dealProductStock).values({ productId: id, ...fixture.stock });
  }
  if (!dealRow) throw new Error('deal insert failed');
  return { dealId, productIds: rows.map((r) => r.id), deal: dealRow, products: rows };
}

/** A shopper account (no password needed for basket tests). */
export async function addShopper(db: Db, over: Partial<typeof users.$inferInsert> = {}) {
  const token = randomBytes(12).toString('hex');
  const [user] = await db
    .insert(users)
    .values({ email: `shopper-${token}@example.co.uk`, customerToken: `cust_${token}`, isRegistered: true, ...over })
    .returning();
  if (!user) throw new Error('user insert failed');
  return user;
}
