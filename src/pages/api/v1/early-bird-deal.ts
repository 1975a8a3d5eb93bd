/**
 * GET /api/v1/early-bird-deal (spec 7 "early-bird-deal"): live Early Bird Deals, optionally in one
 * ?location=, a page at a time (?page=0-based, ?pageSize=1-100; spec 7 default page 0, size 50).
 */
import { EarlyBirdQuerySchema } from '@/contracts/location';
import { NotFound } from '@/domain/errors';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { listEarlyBirdDeals } from '@/server/rails';

export const GET = endpoint({
  who: 'anyone',
  input: EarlyBirdQuerySchema,
  area: 'catalog',
  handler: async ({ input: { location, page, pageSize } }) => {
    const { db } = await getDb();
    const result = await listEarlyBirdDeals(db, { location, page, pageSize });
    if (!result) throw new NotFound(`No location called "${location ?? ''}"`);
    return json({ ...result, page, pageSize }, { cacheSeconds: 1200 });
  },
});
