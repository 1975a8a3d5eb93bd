/** The SQL behind deal lists: one query returns everything a card needs, no query per card. */
import { type SQL, sql } from 'drizzle-orm';
import { evidenceCutoff } from '@/domain/price-evidence';
import type { Db } from '@/server/db';
import type { DealListRow } from './reshape';

export type DealOrder =
  | 'popularity'
  | 'popularity-asc'
  | 'newest'
  | 'oldest'
  | 'price-asc'
  | 'price-desc'
  | 'discount'
  | 'discount-asc';

/**
 * A deal's shown from price over alias d (DMCC Act 2024): the from option's price plus, on a posted
 * deal, its standard postage (0 otherwise), so price sorts and filters use what cards show
 * (docs/decisions/051 "Shown prices").
 */
export const SHOWN_FROM_PRICE = sql`(d.from_price_minor + d.from_postage_minor)`;

const ORDER_BY: Record<DealOrder, SQL> = {
  popularity: sql`d.popularity desc, d.id desc`,
  'popularity-asc': sql`d.popularity asc, d.id asc`,
  newest: sql`d.created_at desc, d.id desc`,
  oldest: sql`d.created_at asc, d.id asc`,
  'price-asc': sql`${SHOWN_FROM_PRICE} asc, d.id asc`,
  'price-desc': sql`${SHOWN_FROM_PRICE} desc, d.id desc`,
  discount: sql`d.max_discount_percentage desc, d.id desc`,
  'discount-asc': sql`d.max_discount_percentage asc, d.id asc`,
};

export interface DealListQuery {
  where: SQL;
  orderBy?: DealOrder;
  limit: number;
  offset?: number;
}

/** Live deals matching `where` (a condition over alias d), with merchant, category, image and stock. */
export async function selectDealRows(db: Db, { where, orderBy = 'popularity', limit, offset = 0 }: DealListQuery) {
  // docs/decisions/024: a saving shows only when every visible option's original price has current evidence.
  const evidencedSince = evidenceCutoff(new Date()).toISOString();
  // Pick the page of ids first (index-friendly), then fetch card details for those rows only.
  const result = await db.execute<DealListRow & Record<string, unknown>>(sql`
    with page as (
      select d.id from deals d
      where d.status = 'live' and d.closing_date > now() and (${where})
      order by ${ORDER_BY[orderBy]}
      limit ${limit} offset ${offset}
    )
    select d.id, d.headline, d.title, d.currency, d.price_display_mode, d.price_per_person, d.is_travel,
           d.bought_count, d.closing_date, d.review_average, d.review_count, d.from_price_minor,
           d.from_original_price_minor, d.from_postage_minor, d.delivery_type, d.max_discount_percentage,
           m.name as merchant_name, l.name as location_name,
           c.name as category_name, c.short_name as category_short_name,
           sc.id as sub_category_id, sc.name as sub_category_name, sc.short_name as sub_category_short_name,
           img.url as image_url, img.width as image_width, img.height as image_height, img.alt as image_alt,
           stock.min_nights, coalesce(stock.is_sold_out, false) as is_sold_out, stock.remaining,
           coalesce(stock.has_vip_exclusive, false) as has_vip_exclusive,
           coalesce(stock.savings_evidenced, false) as savings_evidenced
    from page
    join deals d on d.id = page.id
    join merchants m on m.id = d.merchant_id
    join locations l on l.id = d.location_id
    join categories c on c.id = d.category_id
    left join categories sc on sc.id = d.sub_category_id
    left join lateral (
      select i.url, i.width, i.height, i.alt from deal_images i
      where i.deal_id = d.id order by i.position limit 1
    ) img on true
    left join lateral (
      select min(p.number_of_nights) as min_nights,
             bool_and(coalesce(s.quantity_remaining, 1) <= 0 or coalesce(s.remaining_for_day, 1) <= 0) as is_sold_out,
             case when bool_or(s.quantity_remaining is null) then null else sum(greatest(s.quantity_remaining, 0)) end as remaining,
             bool_or(p.vip_exclusive) as has_vip_exclusive,
             bool_and(coalesce(ev.is_current, false)) as savings_evidenced
      from deal_products p left join deal_product_stock s on s.product_id = p.id
      left join lateral (
        select e.reference_price_minor = p.original_price_minor and e.checked_at > ${evidencedSince}::timestamptz as is_current
        from price_evidence e where e.deal_product_id = p.id order by e.id desc limit 1
      ) ev on true
      where p.deal_id = d.id and p.visibility = 'visible' and not p.disabled
    ) stock on true
    order by ${ORDER_BY[orderBy]}
  `);
  return result.rows;
}
