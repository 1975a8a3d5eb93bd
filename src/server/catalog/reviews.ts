/** Written reviews of a deal, a page at a time (spec 9: 10 per page, 3 on the deal page). */
import { count, desc, eq } from 'drizzle-orm';
import type { Review } from '@/contracts/deal-detail';
import type { Db } from '@/server/db';
import { reviews } from './schema';

/** spec 9: reviews per page. */
export const REVIEWS_PAGE_SIZE = 10;
/** spec 9: reviews shown on the deal page before "Show more reviews". */
export const REVIEWS_SHOWN = 3;

/** Newest first; `page` counts from 1. Returns the page's reviews and how many the deal has. */
export async function listReviews(
  db: Db,
  dealId: number,
  { page = 1, pageSize = REVIEWS_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<{ total: number; reviews: Review[] }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(eq(reviews.dealId, dealId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ total: count() }).from(reviews).where(eq(reviews.dealId, dealId)),
  ]);
  return {
    total: Number(totals[0]?.total ?? 0),
    reviews: rows.map((r) => ({
      id: r.id,
      authorName: r.authorName,
      rating: Math.min(5, Math.max(1, r.rating)),
      title: r.title,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
