/**
 * Operator changes to the catalogue: each one a single transaction, followed by invalidating
 * the cached pages that show what changed (issue 5 caching: tags by deal, location, category).
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { categoryTag, dealTag, LISTINGS_TAG, locationTag } from '../cache/page-cache';
import { clearCatalogueCaches } from '../catalog';
import type { Db } from '../db/client';
import { categories, deals, locations } from '../db/schema';

export const DealPatchSchema = z
  .object({
    headline: z.string().trim().min(5).max(200).optional(),
    status: z.enum(['live', 'closed', 'draft']).optional(),
    popularity: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Nothing to change' });

export type DealPatch = z.output<typeof DealPatchSchema>;

/**
 * Applies a patch to one deal and returns the cache tags of every page that shows it,
 * or null when there is no such deal.
 */
export async function updateDeal(db: Db, id: number, patch: DealPatch): Promise<string[] | null> {
  const tags = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(deals)
      .set(patch)
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
    const listingTags = patch.status !== undefined || patch.popularity !== undefined ? [LISTINGS_TAG] : [];
    return [dealTag(id), ...(location ? [locationTag(location.shortName)] : []), ...categoryNames, ...listingTags];
  });
  // The read caches behind the pages go too, so the re-rendered pages read the change.
  if (tags) clearCatalogueCaches();
  return tags;
}
