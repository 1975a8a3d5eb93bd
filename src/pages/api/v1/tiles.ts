/**
 * GET /api/v1/tiles?brand=&country=gb&location=&navigation=&subNavigation= (spec 7 "GET tiles", the
 * tiles service; decision 033): the tiles of a place as an array, or an object with error (spec 7):
 * 400 for a query it cannot read, 404 for an unknown location or navigation, 503 when they cannot be
 * read (logged). No credentials needed: the answer is shared, cached like a page.
 */
import { TilesQuerySchema } from '@/contracts/tiles';
import { MESSAGES } from '@/domain/messages';
import { CACHE_AGE_SECONDS, cachePublicPage, LISTINGS_TAG, locationTag } from '@/server/cache';
import { getDb } from '@/server/db';
import { endpoint, json, parseQuery } from '@/server/http';
import { logError } from '@/server/log';
import { listTiles } from '@/server/tiles';

export const GET = endpoint({
  who: 'anyone',
  area: 'tiles',
  // The query is read here, not by endpoint(): spec 7 answers a failure as `{ error }`.
  handler: async ({ context }) => {
    const query = parseQuery(TilesQuerySchema, context.url.searchParams);
    if (!query.ok) {
      const { message } = (await query.response.json()) as { message: string };
      return json({ error: message }, { status: 400 });
    }
    try {
      const { db } = await getDb();
      const tiles = await listTiles(db, query.value);
      if (tiles === null) return json({ error: 'No such location or navigation' }, { status: 404 });
      cachePublicPage(context, [LISTINGS_TAG, locationTag(query.value.location)]);
      return json(tiles, { cacheSeconds: CACHE_AGE_SECONDS });
    } catch (error) {
      logError('tiles', 'tiles unavailable', error);
      return json({ error: MESSAGES.somethingWentWrong }, { status: 503 });
    }
  },
});
