/**
 * What one deal option's price shows under the deal's price display mode (spec 3), as plain
 * data shared by the server-rendered option list and the product chooser island.
 */
import type { Money, PriceDisplayMode } from '@/contracts/deal';
import { formatMoney } from '@/domain/money';
import { deliveryNote } from '@/domain/shown-price';

export interface OptionPriceInput {
  price: Money;
  originalPrice: Money;
  discountPercentage: number;
  /** A posted option's standard postage, shown within its price; null or absent when nothing ships. */
  postage?: Money | null;
}

export type OptionPriceView =
  | { kind: 'hidden' }
  | {
      kind: 'price';
      price: string;
      /** Struck-through original price. */
      was: string | null;
      /** "-62%" */
      saving: string | null;
      /** "from" before an indicative price. */
      prefix: 'from' | null;
      isVip: boolean;
      /** A posted option's "incl. £4.99 delivery" or "Free delivery", else null. */
      delivery: string | null;
    };

/** spec 3 price display modes: hidden, show discount, show discount indicative, show original price, show price, show VIP discount price. */
export function optionPriceView(option: OptionPriceInput, mode: PriceDisplayMode): OptionPriceView {
  if (mode === 'hidden') return { kind: 'hidden' };
  const hasSaving = option.discountPercentage > 0 && option.originalPrice.amountMinor > option.price.amountMinor;
  // DMCC Act 2024: a posted option shows what a unit costs with standard delivery, its "was" price
  // with the same postage (like for like); the saving stays the option's own (decision 051 "Shown prices").
  const postage = option.postage ?? null;
  const withPostage = (money: Money): Money =>
    postage === null ? money : { ...money, amountMinor: money.amountMinor + postage.amountMinor };
  const was = hasSaving ? formatMoney(withPostage(option.originalPrice)) : null;
  const saving = hasSaving ? `-${option.discountPercentage}%` : null;
  const base = {
    kind: 'price',
    price: formatMoney(withPostage(option.price)),
    prefix: null,
    isVip: false,
    delivery: postage === null ? null : deliveryNote(postage),
  } as const;
  switch (mode) {
    case 'show-discount':
      return { ...base, was, saving };
    case 'show-discount-indicative':
      return { ...base, prefix: 'from', was: null, saving };
    case 'show-original-price':
      return { ...base, was, saving: null };
    case 'show-price':
      return { ...base, was: null, saving: null };
    case 'show-vip-discount-price':
      return { ...base, was, saving: null, isVip: true };
  }
}
