/**
 * Merchants submit and refresh the evidence behind their options' original prices (docs/decisions/024).
 * A submission records where the price comes from, that it was checked now, and by whom; it supports
 * the option's current original price only (domain/price-evidence).
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { Invalid, NotFound } from '@/domain/errors';
import { type EvidenceSource, evidenceLapsesAt, isEvidenceCurrent } from '@/domain/price-evidence';
import { users } from '@/server/accounts/schema';
import { dealTag, LISTINGS_TAG } from '@/server/cache';
import { recordPriceEvidence } from '@/server/catalog';
import { dealProducts, deals, priceEvidence } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { requireMembership } from './membership';

export type EvidenceState = 'current' | 'lapsed' | 'none';

export interface OptionEvidence {
  dealId: number;
  dealHeadline: string;
  dealProductId: number;
  title: string;
  priceMinor: number;
  originalPriceMinor: number;
  discountPercentage: number;
  state: EvidenceState;
  source: EvidenceSource | null;
  sourceName: string | null;
  sourceUrl: string | null;
  checkedAt: Date | null;
  checkedByName: string | null;
  /** When the saving stops showing unless refreshed (current evidence only). */
  lapsesAt: Date | null;
}

/** Every visible option of the merchant's live deals with the state of its price evidence; lapsed and missing first. */
export async function listOptionEvidence(db: Db, merchantId: number, now: Date): Promise<OptionEvidence[]> {
  const options = await db
    .select({
      dealId: deals.id,
      dealHeadline: deals.headline,
      dealProductId: dealProducts.id,
      title: dealProducts.title,
      priceMinor: dealProducts.priceMinor,
      originalPriceMinor: dealProducts.originalPriceMinor,
      discountPercentage: dealProducts.discountPercentage,
    })
    .from(dealProducts)
    .innerJoin(deals, eq(deals.id, dealProducts.dealId))
    .where(and(eq(deals.merchantId, merchantId), eq(deals.status, 'live'), eq(dealProducts.visibility, 'visible')))
    .orderBy(asc(deals.headline), asc(dealProducts.sortOrder), asc(dealProducts.id));
  const ids = options.map((option) => option.dealProductId);
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(priceEvidence)
          .where(inArray(priceEvidence.dealProductId, ids))
          .orderBy(desc(priceEvidence.id));
  const latest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.dealProductId)) latest.set(row.dealProductId, row);
  const order: Record<EvidenceState, number> = { none: 0, lapsed: 1, current: 2 };
  return options
    .map((option): OptionEvidence => {
      const proof = latest.get(option.dealProductId) ?? null;
      const state: EvidenceState =
        proof === null ? 'none' : isEvidenceCurrent(proof, option.originalPriceMinor, now) ? 'current' : 'lapsed';
      return {
        ...option,
        state,
        source: proof ? (proof.source === 'retailer' ? 'retailer' : 'merchant_price_list') : null,
        sourceName: proof?.sourceName ?? null,
        sourceUrl: proof?.sourceUrl ?? null,
        checkedAt: proof?.checkedAt ?? null,
        checkedByName: proof?.checkedByName ?? null,
        lapsesAt: proof && state === 'current' ? evidenceLapsesAt(proof) : null,
      };
    })
    .sort((a, b) => order[a.state] - order[b.state]);
}

export interface EvidenceInput {
  merchantId: number;
  userId: number;
  dealProductId: number;
  source: EvidenceSource;
  /** The retailer's name (a retailer's price); ignored for the merchant's own price list. */
  retailer?: string;
  sourceUrl?: string;
  now: Date;
}

/**
 * Records that a member checked an option's original price now; answers the cache tags of the pages
 * that show the deal (its page and every listing), and forgets the catalogue's read caches.
 */
export async function submitPriceEvidence(db: Db, input: EvidenceInput): Promise<string[]> {
  const membership = await requireMembership(db, input.userId, input.merchantId);
  const [option] = await db
    .select({ dealId: deals.id, originalPriceMinor: dealProducts.originalPriceMinor })
    .from(dealProducts)
    .innerJoin(deals, eq(deals.id, dealProducts.dealId))
    .where(and(eq(dealProducts.id, input.dealProductId), eq(deals.merchantId, input.merchantId)));
  if (option === undefined) throw new NotFound('That option is not one of your deals.');
  const retailer = input.retailer?.trim() ?? '';
  if (input.source === 'retailer' && retailer === '') throw new Invalid('Name the retailer whose price this is.');
  const url = input.sourceUrl?.trim() || null;
  if (url !== null && !/^https?:\/\/\S+$/i.test(url)) throw new Invalid('Enter a web address starting with https://');
  const [member] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, input.userId));
  await recordPriceEvidence(db, [
    {
      dealProductId: input.dealProductId,
      source: input.source,
      sourceName: input.source === 'retailer' ? retailer.slice(0, 120) : membership.merchantName,
      sourceUrl: url?.slice(0, 500) ?? null,
      referencePriceMinor: option.originalPriceMinor,
      checkedAt: input.now,
      checkedByUserId: input.userId,
      checkedByName: `${member?.firstName || 'a member of staff'} at ${membership.merchantName}`,
      createdAt: input.now,
    },
  ]);
  return [dealTag(option.dealId), LISTINGS_TAG];
}
