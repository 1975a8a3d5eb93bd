/**
 * What the demo's verified customers write (docs/decisions/046): review titles and texts by how many
 * stars they gave, and a rating near a deal's quality. The reviews themselves are made in ./sales.ts,
 * each through a seed shopper's redeemed voucher, so no review in the database is untraceable.
 */
import type { Random } from './random';

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
export function ratingNear(average: number, roll: number): number {
  const low = Math.floor(average);
  const high = Math.min(5, low + 1);
  return roll < average - low ? high : Math.max(1, low);
}

/** A title and text that fit the stars given. */
export function reviewText(rng: Random, rating: number): readonly [string, string] {
  return rng.pick(rating >= 4 ? PRAISE : rating === 3 ? MIXED : POOR);
}
