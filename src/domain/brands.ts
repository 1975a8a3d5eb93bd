/**
 * Brands and themes (spec 1, spec 2, spec 4 "Campaign windows").
 * A brand is who the shop is; a theme is how a page looks right now:
 * the brand's own look, or VIP, wellness, Black Friday or Christmas on top of it.
 */
import { londonDayParts } from './format';

export const BRANDS = ['tuppence', 'dealhouse', 'treatly', 'fivepm', 'vip', 'wellness'] as const;
export type Brand = (typeof BRANDS)[number];

/** spec 1: the {product} brand is the default. */
export const DEFAULT_BRAND: Brand = 'tuppence';

export interface BrandInfo {
  id: Brand;
  /** Shown in the header, titles and legal text. */
  displayName: string;
  /** spec 1: the second brand is lowercase-styled. */
  isLowercase: boolean;
  /** spec 9: nav font size 16 for the second brand, 13 for others. */
  navFontSizePx: number;
  tagline: string;
}

export const BRAND_INFO: Record<Brand, BrandInfo> = {
  tuppence: {
    id: 'tuppence',
    displayName: 'Tuppence',
    isLowercase: false,
    navFontSizePx: 13,
    // No typed-in "up to N%": pages that claim a saving measure it (retrieveSavingCeilings; decision 024).
    tagline: 'Save on the best things to do near you',
  },
  dealhouse: {
    id: 'dealhouse',
    displayName: 'DealHouse',
    isLowercase: false,
    navFontSizePx: 13,
    tagline: 'The UK’s daily deals, for less',
  },
  treatly: {
    id: 'treatly',
    displayName: 'treatly',
    isLowercase: true,
    navFontSizePx: 16,
    tagline: 'little treats, big savings',
  },
  fivepm: {
    id: 'fivepm',
    displayName: 'FivePM',
    isLowercase: false,
    navFontSizePx: 13,
    tagline: 'Tables, treats and tonight’s best offers',
  },
  vip: {
    id: 'vip',
    displayName: 'Tuppence VIP',
    isLowercase: false,
    navFontSizePx: 13,
    tagline: 'Extra discounts for VIP members',
  },
  wellness: {
    id: 'wellness',
    displayName: 'Tuppence Wellness',
    isLowercase: false,
    navFontSizePx: 13,
    tagline: 'Spa days, massages and time for you',
  },
};

export function isBrand(value: unknown): value is Brand {
  return typeof value === 'string' && (BRANDS as readonly string[]).includes(value);
}

export const SEASONS = ['black-friday', 'christmas'] as const;
export type Season = (typeof SEASONS)[number];

export interface SeasonWindow {
  season: Season;
  /** Inclusive month (1-12) and day of the first and last day. */
  from: { month: number; day: number };
  to: { month: number; day: number };
}

/**
 * spec 4: Black Friday 1 Nov to 8 Dec, Christmas 9 Dec to 26 Dec (given for 2024).
 * We keep the day-month window every year; see docs/decisions/003-seasonal-windows.md.
 */
export const SEASON_WINDOWS: readonly SeasonWindow[] = [
  { season: 'black-friday', from: { month: 11, day: 1 }, to: { month: 12, day: 8 } },
  { season: 'christmas', from: { month: 12, day: 9 }, to: { month: 12, day: 26 } },
];

/** The seasonal variant in force on a date (UK calendar day), if any. */
export function seasonOn(now: Date, windows: readonly SeasonWindow[] = SEASON_WINDOWS): Season | null {
  const { month, day } = londonDayParts(now);
  const key = month * 100 + day;
  for (const w of windows) {
    if (key >= w.from.month * 100 + w.from.day && key <= w.to.month * 100 + w.to.day) return w.season;
  }
  return null;
}

export type ThemeName = Brand | Season;

export interface ThemeInput {
  brand: Brand;
  /** A VIP result (VIP pages, VIP brand) switches to the VIP theme (spec 2). */
  isVip: boolean;
  /** The deal location; wellness-collection switches to the wellness theme (spec 2). */
  locationShortName?: string;
  now: Date;
}

/** Which look a page wears: VIP and wellness win, then the season, then the brand. */
export function resolveTheme({ brand, isVip, locationShortName, now }: ThemeInput): ThemeName {
  if (isVip || brand === 'vip') return 'vip';
  if (locationShortName === 'wellness-collection' || brand === 'wellness') return 'wellness';
  return seasonOn(now) ?? brand;
}

/**
 * The brand for a request: `?site=` wins and is remembered, then the remembered cookie, then the default.
 * Returns whether the cookie needs (re)writing.
 */
export function resolveBrand(
  siteParam: string | null,
  cookieValue: string | undefined,
): { brand: Brand; remember: boolean } {
  if (isBrand(siteParam)) return { brand: siteParam, remember: siteParam !== cookieValue };
  if (isBrand(cookieValue)) return { brand: cookieValue, remember: false };
  return { brand: DEFAULT_BRAND, remember: false };
}
