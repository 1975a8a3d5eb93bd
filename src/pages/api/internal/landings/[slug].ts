/**
 * PUT /api/internal/landings/{ppc|welcome}: an editor configures a campaign landing (decision 025:
 * headline, hero, the deals feed, the offer, indexable or not); GET reads what is in force. The
 * cached landing is invalidated at once. Needs `Authorization: Bearer $OPERATOR_TOKEN`; without a
 * configured token the endpoint does not exist (404).
 */
import { NotFound } from '@/domain/errors';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { isLandingSlug, LandingInputSchema, retrieveLanding, saveLanding } from '@/server/landings';

export const GET = endpoint({
  who: 'operator',
  area: 'operator',
  handler: async ({ context: { params } }) => {
    const slug = params.slug ?? '';
    if (!isLandingSlug(slug)) throw new NotFound(`No landing ${slug}`);
    const { db } = await getDb();
    return retrieveLanding(db, slug);
  },
});

export const PUT = endpoint({
  who: 'operator',
  input: LandingInputSchema,
  area: 'operator',
  handler: async ({ input, context: { params, cache } }) => {
    const slug = params.slug ?? '';
    if (!isLandingSlug(slug)) throw new NotFound(`No landing ${slug}`);
    const { db } = await getDb();
    const landing = await saveLanding(db, slug, input);
    if (cache.enabled) await cache.invalidate({ tags: [`landing:${slug}`] });
    return landing;
  },
});
