/**
 * Wire-to-domain in one place (vercel/commerce's reshape): database rows become DealSummary here,
 * so nothing else reads column names.
 */

import type { DealSummary, PriceDisplayMode } from '@/contracts/deal';
import { PriceDisplayModeSchema } from '@/contracts/deal';
import { LIMITED_AVAILABILITY_MAX } from '@/domain/availability';
import { POSTAL_DELIVERY_TYPE, shownPriceMinor } from '@/domain/delivery';
import { evidencedDisplayMode } from '@/domain/price-evidence';

/** One row of the deal list query (see queries.ts). */
export interface DealListRow {
  id: number;
  headline: string;
  title: string;
  currency: string;
  price_display_mode: string;
  price_per_person: boolean;
  is_travel: boolean;
  bought_count: number;
  closing_date: Date | string;
  review_average: number | null;
  review_count: number;
  from_price_minor: number;
  from_original_price_minor: number;
  /** The from option's standard postage on a posted deal, else 0 (docs/decisions/051 "Shown prices"). */
  from_postage_minor: number;
  delivery_type: string;
  max_discount_percentage: number;
  merchant_name: string;
  location_name: string;
  category_name: string;
  category_short_name: string;
  sub_category_id: number | null;
  sub_category_name: string | null;
  sub_category_short_name: string | null;
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  image_alt: string | null;
  min_nights: number | null;
  is_sold_out: boolean;
  remaining: number | string | null;
  has_vip_exclusive: boolean;
  /** Every visible option's original price has current evidence (docs/decisions/024 savings with evidence). */
  savings_evidenced: boolean;
}

export { LIMITED_AVAILABILITY_MAX };

/**
 * The picture a deal without one shows. Served from the media folder like every deal picture; the
 * prepare step paints it there with the rest (scripts/seed/pictures.ts, docs/decisions/036).
 */
export const FALLBACK_DEAL_IMAGE = { url: '/images/deals/shop-home/0-0.svg', width: 800, height: 500 };

function priceDisplayMode(value: string): PriceDisplayMode {
  const parsed = PriceDisplayModeSchema.safeParse(value);
  return parsed.success ? parsed.data : 'show-discount';
}

function currency(value: string): 'GBP' | 'EUR' {
  return value === 'EUR' ? 'EUR' : 'GBP';
}

/** A database row as the shop shows a deal in a list. */
export function reshapeDeal(row: DealListRow): DealSummary {
  const cur = currency(row.currency);
  const remaining = row.remaining === null ? null : Number(row.remaining);
  // Without current evidence for every option, no "was" price and no saving anywhere
  // (docs/decisions/024: a reference price must be genuine and recent).
  const isEvidenced = row.savings_evidenced === true;
  // DMCC Act 2024: a posted deal shows what one unit costs with standard delivery, and its "was"
  // price carries the same postage, so the two compare like for like (docs/decisions/051 "Shown prices").
  const isPosted = row.delivery_type === POSTAL_DELIVERY_TYPE;
  const postageMinor = isPosted ? row.from_postage_minor : 0;
  const price = { amountMinor: shownPriceMinor(row.from_price_minor, row.delivery_type, postageMinor), currency: cur };
  return {
    id: row.id,
    headline: row.headline,
    title: row.title,
    url: `/deal/${row.id}`,
    merchantName: row.merchant_name,
    locationName: row.location_name,
    category: { name: row.category_name, shortName: row.category_short_name },
    subCategory:
      row.sub_category_id !== null && row.sub_category_name !== null && row.sub_category_short_name !== null
        ? { id: row.sub_category_id, name: row.sub_category_name, shortName: row.sub_category_short_name }
        : null,
    image: {
      url: row.image_url ?? FALLBACK_DEAL_IMAGE.url,
      width: row.image_width ?? FALLBACK_DEAL_IMAGE.width,
      height: row.image_height ?? FALLBACK_DEAL_IMAGE.height,
      alt: row.image_alt ?? row.title,
    },
    price,
    originalPrice: isEvidenced ? { amountMinor: row.from_original_price_minor + postageMinor, currency: cur } : price,
    postage: isPosted ? { amountMinor: postageMinor, currency: cur } : null,
    discountPercentage: isEvidenced ? Math.max(0, Math.min(100, row.max_discount_percentage)) : 0,
    priceDisplayMode: evidencedDisplayMode(priceDisplayMode(row.price_display_mode), isEvidenced),
    pricePerPerson: row.price_per_person,
    isTravel: row.is_travel,
    numberOfNights: row.min_nights,
    isSoldOut: row.is_sold_out,
    remaining: remaining !== null && remaining > 0 && remaining <= LIMITED_AVAILABILITY_MAX ? remaining : null,
    boughtCount: row.bought_count,
    closingDate: new Date(row.closing_date).toISOString(),
    reviewAverage: row.review_average,
    reviewCount: row.review_count,
    hasVipExclusive: row.has_vip_exclusive,
  };
}
