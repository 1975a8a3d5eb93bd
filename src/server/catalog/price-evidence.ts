/**
 * The evidence behind an option's original price (docs/decisions/024): where it comes from, when it
 * was checked and by whom. Written only here; merchants submit it through their dashboard and
 * support records it for a whole deal.
 */
import { eq } from 'drizzle-orm';
import type { EvidenceSource } from '@/domain/price-evidence';
import { dealTag, LISTINGS_TAG } from '@/server/cache';
import type { Db } from '@/server/db';
import { clearCatalogueCaches } from './caches';
import { dealProducts, priceEvidence } from './schema';

export type PriceEvidenceEntry = typeof priceEvidence.$inferInsert;

/** Records evidence rows and forgets the catalogue's read caches, so pages show the saving afresh. */
export async function recordPriceEvidence(db: Db, entries: readonly PriceEvidenceEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(priceEvidence).values([...entries]);
  clearCatalogueCaches();
}

/**
 * Support records evidence for every visible option of a deal at once (a price audit, or the
 * end-to-end tests backdating a check): checked at `checkedAt` by `checkedByName`, for each option's
 * current original price. Answers the cache tags of the pages that show the deal, or null for no deal.
 */
export async function recordDealPriceEvidence(
  db: Db,
  dealId: number,
  input: { source: EvidenceSource; sourceName: string; checkedAt: Date; checkedByName: string },
): Promise<string[] | null> {
  const options = await db
    .select({ id: dealProducts.id, originalPriceMinor: dealProducts.originalPriceMinor })
    .from(dealProducts)
    .where(eq(dealProducts.dealId, dealId));
  if (options.length === 0) return null;
  await recordPriceEvidence(
    db,
    options.map((option) => ({
      dealProductId: option.id,
      source: input.source,
      sourceName: input.sourceName,
      referencePriceMinor: option.originalPriceMinor,
      checkedAt: input.checkedAt,
      checkedByName: input.checkedByName,
    })),
  );
  return [dealTag(dealId), LISTINGS_TAG];
}
