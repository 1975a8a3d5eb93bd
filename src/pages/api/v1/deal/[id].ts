/** GET /api/v1/deal/{id} (spec 7 public "deal"): one deal as the DealDetail contract. */
import { readDealId } from '@/contracts/deal-detail';
import { Invalid, NotFound } from '@/domain/errors';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { retrieveDeal } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  area: 'catalog',
  handler: async ({ context: { params } }) => {
    const id = readDealId(params.id);
    if (id === 'invalid') throw new Invalid('The deal id must be a number.');
    if (id === 'unknown') throw new NotFound('No deal has this id.');
    const { db } = await getDb();
    const deal = await retrieveDeal(db, id);
    if (!deal) throw new NotFound('No deal has this id.');
    return json(deal, { cacheSeconds: CACHE_AGE_SECONDS });
  },
});
