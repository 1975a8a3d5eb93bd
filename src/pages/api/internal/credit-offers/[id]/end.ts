/** POST /api/internal/credit-offers/{id}/end: an operator ends a promotional-credit offer now. */
import { DbIdInputSchema } from '@/contracts/text';
import { Invalid } from '@/domain/errors';
import { endPromotionalCreditOffer } from '@/server/credit';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/endpoints';

export const POST = endpoint({
  who: 'operator',
  area: 'operator',
  handler: async ({ context: { params } }) => {
    const id = DbIdInputSchema.safeParse(params.id);
    if (!id.success) throw new Invalid('The id must be a number');
    const { db } = await getDb();
    return endPromotionalCreditOffer(db, id.data, new Date());
  },
});
