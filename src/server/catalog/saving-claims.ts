/**
 * Marketing claims such as "up to 80%" are computed from live deals whose savings are evidenced
 * (every visible option's original price has current evidence, domain/price-evidence), never typed
 * in (docs/decisions/024). Read at most once a minute per process (cleared with the other catalogue
 * caches).
 */
import { sql } from 'drizzle-orm';
import { evidenceCutoff } from '@/domain/price-evidence';
import { createTtlCache, sourceKey } from '@/server/cache';
import type { Db } from '@/server/db';

/** The largest evidenced saving, in percent, on live deals: all but travel, and travel. 0 when none. */
export interface SavingCeilings {
  local: number;
  travel: number;
}

const ceilings = createTtlCache<SavingCeilings>(60_000, 8);

/** The largest evidenced savings now on sale (spec 1's "up to 80%, or up to 50% on travel", measured). */
export function retrieveSavingCeilings(db: Db): Promise<SavingCeilings> {
  return ceilings.get(String(sourceKey(db)), () => readSavingCeilings(db, new Date()));
}

async function readSavingCeilings(db: Db, now: Date): Promise<SavingCeilings> {
  const since = evidenceCutoff(now).toISOString();
  // One pass with hash joins: the latest check of every option, the deals with an option not backed
  // by a current one, and the largest saving among the rest.
  const result = await db.execute<{ local: number | string | null; travel: number | string | null }>(sql`
    with latest as (
      select distinct on (e.deal_product_id) e.deal_product_id, e.reference_price_minor, e.checked_at
      from price_evidence e
      order by e.deal_product_id, e.id desc
    ),
    unproven as (
      select distinct p.deal_id
      from deal_products p
      left join latest l on l.deal_product_id = p.id
      where p.visibility = 'visible' and not p.disabled
        and (l.deal_product_id is null or l.reference_price_minor <> p.original_price_minor
             or l.checked_at <= ${since}::timestamptz)
    )
    select max(d.max_discount_percentage) filter (where not d.is_travel) as local,
           max(d.max_discount_percentage) filter (where d.is_travel) as travel
    from deals d
    left join unproven u on u.deal_id = d.id
    where d.status = 'live' and d.closing_date > now() and u.deal_id is null
      and d.price_display_mode in ('show-discount', 'show-discount-indicative', 'show-original-price', 'show-vip-discount-price')
  `);
  const [row] = result.rows;
  return { local: Number(row?.local ?? 0), travel: Number(row?.travel ?? 0) };
}
