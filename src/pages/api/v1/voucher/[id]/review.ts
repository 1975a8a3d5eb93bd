/**
 * POST /api/v1/voucher/{id}/review {rating, title, body}: the signed-in shopper reviews the deal of
 * one of their vouchers (docs/decisions/046). Only a redeemed voucher may be reviewed, once: a voucher
 * not theirs answers 404, one not redeemed or already reviewed 409, a bad field 400, each with its
 * message. The review waits for an operator before it shows (201, status pending).
 */
import { ReviewRequestSchema, type ReviewSubmitted } from '@/contracts/reviews';
import { REVIEW_COPY } from '@/domain/reviews';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { submitReview } from '@/server/reviews';

export const prerender = false;

export const POST = endpoint({
  who: 'customer',
  input: ReviewRequestSchema,
  invalid: 'firstField',
  area: 'reviews',
  id: 'The voucher id must be a number.',
  handler: async ({ input, user, id }) => {
    const { db } = await getDb();
    const review = await submitReview(db, { ...input, voucherId: id, userId: user.id, now: new Date() });
    const body: ReviewSubmitted = { ...review, status: 'pending', message: REVIEW_COPY.thanks };
    return json(body, { status: 201 });
  },
});
