/**
 * The shape of the seed's copy building blocks: one profile per sub-category says how its
 * merchants are named, what its deals are called, what they cost and what the small print says.
 */
import type { DealImageTheme } from './deal-image';

/** Which part of the catalogue a profile feeds; it decides location, delivery and deal types. */
export type Segment = 'local' | 'shop' | 'travel-uk' | 'travel-abroad' | 'escape';

/**
 * One buyable option: its title and its price as a multiple of the deal's base price.
 * Travel options also carry their number of nights.
 */
export type OptionTemplate = readonly [title: string, factor: number, nights?: number];

export interface PackageTemplate {
  /** The headline body; local headlines get " at {merchant}, {town}" added. */
  headline: string;
  /** A shorter title for cards. */
  title: string;
  /** Cheapest first; a deal takes between one and all of them. */
  options: readonly OptionTemplate[];
  /** Travel abroad: the price includes flights. */
  flights?: boolean;
  /** spec 5: priced per person, so always at least 2 people. */
  perPerson?: boolean;
  /** The destination is revealed after booking (deal type mystery-travel). */
  mystery?: boolean;
}

export interface CopyProfile {
  subCategoryId: number;
  segment: Segment;
  /** How often this sub-category is picked within its segment. */
  weight: number;
  theme: DealImageTheme;
  /** Themes for the second and later images. */
  altThemes: readonly DealImageTheme[];
  /** Merchant name patterns; {adj}, {surname}, {it}, {in}, {jp}, {es} and {town} are filled in. */
  merchantNames: readonly string[];
  packages: readonly PackageTemplate[];
  /** Price of an option with factor 1, in pence. */
  basePriceMinor: readonly [min: number, max: number];
  discountPercent: readonly [min: number, max: number];
  highlights: readonly string[];
  /** Sub-category specific terms; generic voucher terms are added by the generator. */
  finePrint: readonly string[];
  tags: readonly string[];
  /** Description sentences with {merchant}, {town} and {destination}. */
  blurbs: readonly string[];
  /** Image alt text with {merchant}, {town} and {destination}. */
  alt: string;
  /** Travel and shop: the towns where this kind of merchant is based (location short names). */
  merchantTowns?: readonly string[];
  /** Travel abroad: destinations named in headlines. */
  destinations?: readonly string[];
}
