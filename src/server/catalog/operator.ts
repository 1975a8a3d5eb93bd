/**
 * Operator changes to the catalogue (PATCH /api/internal/deals/{id}): each one a single transaction,
 * answering the cache tags of the pages that show what changed (docs/decisions/006: tags by deal,
 * location, category), and forgetting the catalogue's read caches.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { categoryTag, dealTag, LISTINGS_TAG, locationTag } from '@/server/cache';
import type { Db, Tx } from '@/server/db';
import { clearCatalogueCaches } from './caches';
import { fromPriceColumns } from './from-price';
import { categories, dealProducts, deals, locations } from './schema';

export const DealPatchSchema = z
  .object({
    headline: z.string().trim().min(5).max(200).optional(),
    status: z.enum(['live', 'closed', 'draft']).optional(),
    popularity: z.number().int().min(0).optional(),
    /** New prices for some of the deal's options, in pence (a price change; the deal's "from" price follows). */
    products: z
      .array(
        z.object({ id: z.number().int().positive(), priceMinor: z.number().int().min(1).max(10_000_000) }).strict(),
      )
      .min(1)
      .max(50)
      .optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to change' });

export type DealPatch = z.output<typeof DealPatchSchema>;

/** A price change named an option that is not the deal's. */
export class UnknownProduct extends Error {
  constructor(readonly productId: number) {
    super(`Option ${productId} is not one of this deal's options`);
    this.name = 'UnknownProduct';
  }
}

/**
 * Applies a patch to one deal and returns the cache tags of every page that shows it,
 * or null when there is no such deal.
 */
export async function updateDeal(db: Db, id: number, patch: DealPatch): Promise<string[] | null> {
  const { products, ...dealFields } = patch;
  const tags = await db.transaction(async (tx) => {
    for (const product of products ?? []) {
      const changed = await tx
        .update(dealProducts)
        .set({ priceMinor: product.priceMinor })
        .where(and(eq(dealProducts.id, product.id), eq(dealProducts.dealId, id)))
        .returning({ id: dealProducts.id });
      if (changed.length === 0) throw new UnknownProduct(product.id);
    }
    const [row] = await tx
      .update(deals)
      .set({
        ...dealFields,
        // The listed "from" price follows the options' prices (./from-price.ts).
        ...(products ? fromPriceColumns(id) : {}),
      })
      .where(eq(deals.id, id))
      .returning({ locationId: deals.locationId, categoryId: deals.categoryId, subCategoryId: deals.subCategoryId });
    if (!row) return null;
    const [location] = await tx
      .select({ shortName: locations.shortName })
      .from(locations)
      .where(eq(locations.id, row.locationId));
    const names = await tx.select({ id: categories.id, shortName: categories.shortName }).from(categories);
    const categoryNames = names
      .filter((category) => category.id === row.categoryId || category.id === row.subCategoryId)
      .map((category) => categoryTag(category.shortName));
    // Listing membership, order and counts may change with status or popularity: every listing goes.
    const listingTags =
      patch.status !== undefined || patch.popularity !== undefined || products !== undefined ? [LISTINGS_TAG] : [];
    return [dealTag(id), ...(location ? [locationTag(location.shortName)] : []), ...categoryNames, ...listingTags];
  });
  // The read caches behind the pages go too, so the re-rendered pages read the change.
  if (tags) clearCatalogueCaches();
  return tags;
}

/**
 * A merchant closed (docs/decisions/045): its deals that are still on sale or waiting to go live are
 * closed in the caller's transaction (the merchant service's closure), so they leave listings and
 * search and can no longer be bought, and their pages say the deal has ended. Answers how many
 * closed and the cache tags of every page that showed them; the caller invalidates those after
 * commit, and calls `clearCatalogueCaches`.
 */
export async function closeMerchantDeals(tx: Tx, merchantId: number): Promise<{ closed: number; tags: string[] }> {
  const closed = await tx
    .update(deals)
    .set({ status: 'closed' })
    .where(and(eq(deals.merchantId, merchantId), inArray(deals.status, ['live', 'draft'])))
    .returning({
      id: deals.id,
      locationId: deals.locationId,
      categoryId: deals.categoryId,
      subCategoryId: deals.subCategoryId,
    });
  if (closed.length === 0) return { closed: 0, tags: [] };
  const locationIds = [...new Set(closed.map((deal) => deal.locationId))];
  const places = await tx
    .select({ shortName: locations.shortName })
    .from(locations)
    .where(inArray(locations.id, locationIds));
  const categoryIds = new Set(closed.flatMap((deal) => [deal.categoryId, deal.subCategoryId]));
  const names = await tx.select({ id: categories.id, shortName: categories.shortName }).from(categories);
  return {
    closed: closed.length,
    tags: [
      ...closed.map((deal) => dealTag(deal.id)),
      ...places.map((place) => locationTag(place.shortName)),
      ...names.filter((category) => categoryIds.has(category.id)).map((category) => categoryTag(category.shortName)),
      LISTINGS_TAG,
    ],
  };
}
