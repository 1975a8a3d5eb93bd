/**
 * GET /api/v1/deal/{id}/reviews?page=n: a deal's published reviews, each by a verified customer
 * (docs/decisions/046), newest first (spec 9: 10 per page).
 */
import { type ReviewPage, ReviewsQuerySchema, readDealId } from '@/contracts/deal-detail';
import { Invalid, NotFound } from '@/domain/errors';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { retrieveDeal } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json, parseQuery } from '@/server/http';
import { listReviews, REVIEWS_PAGE_SIZE } from '@/server/reviews';

export const GET = endpoint({
  who: 'anyone',
  area: 'catalog',
  handler: async ({ context: { params, url } }) => {
    const id = readDealId(params.id);
    if (id === 'invalid') throw new Invalid('The deal id must be a number.');
    if (id === 'unknown') throw new NotFound('No deal has this id.');
    const query = parseQuery(ReviewsQuerySchema, url.searchParams);
    if (!query.ok) return query.response;
    const { db } = await getDb();
    if (!(await retrieveDeal(db, id))) throw new NotFound('No deal has this id.');
    const { total, reviews } = await listReviews(db, id, { page: query.value.page });
    const body: ReviewPage = { dealId: id, page: query.value.page, pageSize: REVIEWS_PAGE_SIZE, total, reviews };
    return json(body, { cacheSeconds: CACHE_AGE_SECONDS });
  },
});
