/**
 * Reviews for the demo catalogue. Each deal with a review count gets up to REVIEWS_KEPT
 * written reviews whose ratings sit around the deal's average, from a random stream of
 * its own so adding reviews never changes the rest of the catalogue.
 */
import type * as s from '@/server/db/schema';
import { createRandom, deriveSeed } from './random';
import type { DealInsert } from './rows';

export type ReviewInsert = typeof s.reviews.$inferInsert;

/** Written reviews stored per deal; the rest of reviewCount are star ratings only. */
export const REVIEWS_KEPT = 12;
const DAY_MS = 86_400_000;

const FIRST_NAMES = [
  'Sarah',
  'James',
  'Aisha',
  'Tom',
  'Priya',
  'Callum',
  'Megan',
  'Oliver',
  'Fiona',
  'Dan',
  'Chloe',
  'Ravi',
  'Eilidh',
  'Gareth',
  'Hannah',
  'Kwame',
  'Lucy',
  'Mark',
  'Niamh',
  'Sophie',
];
const INITIALS = 'ABCDEFGHJKLMNPRSTW';

const PRAISE: ReadonlyArray<readonly [string, string]> = [
  ['Brilliant value', 'Exactly as described and the staff could not have been friendlier. Booking was easy.'],
  ['Would go again', 'A lovely treat. The voucher was accepted without any fuss and we felt well looked after.'],
  ['Great day out', 'We had a great time. Good value for money compared with the full price.'],
  ['Really impressed', 'Booked within a week, everything was ready when we arrived. Highly recommend.'],
  ['Perfect gift', 'Bought this as a present and it went down a treat. Easy to redeem.'],
];
const MIXED: ReadonlyArray<readonly [string, string]> = [
  ['Good but busy', 'Nice experience overall, although it was busier than expected on a Saturday.'],
  ['Decent', 'Did what it said. Booking took a couple of emails but got there in the end.'],
  ['Okay for the price', 'Not the fanciest, but fair for what we paid.'],
];
const POOR: ReadonlyArray<readonly [string, string]> = [
  ['Disappointing', 'Hard to get a booking date and the service felt rushed.'],
  ['Not for us', 'Fine, but not quite what the pictures suggested.'],
];

/** A rating from 1 to 5 whose mean over many draws is close to `average`. */
function ratingNear(average: number, roll: number): number {
  const low = Math.floor(average);
  const high = Math.min(5, low + 1);
  return roll < average - low ? high : Math.max(1, low);
}

/** The stored written reviews of one deal (none when it has no reviews). */
export function buildReviews(seed: number, deal: DealInsert): ReviewInsert[] {
  const average = deal.reviewAverage;
  const count = Math.min(deal.reviewCount ?? 0, REVIEWS_KEPT);
  if (average === null || average === undefined || count === 0) return [];
  const rng = createRandom(deriveSeed(seed, 'reviews', deal.id));
  const createdAt = deal.createdAt instanceof Date ? deal.createdAt.getTime() : Date.now();
  return Array.from({ length: count }, (_, index) => {
    const rating = ratingNear(average, rng.next());
    const [title, body] = rng.pick(rating >= 4 ? PRAISE : rating === 3 ? MIXED : POOR);
    return {
      dealId: deal.id,
      authorName: `${rng.pick(FIRST_NAMES)} ${INITIALS[rng.int(0, INITIALS.length - 1)]}.`,
      rating,
      title,
      body,
      // Reviews arrive after the deal went live, newest last in the stream.
      createdAt: new Date(createdAt + (index + 1) * rng.int(1, 6) * DAY_MS),
    };
  });
}
