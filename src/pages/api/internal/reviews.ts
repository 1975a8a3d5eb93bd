/**
 * GET /api/internal/reviews: the reviews waiting for an operator, oldest first (docs/decisions/046),
 * each with the deal, voucher and order it was written through. Needs `Authorization: Bearer
 * $OPERATOR_TOKEN` (404 without a token set).
 */
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { listPendingReviews } from '@/server/reviews';

export const GET = endpoint({
  who: 'operator',
  area: 'operator',
  handler: async () => {
    const { db } = await getDb();
    return { reviews: await listPendingReviews(db) };
  },
});
