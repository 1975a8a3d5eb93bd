/**
 * GET /api/internal/credit-grants[?userId=]: the grants ledger (decision 021), newest first. Each
 * grant names its campaign or order and, once paid, its wallet entry. Bearer operator token.
 */
import { z } from 'zod';
import { listCreditGrants } from '@/server/credit';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';

export const GET = endpoint({
  who: 'operator',
  input: z.object({
    userId: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  }),
  area: 'operator',
  handler: async ({ input }) => {
    const { db } = await getDb();
    return { grants: await listCreditGrants(db, input) };
  },
});
