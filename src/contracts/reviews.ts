/**
 * What the verified-review forms and calls take (docs/decisions/046): a shopper's review of one
 * redeemed voucher, and an operator's rejection with its reason.
 */
import { z } from 'zod';
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_COPY,
  REVIEW_REASON_MAX,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
} from '@/domain/reviews';
import { blankable, DbIdInputSchema } from './text';

/** The review form on a voucher (My Vouchers, the deal page's personal part): stars, title, text. */
export const ReviewFormSchema = z.object({
  voucherId: DbIdInputSchema,
  rating: z.coerce
    .number({ error: REVIEW_COPY.rating })
    .int({ error: REVIEW_COPY.rating })
    .min(1, { error: REVIEW_COPY.rating })
    .max(5, { error: REVIEW_COPY.rating }),
  title: z
    .string({ error: REVIEW_COPY.title })
    .trim()
    .min(REVIEW_TITLE_MIN, { error: REVIEW_COPY.title })
    .max(REVIEW_TITLE_MAX, { error: REVIEW_COPY.title }),
  body: z
    .string({ error: REVIEW_COPY.body })
    .trim()
    .min(REVIEW_BODY_MIN, { error: REVIEW_COPY.body })
    .max(REVIEW_BODY_MAX, { error: REVIEW_COPY.body }),
});
export type ReviewForm = z.output<typeof ReviewFormSchema>;

/**
 * The review form as posted to its Astro Action: read as it came, so a field that fails the rules
 * above comes back to the shopper with their words kept and a message beside it.
 */
export const ReviewFormPostSchema = z.object({
  voucherId: DbIdInputSchema,
  rating: blankable(z.string().max(10)),
  title: blankable(z.string().max(10_000)),
  body: blankable(z.string().max(50_000)),
});

/** What the review form shows after a post that failed the rules: a message per field and what was typed. */
export interface ReviewFormRetry {
  errors: Record<string, string>;
  values: { rating: string; title: string; body: string };
}

/** POST /api/internal/reviews/{id}/reject: why (the shopper sees it on their voucher). */
export const ReviewRejectionSchema = z.object({
  reason: z
    .string({ error: REVIEW_COPY.reasonRequired })
    .trim()
    .min(1, { error: REVIEW_COPY.reasonRequired })
    .max(REVIEW_REASON_MAX, { error: REVIEW_COPY.reasonRequired }),
});

/** A review waiting for an operator (GET /api/internal/reviews). */
export interface PendingReview {
  id: number;
  dealId: number;
  dealHeadline: string;
  voucherId: number;
  orderId: number;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  redeemedAt: string;
  createdAt: string;
}

/** What a shopper's voucher says about its review. */
export interface VoucherReview {
  id: number;
  voucherId: number;
  rating: number;
  title: string;
  status: 'pending' | 'published' | 'rejected';
  rejectionReason: string | null;
}

/** POST /api/v1/voucher/{id}/review: the review of that voucher (its id is in the path). */
export const ReviewRequestSchema = ReviewFormSchema.omit({ voucherId: true });

/** What POST /api/v1/voucher/{id}/review answers (201): the review, pending an operator's check. */
export const ReviewSubmittedSchema = z.object({
  id: z.number().int(),
  dealId: z.number().int(),
  voucherId: z.number().int(),
  status: z.literal('pending'),
  message: z.string(),
});
export type ReviewSubmitted = z.output<typeof ReviewSubmittedSchema>;
