import { describe, expect, it } from 'vitest';
import {
  REVIEW_MIN_AVERAGE,
  REVIEW_MIN_COUNT,
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
