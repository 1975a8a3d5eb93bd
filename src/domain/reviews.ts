/**
 * Verified reviews (docs/decisions/046): who may review, what a review must say, and when a deal's
 * rating is shown. Pure rules; the reviews service (src/server/reviews) applies them.
 */

/** spec 9: a deal's rating shows only when its average is at least 3.5. */
export const REVIEW_MIN_AVERAGE = 3.5;
/** A rating is shown only once this many verified customers have a published review (decision 046). */
export const REVIEW_MIN_COUNT = 3;
/** The review-ask email goes this many days after the voucher is redeemed (decision 046). */
export const REVIEW_REQUEST_DELAY_DAYS = 3;
/**
 * The ask goes only for vouchers redeemed in the last this-many days: a redemption older than that is
 * not asked about (the first run after a deploy does not mail every past redemption).
 */
export const REVIEW_REQUEST_WINDOW_DAYS = 14;

export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MIN = 20;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REASON_MAX = 500;

/** What the review forms and the API say (decision 046). */
export const REVIEW_COPY = {
  rating: 'Choose a star rating from 1 to 5.',
  title: `Give your review a title of ${REVIEW_TITLE_MIN} to ${REVIEW_TITLE_MAX} characters.`,
  body: `Tell other shoppers about it in ${REVIEW_BODY_MIN} to ${REVIEW_BODY_MAX.toLocaleString('en-GB')} characters.`,
  notYours: 'We could not find that voucher on your account.',
  notRedeemed: 'You can review a deal once your voucher has been redeemed or your order delivered.',
  already: 'You have already reviewed this voucher.',
  thanks: 'Thank you: your review is waiting for a quick check and will appear on the deal once published.',
  pending: 'Thank you for your review. It will appear on the deal once our team has checked it.',
  published: 'Your review is published on the deal page.',
  rejected: 'Your review was not published.',
  reasonRequired: `Give a reason of 1 to ${REVIEW_REASON_MAX} characters: the shopper sees it.`,
  notPending: 'This review has already been moderated.',
  noSuchReview: 'No review has this id.',
} as const;

/** spec 9 and decision 046: a rating shows only with enough verified reviews and a good enough average. */
export function showsRating(average: number | null, count: number): average is number {
  return average !== null && count >= REVIEW_MIN_COUNT && average >= REVIEW_MIN_AVERAGE;
}

/** "from 12 verified customers" (decision 046). */
export function verifiedCustomersText(count: number): string {
  return `from ${count.toLocaleString('en-GB')} verified ${count === 1 ? 'customer' : 'customers'}`;
}

/** "Sam T.": a reviewer's first name and the initial of their last name, or "A verified customer". */
export function reviewerName(firstName: string, lastName: string): string {
  const first = firstName.trim();
  const initial = lastName.trim().charAt(0).toUpperCase();
  if (first === '') return 'A verified customer';
  return initial ? `${first} ${initial}.` : first;
}

/** A deal's published ratings as the deal keeps them: the mean to one decimal, and how many. */
export function ratingSummary(ratings: readonly number[]): { average: number | null; count: number } {
  if (ratings.length === 0) return { average: null, count: 0 };
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length };
}

/** One row of a deal's star breakdown: how many published reviews gave `stars`, and their share. */
export interface RatingBreakdownRow {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** Whole percent of all published reviews (0 when there are none). */
  percent: number;
}

/**
 * spec 4 reviews variant b (decision 058): every star from 5 down to 1 with its count, the low ones
 * included, so the summary shows the whole spread of verified opinion and hides none of it.
 */
export function ratingBreakdown(counts: Readonly<Partial<Record<number, number>>>): RatingBreakdownRow[] {
  const rows = ([5, 4, 3, 2, 1] as const).map((stars) => ({ stars, count: Math.max(0, counts[stars] ?? 0) }));
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return rows.map((row) => ({ ...row, percent: total === 0 ? 0 : Math.round((row.count * 100) / total) }));
}
