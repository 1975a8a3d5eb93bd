/**
 * GET /api/v1/content/scroller-configuration?brand= (spec 7; decision 033): how the home rails move
 * (spec 9 carousel interval 9000 ms, paused on hover, never for reduced motion). Without a brand, the
 * request's own. Shared: cached like a page.
 */
import { z } from 'zod';
import { BRANDS } from '@/domain/brands';
import { scrollerConfiguration } from '@/domain/scroller';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { endpoint, json } from '@/server/http';

const QuerySchema = z.object({
  brand: z.enum(BRANDS, { error: `brand must be one of ${BRANDS.join(', ')}` }).optional(),
});

export const GET = endpoint({
  who: 'anyone',
  input: QuerySchema,
  area: 'content',
  handler: ({ input, context }) =>
    json(scrollerConfiguration(input.brand ?? context.locals.brand), { cacheSeconds: CACHE_AGE_SECONDS }),
});
