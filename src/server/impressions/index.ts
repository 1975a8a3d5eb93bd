/**
 * Deal impressions by location (spec 7, docs/decisions/033): the public face of
 * src/server/impressions. The browser sends the deal cards a listing page showed in batches; each
 * batch adds to one row per deal, location and UTC day, in one statement, so a busy listing costs
 * one write per batch.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DealImpressions } from '@/contracts/deal-impressions';
import { Invalid } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { retrieveLocation } from '@/server/catalog';
import { deals } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { dealImpressions } from './schema';

export { dealImpressions } from './schema';

/** The UTC day a moment falls on, as the table keeps it ('2026-11-24'). */
export function impressionDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Adds a batch of impressions: each deal id counts once per time it is named. Ids of deals that do
 * not exist are left out (a stale page); an unknown location is refused (spec 5 "args malformed").
 * Answers how many impressions were recorded.
 */
export async function recordDealImpressions(
  db: Db,
  batch: DealImpressions,
  now: Date = new Date(),
): Promise<{ recorded: number }> {
  const location = await retrieveLocation(db, batch.location);
  if (!location) throw new Invalid(MESSAGES.argsMalformed);
  const seen = new Map<number, number>();
  for (const id of batch.dealIds) seen.set(id, (seen.get(id) ?? 0) + 1);
  const known = await db
    .select({ id: deals.id })
    .from(deals)
    .where(inArray(deals.id, [...seen.keys()]));
  const day = impressionDay(now);
  const rows = known.map(({ id }) => ({ dealId: id, locationId: location.id, day, impressions: seen.get(id) ?? 0 }));
  if (rows.length === 0) return { recorded: 0 };
  await db
    .insert(dealImpressions)
    .values(rows)
    .onConflictDoUpdate({
      target: [dealImpressions.dealId, dealImpressions.locationId, dealImpressions.day],
      set: { impressions: sql`${dealImpressions.impressions} + excluded.impressions` },
    });
  return { recorded: rows.reduce((sum, row) => sum + row.impressions, 0) };
}

/** How many times a deal was seen on a location's listings on a day (operator figures; tests). */
export async function countDealImpressions(
  db: Db,
  query: { dealId: number; location: string; day: string },
): Promise<number> {
  const location = await retrieveLocation(db, query.location);
  if (!location) return 0;
  const [row] = await db
    .select({ impressions: dealImpressions.impressions })
    .from(dealImpressions)
    .where(
      and(
        eq(dealImpressions.dealId, query.dealId),
        eq(dealImpressions.locationId, location.id),
        eq(dealImpressions.day, query.day),
      ),
    );
  return row?.impressions ?? 0;
}
