/** POST /api/internal/promo-codes/{id}/end: an operator ends a code now (issue 17 item 5). */
import { DbIdInputSchema } from '@/contracts/text';
import { Invalid } from '@/domain/errors';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/endpoints';
import { endPromoCode } from '@/server/promotions';

export const POST = endpoint({
  who: 'operator',
  area: 'operator',
  handler: async ({ context: { params } }) => {
    const id = DbIdInputSchema.safeParse(params.id);
    if (!id.success) throw new Invalid('The id must be a number');
    const { db } = await getDb();
    return endPromoCode(db, id.data, new Date());
  },
});
