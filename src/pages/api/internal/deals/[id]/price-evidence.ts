/**
 * POST /api/internal/deals/{id}/price-evidence (decision 024): support records the evidence for
 * every option's original price of a deal, checked at a given moment (a price audit; the end-to-end
 * tests backdate it to see a saving lapse). The deal's pages are re-rendered. Needs
 * `Authorization: Bearer $OPERATOR_TOKEN`; without a configured token the endpoint does not exist (404).
 */
import { z } from 'zod';
import { text } from '@/contracts/text';
import { NotFound } from '@/domain/errors';
import { recordDealPriceEvidence } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';

const DealEvidenceSchema = z.object({
  source: z.enum(['merchant_price_list', 'retailer']),
  sourceName: text().min(1).max(120),
  checkedAt: z.iso.datetime({ offset: true }),
  checkedByName: text().min(1).max(120),
});

export const POST = endpoint({
  who: 'operator',
  input: DealEvidenceSchema,
  area: 'merchants',
  id: 'The deal id must be a number',
  handler: async ({ input, id: dealId, context: { cache } }) => {
    const { db } = await getDb();
    const tags = await recordDealPriceEvidence(db, dealId, { ...input, checkedAt: new Date(input.checkedAt) });
    if (tags === null) throw new NotFound(`No deal ${dealId}`);
    if (cache.enabled) await cache.invalidate({ tags });
    return json({ dealId: dealId, invalidated: tags }, { status: 201 });
  },
});
