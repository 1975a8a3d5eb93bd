/**
 * GET /api/v1/deal/stock?ids=1,2,3 (docs/decisions/048): the live "Only N left" of deals and their
 * options, for cards and the deal page, whose cached HTML must not carry a stale count. A count is
 * given only at or under the threshold (src/domain/urgency.ts); otherwise null (nothing to say).
 */
import { z } from 'zod';

export const LiveStockQuerySchema = z.object({
  ids: z
    .string({ error: 'ids must be deal ids separated by commas.' })
    .max(600)
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, 'ids must be up to 50 deal ids separated by commas.')
    .transform((value) => [...new Set(value.split(',').map(Number))].filter((n) => n > 0 && n <= 2_147_483_647)),
});

export const LiveStockSchema = z.object({
  deals: z.array(
    z.object({
      dealId: z.number().int(),
      /** "Only N left" for the deal's card, or null. */
      left: z.number().int().nullable(),
      isSoldOut: z.boolean(),
      products: z.array(
        z.object({ productId: z.number().int(), left: z.number().int().nullable(), isSoldOut: z.boolean() }),
      ),
    }),
  ),
});
export type LiveStock = z.output<typeof LiveStockSchema>;
