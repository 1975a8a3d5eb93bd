/**
 * GET /api/v1/suggest?q=&limit= : what the header search box offers while a shopper types
 * (spec 2 "Search shows Suggestions and Top Searches"). Bad input is a 400 {message, status}.
 */
import { SuggestQuerySchema } from '@/contracts/search';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { suggestDeals } from '@/server/search';

/** Suggestions change only when the catalogue does; a short shared cache absorbs fast typists. */
const SUGGEST_CACHE_SECONDS = 300;

export const GET = endpoint({
  who: 'anyone',
  input: SuggestQuerySchema,
  area: 'search',
  handler: async ({ input }) => {
    const { db } = await getDb();
    return json(await suggestDeals(db, input), { cacheSeconds: SUGGEST_CACHE_SECONDS });
  },
});
