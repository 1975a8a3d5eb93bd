/**
 * PATCH /api/internal/deals/{id} — an operator changes a deal (headline, status, popularity, option prices);
 * the cached pages that show it are invalidated by tag at once. Needs `Authorization: Bearer
 * $OPERATOR_TOKEN`; without a configured token the endpoint does not exist (404).
 */
import { Invalid, NotFound } from '@/domain/errors';
import { DealPatchSchema, UnknownProduct, updateDeal } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';

export const PATCH = endpoint({
  who: 'operator',
  input: DealPatchSchema,
  area: 'operator',
  id: 'The deal id must be a number',
  handler: async ({ input, id, context: { cache } }) => {
    const { db } = await getDb();
    let tags: string[] | null;
    try {
      tags = await updateDeal(db, id, input);
    } catch (error) {
      if (error instanceof UnknownProduct) throw new Invalid(error.message);
      throw error;
    }
    if (!tags) throw new NotFound(`No deal ${id}`);
    if (cache.enabled) await cache.invalidate({ tags });
    return { id, invalidated: tags };
  },
});
