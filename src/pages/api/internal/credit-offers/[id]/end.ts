/** POST /api/internal/credit-offers/{id}/end: an operator ends a promotional-credit offer now. */
import { endPromotionalCreditOffer } from '@/server/credit';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';

export const POST = endpoint({
  who: 'operator',
  area: 'operator',
  id: 'The id must be a number',
  handler: async ({ id }) => {
    const { db } = await getDb();
    return endPromotionalCreditOffer(db, id, new Date());
  },
});
