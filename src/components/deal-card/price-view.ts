/**
 * What a deal card's price block shows for each price display mode (spec 3), as plain data so
 * the rules are testable without rendering. Formatting uses domain/money.
 */
import type { DealSummary } from '@/contracts/deal';
import { formatMoney, formatRoundedMoney } from '@/domain/money';
import { showsRating } from '@/domain/reviews';
import { deliveryNote } from '@/domain/shown-price';

/** spec 9: "limited availability" shows for up to 50 left. */
export const LIMITED_AVAILABILITY_MAX = 50;
/** spec 9: reviews show from an average of 3.5 (named once, with the verified-review rules: decision 046). */
export { REVIEW_MIN_AVERAGE } from '@/domain/reviews';

export type PriceView =
  | { kind: 'see-options' }
  | {
      kind: 'price';
      /** "from" before the price (indicative prices). */
      prefix: 'from' | null;
      price: string;
      /** spec 9: a long price rounded to whole pounds for small screens, else null (decision 057). */
      rounded: string | null;
      /** The struck-through original price. */
      was: string | null;
      /** "62% off" or "up to 62% off". */
      saving: string | null;
      isVip: boolean;
      perPerson: boolean;
      /** A posted deal's "incl. £4.99 delivery" or "Free delivery" (DMCC Act 2024; decision 051), else null. */
      delivery: string | null;
    };

/** The price block for a deal under its display mode (spec 3 "Price display modes"). */
export function priceView(deal: DealSummary): PriceView {
  const price = formatMoney(deal.price);
  const original = formatMoney(deal.originalPrice);
  const hasSaving = deal.discountPercentage > 0 && deal.originalPrice.amountMinor > deal.price.amountMinor;
  const base = {
    rounded: formatRoundedMoney(deal.price),
    prefix: null,
    was: null,
    saving: null,
    isVip: false,
    perPerson: deal.pricePerPerson,
    delivery: deal.postage === null ? null : deliveryNote(deal.postage),
  } as const;
  switch (deal.priceDisplayMode) {
    case 'hidden':
      return { kind: 'see-options' };
    case 'show-discount':
      return {
        ...base,
        kind: 'price',
        price,
        was: hasSaving ? original : null,
        saving: hasSaving ? `${deal.discountPercentage}% off` : null,
      };
    case 'show-discount-indicative':
      return {
        ...base,
        kind: 'price',
        prefix: 'from',
        price,
        saving: deal.discountPercentage > 0 ? `up to ${deal.discountPercentage}% off` : null,
      };
    case 'show-original-price':
      return { ...base, kind: 'price', price, was: hasSaving ? original : null };
    case 'show-price':
      return { ...base, kind: 'price', price };
    case 'show-vip-discount-price':
      return { ...base, kind: 'price', price, was: hasSaving ? original : null, isVip: true };
  }
}

/** The image badge "-62%" when the mode shows a discount; indicative prices say "up to" in the price block instead. */
export function discountBadge(deal: DealSummary): string | null {
  if (deal.discountPercentage <= 0 || deal.priceDisplayMode !== 'show-discount') return null;
  return `-${deal.discountPercentage}%`;
}

/** spec 9: "Only N left" when 1 to 50 remain; nothing when sold out or not limited. */
export function remainingText(deal: DealSummary): string | null {
  if (deal.isSoldOut || deal.remaining === null) return null;
  if (deal.remaining < 1 || deal.remaining > LIMITED_AVAILABILITY_MAX) return null;
  return `Only ${deal.remaining} left`;
}

/**
 * spec 9 and decision 046: a rating shows when at least REVIEW_MIN_COUNT verified customers have a
 * published review and their average is at least 3.5.
 */
export function showsReviews(deal: DealSummary): deal is DealSummary & { reviewAverage: number } {
  return showsRating(deal.reviewAverage, deal.reviewCount);
}
