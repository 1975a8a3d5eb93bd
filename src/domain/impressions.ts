/**
 * Deal impressions by location (spec 7; decision 033): how the browser batches the deal cards it has
 * seen on a listing page. Pure, so the page's script and its test agree.
 */

/** At most this many deal ids in one batch (the endpoint refuses more). */
export const IMPRESSIONS_PER_BATCH = 50;

/** A batch waits at most this long for more cards before it is sent. */
export const IMPRESSIONS_FLUSH_MS = 5000;

/** The seen ids cut into batches the endpoint takes, in the order they were seen. */
export function impressionBatches(seen: readonly number[], size: number = IMPRESSIONS_PER_BATCH): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < seen.length; start += size) batches.push(seen.slice(start, start + size));
  return batches;
}
