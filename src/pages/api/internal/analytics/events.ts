/**
 * GET /api/internal/analytics/events?type=&path=&orderId=&afterId= (decision 059): the shop's own
 * analytics events of one type (page_view, click_position or order), the newest 100, newest first, for an
 * operator's figures. Nothing personal is stored in them. Needs `Authorization: Bearer
 * $OPERATOR_TOKEN` (404 without a token set).
 */
import { z } from 'zod';
import { text } from '@/contracts/text';
import { listAnalyticsEvents } from '@/server/analytics';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';

const QuerySchema = z.object({
  type: z.enum(['page_view', 'click_position', 'order']),
  path: text().max(500).optional(),
  orderId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  afterId: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

export const GET = endpoint({
  who: 'operator',
  input: QuerySchema,
  area: 'operator',
  handler: async ({ input }) => {
    const { db } = await getDb();
    return { events: await listAnalyticsEvents(db, input) };
  },
});
