import { describe, expect, it } from 'vitest';
import {
  REVIEW_MIN_AVERAGE,
  REVIEW_MIN_COUNT,
  ratingBreakdown,
  ratingSummary,
  reviewerName,
  showsRating,
  verifiedCustomersText,
} from './reviews';

describe('verified reviews (decision 046)', () => {
  it('spec 9: a rating shows from an average of 3.5, and only with REVIEW_MIN_COUNT published reviews', () => {
    expect(REVIEW_MIN_AVERAGE).toBe(3.5);
    expect(REVIEW_MIN_COUNT).toBe(3);
    expect(showsRating(4.8, 2)).toBe(false);
    expect(showsRating(3.5, 3)).toBe(true);
    expect(showsRating(3.4, 30)).toBe(false);
    expect(showsRating(null, 0)).toBe(false);
  });

  it('keeps the mean of published ratings to one decimal, and how many', () => {
    expect(ratingSummary([])).toEqual({ average: null, count: 0 });
    expect(ratingSummary([5, 4, 4])).toEqual({ average: 4.3, count: 3 });
  });

  it('names the reviewer by first name and initial, and counts verified customers', () => {
    expect(reviewerName('Priya', 'shah')).toBe('Priya S.');
    expect(reviewerName('Priya', '')).toBe('Priya');
    expect(reviewerName(' ', 'Shah')).toBe('A verified customer');
    expect(verifiedCustomersText(1)).toBe('from 1 verified customer');
    expect(verifiedCustomersText(1204)).toBe('from 1,204 verified customers');
  });
});

describe('spec 4 reviews variant b: the star breakdown shows every rating, low ones included (decision 058)', () => {
  it('counts each star from 5 down to 1 with its share of all published reviews', () => {
    expect(ratingBreakdown({ 5: 6, 4: 2, 1: 2 })).toEqual([
      { stars: 5, count: 6, percent: 60 },
      { stars: 4, count: 2, percent: 20 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 2, percent: 20 },
    ]);
  });

  it('with no reviews every row is zero', () => {
    expect(ratingBreakdown({}).every((row) => row.count === 0 && row.percent === 0)).toBe(true);
  });
});
