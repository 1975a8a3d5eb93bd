/** spec 7 deal impressions by location: the browser's batches (decision 033). */
import { describe, expect, it } from 'vitest';
import { IMPRESSIONS_PER_BATCH, impressionBatches } from './impressions';

describe('deal impressions are sent in batches the endpoint takes', () => {
  it('cuts what was seen into batches of at most 50, in order', () => {
    const seen = Array.from({ length: 120 }, (_, index) => index + 1);
    const batches = impressionBatches(seen);
    expect(IMPRESSIONS_PER_BATCH).toBe(50);
    expect(batches.map((batch) => batch.length)).toEqual([50, 50, 20]);
    expect(batches.flat()).toEqual(seen);
  });
  it('nothing seen sends nothing', () => {
    expect(impressionBatches([])).toEqual([]);
  });
});
