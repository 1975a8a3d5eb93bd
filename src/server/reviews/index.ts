/**
 * Verified reviews (docs/decisions/046). A shopper reviews a deal through one redeemed voucher of
 * theirs, once; the review waits (pending) until an operator publishes it or rejects it with a
 * reason; the deal's rating (catalogue: setDealRating) counts published reviews only and is
 * recomputed in the transaction that publishes or rejects. The hourly jobs ask for a review a few days
 * after a redemption, once per voucher. A voucher is "received" when it is redeemed or, for a posted
 * product, when its parcel is delivered (docs/decisions/051 "Delivered"): the voucher itself stays
 * Ready to Redeem then, so the product can still be returned.
 */
import { and, count, desc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Review } from '@/contracts/deal-detail';
import type { PendingReview, ReviewForm, VoucherReview } from '@/contracts/reviews';
import { Conflict, NotFound } from '@/domain/errors';
import {
  REVIEW_COPY,
  REVIEW_REQUEST_DELAY_DAYS,
  REVIEW_REQUEST_WINDOW_DAYS,
  ratingSummary,
  reviewerName,
} from '@/domain/reviews';
import { users } from '@/server/accounts/schema';
import { clearCatalogueCaches, setDealRating } from '@/server/catalog';
import { deals } from '@/server/catalog/schema';
import type { Db, DbOrTx, Tx } from '@/server/db';
import { listDeliveredOrderLines } from '@/server/fulfilment';
import { enqueueMail } from '@/server/mail';
import { vouchers } from '@/server/vouchers/schema';
import { type ReviewRow, reviewRequests, reviews } from './schema';

export type { ReviewRow, ReviewStatus } from './schema';

/** spec 9: reviews per page. */
export const REVIEWS_PAGE_SIZE = 10;
/** spec 9: reviews shown on the deal page before "Show more reviews". */
export const REVIEWS_SHOWN = 3;
/** Review-ask emails queued per hourly run, at most (the rest go in the next run). */
const REQUESTS_PER_RUN = 500;
const DAY_MS = 86_400_000;

/**
 * When each of these vouchers was received: redeemed (its status moment), or its posted product
 * delivered (the parcel's delivery moment). Vouchers not received are absent.
 */
export async function listReceivedVouchers(db: DbOrTx, voucherIds: readonly number[]): Promise<Map<number, Date>> {
  const received = new Map<number, Date>();
  if (voucherIds.length === 0) return received;
  const rows = await db
    .select({
      id: vouchers.id,
      status: vouchers.status,
      statusChangedAt: vouchers.statusChangedAt,
      orderLineId: vouchers.orderLineId,
    })
    .from(vouchers)
    .where(inArray(vouchers.id, [...voucherIds]));
  const delivered = await listDeliveredOrderLines(
    db,
    rows.filter((row) => row.status !== 'redeemed').map((row) => row.orderLineId),
  );
  for (const row of rows) {
    const at = row.status === 'redeemed' ? row.statusChangedAt : delivered.get(row.orderLineId);
    if (at !== undefined) received.set(row.id, at);
  }
  return received;
}

/**
 * A shopper's review of one of their received vouchers (redeemed, or its parcel delivered), pending
 * moderation. Refuses a voucher that is not theirs (404), not received (409) or already reviewed
 * (409), each with its message.
 */
export async function submitReview(
  db: Db,
  input: ReviewForm & { userId: number; now: Date },
): Promise<{ id: number; dealId: number; voucherId: number }> {
  return db.transaction(async (tx) => {
    const [voucher] = await tx
      .select({
        id: vouchers.id,
        userId: vouchers.userId,
        dealId: vouchers.dealId,
        orderId: vouchers.orderId,
        status: vouchers.status,
        statusChangedAt: vouchers.statusChangedAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(vouchers)
      .innerJoin(users, eq(users.id, vouchers.userId))
      .where(eq(vouchers.id, input.voucherId));
    if (voucher === undefined || voucher.userId !== input.userId) throw new NotFound(REVIEW_COPY.notYours);
    const receivedAt = (await listReceivedVouchers(tx, [voucher.id])).get(voucher.id);
    if (receivedAt === undefined) throw new Conflict(REVIEW_COPY.notRedeemed);
    const [row] = await tx
      .insert(reviews)
      .values({
        dealId: voucher.dealId,
        voucherId: voucher.id,
        orderId: voucher.orderId,
        userId: voucher.userId,
        authorName: reviewerName(voucher.firstName, voucher.lastName),
        rating: input.rating,
        title: input.title,
        body: input.body,
        redeemedAt: receivedAt,
        createdAt: input.now,
      })
      .onConflictDoNothing({ target: reviews.voucherId })
      .returning({ id: reviews.id });
    if (row === undefined) throw new Conflict(REVIEW_COPY.already);
    return { id: row.id, dealId: voucher.dealId, voucherId: voucher.id };
  });
}

/** A deal's published reviews, newest first; `page` counts from 1. */
/** How many published reviews of a deal gave each star rating, 1 to 5 (spec 4 reviews variant b; decision 058). */
export async function countRatings(db: DbOrTx, dealId: number): Promise<Record<number, number>> {
  const rows = await db
    .select({ rating: reviews.rating, total: count() })
    .from(reviews)
    .where(and(eq(reviews.dealId, dealId), eq(reviews.status, 'published')))
    .groupBy(reviews.rating);
  return Object.fromEntries(rows.map((row) => [Math.min(5, Math.max(1, row.rating)), Number(row.total)]));
}

export async function listReviews(
  db: DbOrTx,
  dealId: number,
  { page = 1, pageSize = REVIEWS_PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<{ total: number; reviews: Review[] }> {
  const published = and(eq(reviews.dealId, dealId), eq(reviews.status, 'published'));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(published)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(pageSize)
      .offset((Math.max(1, page) - 1) * pageSize),
    db.select({ total: count() }).from(reviews).where(published),
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
      verifiedPurchase: true as const,
      redeemedAt: r.redeemedAt.toISOString(),
    })),
  };
}

/** The reviews written through some of a shopper's vouchers, by voucher id. */
export async function listVoucherReviews(
  db: DbOrTx,
  userId: number,
  voucherIds: readonly number[],
): Promise<Map<number, VoucherReview>> {
  const found = new Map<number, VoucherReview>();
  if (voucherIds.length === 0) return found;
  const rows = await db
    .select({
      id: reviews.id,
      voucherId: reviews.voucherId,
      rating: reviews.rating,
      title: reviews.title,
      status: reviews.status,
      rejectionReason: reviews.rejectionReason,
    })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), inArray(reviews.voucherId, [...voucherIds])));
  for (const row of rows) found.set(row.voucherId, row);
  return found;
}

/**
 * A shopper's received vouchers of a deal (redeemed, or delivered by post) not reviewed yet, the
 * latest first: what the deal page's personal part offers to review. `redeemedAt` is when it was received.
 */
export async function listReviewableVouchers(
  db: DbOrTx,
  userId: number,
  dealId: number,
): Promise<{ voucherId: number; code: string; redeemedAt: Date }[]> {
  const unreviewed = await db
    .select({ voucherId: vouchers.id, code: vouchers.code })
    .from(vouchers)
    .leftJoin(reviews, eq(reviews.voucherId, vouchers.id))
    .where(and(eq(vouchers.userId, userId), eq(vouchers.dealId, dealId), isNull(reviews.id)));
  const received = await listReceivedVouchers(
    db,
    unreviewed.map((v) => v.voucherId),
  );
  return unreviewed
    .flatMap((v) => {
      const at = received.get(v.voucherId);
      return at === undefined ? [] : [{ ...v, redeemedAt: at }];
    })
    .sort((a, b) => b.redeemedAt.getTime() - a.redeemedAt.getTime() || b.voucherId - a.voucherId);
}

/** Reviews waiting for an operator, oldest first (GET /api/internal/reviews). */
export async function listPendingReviews(db: DbOrTx, limit = 200): Promise<PendingReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      dealId: reviews.dealId,
      dealHeadline: deals.headline,
      voucherId: reviews.voucherId,
      orderId: reviews.orderId,
      authorName: reviews.authorName,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      redeemedAt: reviews.redeemedAt,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(deals, eq(deals.id, reviews.dealId))
    .where(eq(reviews.status, 'pending'))
    .orderBy(reviews.createdAt, reviews.id)
    .limit(limit);
  return rows.map((r) => ({ ...r, redeemedAt: r.redeemedAt.toISOString(), createdAt: r.createdAt.toISOString() }));
}

/** Works out a deal's rating from its published reviews and keeps it on the deal (same transaction). */
async function recomputeDealRating(tx: Tx, dealId: number): Promise<{ average: number | null; count: number }> {
  const rows = await tx
    .select({ rating: reviews.rating })
    .from(reviews)
    .where(and(eq(reviews.dealId, dealId), eq(reviews.status, 'published')));
  const rating = ratingSummary(rows.map((r) => r.rating));
  await setDealRating(tx, dealId, rating);
  return rating;
}

export interface Moderated {
  id: number;
  dealId: number;
  status: 'published' | 'rejected';
  rating: { average: number | null; count: number };
}

async function moderate(
  db: Db,
  id: number,
  to: 'published' | 'rejected',
  reason: string | null,
  now: Date,
): Promise<Moderated> {
  // Publish takes a pending review; reject takes a pending one or takes a published one down.
  const from: ('pending' | 'published')[] = to === 'published' ? ['pending'] : ['pending', 'published'];
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ status: to, rejectionReason: reason, moderatedAt: now })
      .where(and(eq(reviews.id, id), inArray(reviews.status, from)))
      .returning({ id: reviews.id, dealId: reviews.dealId });
    if (row === undefined) {
      const [exists] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, id));
      if (exists === undefined) throw new NotFound(REVIEW_COPY.noSuchReview);
      throw new Conflict(REVIEW_COPY.notPending);
    }
    return { id: row.id, dealId: row.dealId, status: to, rating: await recomputeDealRating(tx, row.dealId) };
  });
  clearCatalogueCaches();
  return done;
}

/** An operator publishes a pending review: it shows on the deal and counts in its rating. */
export function publishReview(db: Db, id: number, now: Date): Promise<Moderated> {
  return moderate(db, id, 'published', null, now);
}

/** An operator rejects a review with a reason the shopper sees on their voucher. */
export function rejectReview(db: Db, id: number, reason: string, now: Date): Promise<Moderated> {
  return moderate(db, id, 'rejected', reason, now);
}

/**
 * The review-ask email (decision 046): for each voucher redeemed REVIEW_REQUEST_DELAY_DAYS ago or more
 * (within REVIEW_REQUEST_WINDOW_DAYS), not reviewed and not asked about yet, one email, once: the
 * request row and the outbox row are written in one transaction. Returns how many were queued.
 */
export async function sendReviewRequests(db: Db, options: { now: Date; origin: string }): Promise<number> {
  const { now, origin } = options;
  const due = await db
    .select({
      voucherId: vouchers.id,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      dealHeadline: deals.headline,
      redeemedAt: vouchers.statusChangedAt,
    })
    .from(vouchers)
    .innerJoin(users, eq(users.id, vouchers.userId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .leftJoin(reviews, eq(reviews.voucherId, vouchers.id))
    .leftJoin(reviewRequests, eq(reviewRequests.voucherId, vouchers.id))
    .where(
      and(
        eq(vouchers.status, 'redeemed'),
        lte(vouchers.statusChangedAt, new Date(now.getTime() - REVIEW_REQUEST_DELAY_DAYS * DAY_MS)),
        gte(vouchers.statusChangedAt, new Date(now.getTime() - REVIEW_REQUEST_WINDOW_DAYS * DAY_MS)),
        isNull(users.anonymizedAt),
        isNull(reviews.id),
        isNull(reviewRequests.voucherId),
      ),
    )
    .orderBy(vouchers.statusChangedAt, vouchers.id)
    .limit(REQUESTS_PER_RUN);
  let sent = 0;
  for (const voucher of due) {
    const queued = await db.transaction(async (tx) => {
      const [asked] = await tx
        .insert(reviewRequests)
        .values({ voucherId: voucher.voucherId, sentAt: now })
        .onConflictDoNothing()
        .returning({ voucherId: reviewRequests.voucherId });
      if (asked === undefined) return false;
      await enqueueMail(tx, {
        userId: voucher.userId,
        kind: 'review_request',
        recipient: voucher.email,
        subject: `How was ${voucher.dealHeadline}?`,
        template: 'reviewRequest',
        data: {
          firstName: voucher.firstName,
          dealHeadline: voucher.dealHeadline,
          redeemedAt: voucher.redeemedAt.toISOString(),
          reviewUrl: `${origin}/myaccount/vouchers#voucher-${voucher.voucherId}-review`,
        },
      });
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}

/** A deleted account's reviews stay (their voucher still traces them) but no longer name the person. */
export async function forgetReviewer(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(reviews)
    .set({ authorName: reviewerName('', '') })
    .where(eq(reviews.userId, userId));
}

/** How many reviews a deal has by status (operators' and tests' view). */
export async function countDealReviews(
  db: DbOrTx,
  dealId: number,
): Promise<Record<'pending' | 'published' | 'rejected', number>> {
  const rows = await db
    .select({ status: reviews.status, n: count() })
    .from(reviews)
    .where(eq(reviews.dealId, dealId))
    .groupBy(reviews.status);
  const counts = { pending: 0, published: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Only the raw row, for tests that check what a review references. */
export async function retrieveReview(db: DbOrTx, id: number): Promise<ReviewRow | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row ?? null;
}
