/**
 * The closure of a merchant (docs/decisions/045). POST `{ closedOn, reason }` closes it: in one
 * transaction the merchant is marked closed and its deals close; the cached pages that showed them
 * are invalidated by tag at once (as PATCH /api/internal/deals/{id} does). The refunds follow from
 * POST .../closure/refunds (the operator page calls it straight after) or the hourly jobs. GET
 * answers the closure's report: counts and sums of what was refunded where, and what is left.
 * Needs `Authorization: Bearer $OPERATOR_TOKEN`; without a configured token the endpoint does not exist (404).
 */
import { MerchantClosureSchema } from '@/contracts/merchant-closure';
import { NotFound } from '@/domain/errors';
import { CLOSURE_MESSAGES } from '@/domain/merchant-closure';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { closeMerchant, retrieveClosureReport } from '@/server/merchants';

export const GET = endpoint({
  who: 'operator',
  area: 'merchants',
  id: 'The merchant id must be a number',
  handler: async ({ id }) => {
    const { db } = await getDb();
    const report = await retrieveClosureReport(db, id);
    if (report === null) throw new NotFound(CLOSURE_MESSAGES.notClosed);
    return report;
  },
});

export const POST = endpoint({
  who: 'operator',
  input: MerchantClosureSchema,
  area: 'merchants',
  id: 'The merchant id must be a number',
  handler: async ({ input, id, context: { cache } }) => {
    const { db } = await getDb();
    const { report, tags } = await closeMerchant(db, { merchantId: id, ...input, now: new Date() });
    if (cache.enabled && tags.length > 0) await cache.invalidate({ tags });
    return json({ ...report, invalidated: tags }, { status: 201 });
  },
});
