/** POST /api/internal/promo-codes/{id}/end: an operator ends a code now (decision 021). */
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { endPromoCode } from '@/server/promotions';

export const POST = endpoint({
  who: 'operator',
  area: 'operator',
  id: 'The id must be a number',
  handler: async ({ id }) => {
    const { db } = await getDb();
    return endPromoCode(db, id, new Date());
  },
});
