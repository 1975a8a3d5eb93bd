/** GET /api/v1/complementary-deals?dealId&limit (spec 7): deals related to one deal, most related first. */
import { ComplementaryDealsQuerySchema, readDealId } from '@/contracts/deal-detail';
import { Invalid, NotFound } from '@/domain/errors';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { listComplementaryDeals, retrieveDeal } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  input: ComplementaryDealsQuerySchema,
  area: 'catalog',
  handler: async ({ input }) => {
    const id = readDealId(input.dealId);
    if (id === 'invalid') throw new Invalid('dealId must be a number.');
    if (id === 'unknown') throw new NotFound('No deal has this id.');
    const { db } = await getDb();
    if (!(await retrieveDeal(db, id))) throw new NotFound('No deal has this id.');
    const deals = await listComplementaryDeals(db, id, input.limit);
    return json({ dealId: id, deals }, { cacheSeconds: CACHE_AGE_SECONDS });
  },
});
