/**
 * spec 4 "Test variants": the dynamic price variant (a, b or c, drawn at random, kept to the end of
 * the day UTC; spec 9) as a small discount on eligible options (docs/decisions/058):
 * - a (the control) pays the catalogue price; b takes 2% off; c 5% off; rounded down to whole pence;
 * - a variant only ever lowers a price, never raises one above the catalogue price;
 * - the price a shopper was shown is kept on their basket line and held for
 *   SHOWN_PRICE_HOLD_HOURS: the charge is the lower of that price and the price now (the pricing
 *   pipeline's dynamicPrice rule, src/domain/pricing.ts), so a shopper is never charged more than
 *   the price shown to them (DMCC Act 2024; CMA guidance on personalised pricing).
 * Pure; the clock is passed in.
 */

/** The percentage each variant takes off an eligible option. */
export const DYNAMIC_PRICE_PERCENT_OFF = { a: 0, b: 2, c: 5 } as const;
export type DynamicPriceVariant = keyof typeof DYNAMIC_PRICE_PERCENT_OFF;

/** How long a basket line keeps the price shown when it was added (decision 058). */
export const SHOWN_PRICE_HOLD_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

/** The variant a cookie value stands for; anything unknown (or no cookie) is the control, a. */
export function dynamicPriceVariantOf(value: string | null | undefined): DynamicPriceVariant {
  return value === 'b' || value === 'c' ? value : 'a';
}

/** What an option needs to say whether the variant's discount applies to it. */
export interface DynamicPriceOption {
  /** Members' options keep their members' price (decision 027). */
  vipExclusive: boolean;
  /** A deposit is a fixed amount (spec 3 payDeposit), so options that take one keep their price. */
  hasDeposit: boolean;
}

/** decision 058: every option is eligible except VIP-only ones and those paid by deposit. */
export function isDynamicPriceEligible(option: DynamicPriceOption): boolean {
  return !option.vipExclusive && !option.hasDeposit;
}

/** The unit price a variant shows for a catalogue price: never more than it, rounded down to the penny. */
export function variantUnitPrice(
  catalogueMinor: number,
  variant: DynamicPriceVariant,
  option: DynamicPriceOption,
): number {
  if (!isDynamicPriceEligible(option)) return catalogueMinor;
  const percent = DYNAMIC_PRICE_PERCENT_OFF[variant];
  return Math.min(catalogueMinor, Math.floor((catalogueMinor * (100 - percent)) / 100));
}

/** The price shown for one unit when a basket line was added, and when. */
export interface ShownPrice {
  unitPriceMinor: number;
  shownAt: Date;
}

/** Whether a shown price still holds at `now` (decision 058: SHOWN_PRICE_HOLD_HOURS from when it was shown). */
export function isShownPriceHeld(shown: ShownPrice, now: Date): boolean {
  const age = now.getTime() - shown.shownAt.getTime();
  return age >= 0 && age < SHOWN_PRICE_HOLD_HOURS * HOUR_MS;
}

/**
 * The price to keep on a basket line when it is added or added to again: the lower of the price
 * this request shows and a price still held from before (the older one keeps its time). Null when
 * nothing below the catalogue price was shown.
 */
export function shownPriceToKeep(
  catalogueMinor: number,
  shownNowMinor: number,
  held: ShownPrice | null,
  now: Date,
): ShownPrice | null {
  const stillHeld = held !== null && isShownPriceHeld(held, now) ? held : null;
  if (stillHeld !== null && stillHeld.unitPriceMinor <= shownNowMinor) return stillHeld;
  return shownNowMinor < catalogueMinor ? { unitPriceMinor: shownNowMinor, shownAt: now } : stillHeld;
}

/** An option's prices as a page shows them (the deal page's options). */
interface PricedOption extends DynamicPriceOption {
  price: { amountMinor: number; currency: 'GBP' | 'EUR' };
  shownPrice: { amountMinor: number; currency: 'GBP' | 'EUR' };
}

/**
 * The options as the variant shows them: price and shown price (price plus standard postage,
 * decision 051) both lower by the same pence, so the page, the basket and the charge agree.
 */
export function withVariantPrices<T extends PricedOption>(options: readonly T[], variant: DynamicPriceVariant): T[] {
  return options.map((option) => {
    const unit = variantUnitPrice(option.price.amountMinor, variant, option);
    const off = option.price.amountMinor - unit;
    if (off === 0) return option;
    return {
      ...option,
      price: { ...option.price, amountMinor: unit },
      shownPrice: { ...option.shownPrice, amountMinor: option.shownPrice.amountMinor - off },
    };
  });
}
