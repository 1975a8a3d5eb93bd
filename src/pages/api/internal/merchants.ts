/**
 * GET /api/internal/merchants?q= (docs/decisions/045): an operator finds a merchant by name or id;
 * each answer says how many deals it has live and, once closed, the day it closed. Needs
 * `Authorization: Bearer $OPERATOR_TOKEN`; without a configured token the endpoint does not exist (404).
 */
import { MerchantSearchSchema } from '@/contracts/merchant-closure';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { findMerchants } from '@/server/merchants';

export const GET = endpoint({
  who: 'operator',
  input: MerchantSearchSchema,
  area: 'merchants',
  handler: async ({ input }) => {
    const { db } = await getDb();
    return { merchants: await findMerchants(db, input.q) };
  },
});
