/**
 * Related ("complementary") deals for a deal page rail: the same sub-category in the same
 * location first, then the same category in the same location, then the category anywhere.
 * The deal itself is never among them.
 */

import { eq, type SQL, sql } from 'drizzle-orm';
import type { DealSummary } from '@/contracts/deal';
import type { Db } from '@/server/db';
import { selectDealRows } from './queries';
import { reshapeDeal } from './reshape';
import { deals } from './schema';

/** spec 7 complementary-deals: a rail holds up to this many. */
export const COMPLEMENTARY_DEALS_LIMIT = 8;

/**
 * Up to `limit` live deals related to `dealId`, most related first; an empty list for an
 * unknown deal.
 */
export async function listComplementaryDeals(
  db: Db,
  dealId: number,
  limit = COMPLEMENTARY_DEALS_LIMIT,
): Promise<DealSummary[]> {
  const [deal] = await db
    .select({ locationId: deals.locationId, categoryId: deals.categoryId, subCategoryId: deals.subCategoryId })
    .from(deals)
    .where(eq(deals.id, dealId))
    .limit(1);
  if (!deal || limit <= 0) return [];
  const tiers: SQL[] = [
    ...(deal.subCategoryId === null
      ? []
      : [sql`d.location_id = ${deal.locationId} and d.sub_category_id = ${deal.subCategoryId}`]),
    sql`d.location_id = ${deal.locationId} and d.category_id = ${deal.categoryId}`,
    sql`d.category_id = ${deal.categoryId}`,
  ];
  const chosen: DealSummary[] = [];
  const seen = new Set<number>([dealId]);
  for (const where of tiers) {
    if (chosen.length >= limit) break;
    // Ask for enough to fill the rail even when every deal already chosen comes back again.
    const rows = await selectDealRows(db, { where: sql`${where} and d.id <> ${dealId}`, limit: limit + chosen.length });
    for (const candidate of rows.map(reshapeDeal)) {
      if (chosen.length >= limit) break;
      if (seen.has(candidate.id)) continue;
      seen.add(candidate.id);
      chosen.push(candidate);
    }
  }
  return chosen;
}
