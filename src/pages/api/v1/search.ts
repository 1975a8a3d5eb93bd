/**
 * GET /api/v1/search (spec 7 "GET search"): q, location, category, subcategory, minPrice, maxPrice
 * (whole pounds), orderBy, page, pageSize (1 to 50, default 12 per spec 9) and facetedNavigation.
 * Answers spec 3's search response; bad input is a 400 {message, status}.
 */
import { SearchQuerySchema } from '@/contracts/search';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { searchDeals } from '@/server/search';
import { sponsoredForSearch } from '@/server/sponsored';

export const GET = endpoint({
  who: 'anyone',
  input: SearchQuerySchema,
  area: 'search',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const [result, sponsored] = await Promise.all([searchDeals(db, input), sponsoredForSearch(db, input.q)]);
    const deals = sponsored.map((card) => card.entry);
    return json({ ...result, sponsored: { sessionId: null, deals } }, { cacheSeconds: CACHE_AGE_SECONDS });
  },
});
