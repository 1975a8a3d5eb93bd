/**
 * The review form on a redeemed voucher (docs/decisions/046), posted from My Vouchers or from the
 * deal page's personal part to /myaccount/vouchers?_action=submitReview&voucher={id}, where the
 * outcome shows on that voucher. Works without JavaScript. A field that fails the rules comes back
 * with a message beside it and the shopper's words kept (the page answers 400); a voucher not theirs,
 * not redeemed or already reviewed is refused (404, 409) with its message.
 */
import { defineAction } from 'astro:actions';
import { fieldErrorsOf } from '@/contracts/account';
import { ReviewFormPostSchema, type ReviewFormRetry, ReviewFormSchema } from '@/contracts/reviews';
import { REVIEW_COPY } from '@/domain/reviews';
import { getDb } from '@/server/db';
import { requireSignedIn } from '@/server/http';
import { submitReview } from '@/server/reviews';
import { answer } from './answer';

type ReviewPosted =
  | { ok: true; voucherId: number; reviewId: number; message: string }
  | ({ ok: false; voucherId: number } & ReviewFormRetry);

export const reviewActions = {
  /** A shopper's stars, title and text for one of their redeemed vouchers, once (pending an operator's check). */
  submitReview: defineAction({
    accept: 'form',
    input: ReviewFormPostSchema,
    handler: (form, context) =>
      answer<ReviewPosted>('reviews', async () => {
        const user = await requireSignedIn(context);
        const checked = ReviewFormSchema.safeParse(form);
        if (!checked.success) {
          const { rating, title, body } = form;
          return {
            ok: false,
            voucherId: form.voucherId,
            errors: fieldErrorsOf(checked.error),
            values: { rating, title, body },
          };
        }
        const { db } = await getDb();
        const review = await submitReview(db, { ...checked.data, userId: user.id, now: new Date() });
        return { ok: true, voucherId: review.voucherId, reviewId: review.id, message: REVIEW_COPY.thanks };
      }),
  }),
};
