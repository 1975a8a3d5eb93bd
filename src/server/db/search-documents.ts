/**
 * Keeps deal_search_documents in category, sub-category and location order (docs/decisions/073):
 * the deals a word finds mostly share a category, so in that order they sit on a few hundred pages
 * together and a broad search reads, ranks and counts them with about half the CPU. PostgreSQL does
 * not keep a table in an order, so new and edited deals land at its end; once enough have, the
 * hourly jobs (and the seed, after a bulk load) sort it again with CLUSTER.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Below this correlation between where the rows lie and their category order (pg_stats, 1 when
 * sorted), the table is sorted again: about one row in ten out of place.
 */
const MIN_ORDER_CORRELATION = 0.9;

/**
 * Sorts deal_search_documents by its order index again when the rows have drifted out of category
 * order; true when it did. CLUSTER locks the table while it rewrites it (a few seconds at 100,000
 * deals: searches and deal writes wait), so it runs only when the order has decayed. It also gives
 * the planner fresh statistics (ANALYZE), which PGlite, with no autovacuum, otherwise never gets.
 */
export async function orderSearchDocuments(db: Db): Promise<boolean> {
  await db.execute(sql`analyze deal_search_documents`);
  const result = await db.execute<{ correlation: number | null }>(sql`
    select correlation from pg_stats
    where schemaname = current_schema() and tablename = 'deal_search_documents' and attname = 'category_id'`);
  const correlation = result.rows[0]?.correlation;
  if (correlation === null || correlation === undefined || Number(correlation) >= MIN_ORDER_CORRELATION) return false;
  await db.execute(sql`cluster deal_search_documents`);
  await db.execute(sql`analyze deal_search_documents`);
  return true;
}
