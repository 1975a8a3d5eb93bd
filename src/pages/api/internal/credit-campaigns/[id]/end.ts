/** POST /api/internal/credit-campaigns/{id}/end: an operator ends a campaign; its link then reads "no longer valid". */
import { endCreditCampaign } from '@/server/credit';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';

export const POST = endpoint({
  who: 'operator',
  area: 'operator',
  id: 'The id must be a number',
  handler: async ({ id }) => {
    const { db } = await getDb();
    return endCreditCampaign(db, id, new Date());
  },
});
