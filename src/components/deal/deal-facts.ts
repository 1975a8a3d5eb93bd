/**
 * Plain-data pieces of the deal page, testable without rendering: the closing text, the
 * breadcrumb trail, the reviews rule and the JSON-LD (schema.org Product + Offer, BreadcrumbList).
 */

import type { Money } from '@/contracts/deal';
import type { DealDetail, DealProductDetail } from '@/contracts/deal-detail';
import { POSTAL_DELIVERY_TYPE } from '@/domain/delivery';
import { formatLongDate } from '@/domain/format';
import { listingPath, SPECIAL_LOCATION_CATEGORY } from '@/domain/listing-paths';
import { showsRating } from '@/domain/reviews';

const DAY_MS = 86_400_000;
/** Closer than this, the page counts the days down instead of giving the date. */
const COUNTDOWN_DAYS = 7;

/** "Ends in 3 days" within a week, else "Ends 12 March 2027"; "Ended 2 May 2026" once closed. */
export function closingText(closingDate: string, now: Date, isClosed = false): string {
  const closing = new Date(closingDate);
  if (isClosed || closing.getTime() <= now.getTime()) return `Ended ${formatLongDate(closing)}`;
  const days = Math.ceil((closing.getTime() - now.getTime()) / DAY_MS);
  if (days <= COUNTDOWN_DAYS) return days === 1 ? 'Ends in 1 day' : `Ends in ${days} days`;
  return `Ends ${formatLongDate(closing)}`;
}

export interface Crumb {
  label: string;
  url: string;
}

/** Home > location > category [> sub-category] > deal (a special location's own category is skipped). */
export function dealCrumbs(deal: DealDetail, { withSubCategory = true } = {}): Crumb[] {
  const loc = deal.location.shortName;
  const isOwnCategory = deal.category.shortName === SPECIAL_LOCATION_CATEGORY[loc];
  return [
    { label: 'Home', url: '/' },
    { label: deal.location.name, url: listingPath(loc) },
    ...(isOwnCategory ? [] : [{ label: deal.category.name, url: listingPath(loc, deal.category.shortName) }]),
    ...(withSubCategory && deal.subCategory
      ? [{ label: deal.subCategory.name, url: listingPath(loc, deal.category.shortName, deal.subCategory.shortName) }]
      : []),
    { label: deal.headline, url: deal.url },
  ];
}

/**
 * spec 9 and decision 046: reviews and the rating show only when at least REVIEW_MIN_COUNT verified
 * customers have a published review and their average is at least 3.5.
 */
export function showsDealReviews(deal: Pick<DealDetail, 'reviewAverage' | 'reviewCount'>): boolean {
  return showsRating(deal.reviewAverage, deal.reviewCount);
}

/**
 * The option a guest would pay least for (VIP-only options aside), sold out or not: on a posted deal,
 * least with standard delivery (DMCC Act 2024; decision 051), as the deal's card.
 */
export function cheapestOption(deal: DealDetail): DealProductDetail | undefined {
  const open = deal.products.filter((p) => !p.vipExclusive);
  const candidates = open.length > 0 ? open : deal.products;
  return [...candidates].sort(
    (a, b) => a.shownPrice.amountMinor - b.shownPrice.amountMinor || a.price.amountMinor - b.price.amountMinor,
  )[0];
}

/** The standard postage a posted deal's option shows within its price, else null (nothing ships). */
export function shownPostage(deal: Pick<DealDetail, 'deliveryType'>, product: DealProductDetail): Money | null {
  return deal.deliveryType === POSTAL_DELIVERY_TYPE ? product.postagePrice : null;
}

/** Pence as the decimal string schema.org wants: 2599 -> "25.99". */
export function decimalPrice(amountMinor: number): string {
  return (amountMinor / 100).toFixed(2);
}

/**
 * JSON-LD for the deal page: a Product with its Offer (and, when reviews show, the rating of its
 * published reviews by verified customers only: decision 046), and
 * the BreadcrumbList. `absolute` turns a site path into a full URL.
 */
export function dealJsonLd(deal: DealDetail, absolute: (path: string) => string): Record<string, unknown> {
  const cheapest = cheapestOption(deal);
  const url = absolute(deal.url);
  const product: Record<string, unknown> = {
    '@type': 'Product',
    '@id': `${url}#product`,
    name: deal.headline,
    description: deal.description,
    image: deal.images.map((image) => absolute(image.url)),
    sku: String(deal.id),
    brand: { '@type': 'Brand', name: deal.merchant.name },
    category: deal.subCategory?.name ?? deal.category.name,
    offers: {
      '@type': 'Offer',
      url,
      // DMCC Act 2024: the price shown, standard postage included on a posted deal (decision 051).
      price: decimalPrice(cheapest?.shownPrice.amountMinor ?? 0),
      priceCurrency: cheapest?.shownPrice.currency ?? 'GBP',
      availability: deal.isSoldOut || deal.isClosed ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      validThrough: deal.closingDate,
      seller: { '@type': 'Organization', name: deal.merchant.name },
      // A "was" price only with current evidence (the catalogue zeroes the rest; decision 024).
      ...(cheapest && cheapest.savingEvidence !== null && cheapest.discountPercentage > 0
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              priceType: 'https://schema.org/StrikethroughPrice',
              price: decimalPrice(
                cheapest.originalPrice.amountMinor + cheapest.shownPrice.amountMinor - cheapest.price.amountMinor,
              ),
              priceCurrency: cheapest.originalPrice.currency,
            },
          }
        : {}),
    },
  };
  if (showsDealReviews(deal) && deal.reviewAverage !== null) {
    product.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: deal.reviewAverage.toFixed(1),
      reviewCount: deal.reviewCount,
      bestRating: '5',
      worstRating: '1',
    };
  }
  const breadcrumbs = {
    '@type': 'BreadcrumbList',
    itemListElement: dealCrumbs(deal, { withSubCategory: false }).map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absolute(crumb.url),
    })),
  };
  return { '@context': 'https://schema.org', '@graph': [product, breadcrumbs] };
}

/** JSON for a <script> element: "<" escaped so no text can close the element early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
