/**
 * Deals on the map (docs/decisions/022): live deals whose merchant sits inside an area, most
 * popular first. A merchant's position is src/domain/map.ts merchantPosition, computed here in SQL
 * so the area filter and the limit run in the database (the two are kept equal by
 * tests/integration/map-view.test.ts).
 */
import { sql } from 'drizzle-orm';
import type { DealSummary } from '@/contracts/deal';
import type { MapBounds } from '@/domain/map';
import type { Db } from '@/server/db';
import { SHOWN_FROM_PRICE } from './queries';

export interface PlacedDealId {
  id: number;
  lat: number;
  lon: number;
}

/** Ids and positions of up to `limit` live deals inside the bounds (town deals only: national and travel have no place). */
export async function listPlacedDealIds(
  db: Db,
  { bounds, limit, maxPriceMinor }: { bounds: MapBounds; limit: number; maxPriceMinor?: number },
): Promise<PlacedDealId[]> {
  const price = maxPriceMinor === undefined ? sql`true` : sql`${SHOWN_FROM_PRICE} <= ${maxPriceMinor}`;
  const result = await db.execute<{ id: number; lat: number | string; lon: number | string }>(sql`
    with placed as (
      select d.id, d.popularity,
             l.lat + g.r * cos(g.a) as lat,
             l.lon + g.r * sin(g.a) / cos(radians(l.lat)) as lon
      from deals d
      join merchants m on m.id = d.merchant_id
      join locations l on l.id = d.location_id
      cross join lateral (
        select radians(mod(m.id * 137.508, 360)::float8) as a,
               0.004 + mod(m.id::bigint * 7919, 97)::float8 / 97 * 0.03 as r
      ) g
      where d.status = 'live' and d.closing_date > now() and l.kind = 'local' and not d.is_travel and ${price}
        and l.lat between ${bounds.south - 0.05} and ${bounds.north + 0.05}
    )
    select id, lat, lon from placed
    where lat between ${bounds.south} and ${bounds.north} and lon between ${bounds.west} and ${bounds.east}
    order by popularity desc, id desc
    limit ${limit}
  `);
  return result.rows.map((row) => ({ id: Number(row.id), lat: Number(row.lat), lon: Number(row.lon) }));
}

/** A deal card's data with its place on the map. */
export type MapDeal = DealSummary & { lat: number; lon: number };
