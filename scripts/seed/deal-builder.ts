/**
 * Builds one deal (spec 3 Deal) with its products, stock and images. Every choice comes
 * from the deal's own random stream, so a deal looks the same however the catalogue is chunked.
 */

import { shownPriceMinor } from '@/domain/delivery';
import type { LocalLocation } from '@/server/reference';
import { HIGH_FRAUD_SUB_CATEGORY_IDS, subCategory } from '@/server/reference';
import { fillTemplate, GENERIC_TERMS, VALIDITY_TERMS } from './copy';
import type { CopyProfile, PackageTemplate, Segment } from './copy-types';
import { type DealImageTheme, dealImagePath } from './deal-image';
import { buildProducts, type ProductPlan, type StockState } from './product-builder';
import { createRandom, deriveSeed, type Random } from './random';
import type {
  DealImageInsert,
  DealInsert,
  DealProductInsert,
  DealProductStockInsert,
  DealType,
  DeliveryOption,
  PriceDisplayMode,
} from './rows';

export interface DealContext {
  rng: Random;
  dealId: number;
  firstProductId: number;
  now: Date;
  segment: Segment;
  profile: CopyProfile;
  merchant: { id: number; name: string };
  /** Which of the profile's packages this deal sells. */
  packageIndex: number;
  /** Where the merchant is; local deals are sold there too. */
  town: LocalLocation;
  dealLocationId: number;
}

export interface BuiltDeal {
  deal: DealInsert;
  products: DealProductInsert[];
  stock: DealProductStockInsert[];
  images: DealImageInsert[];
}

const HOUR_MS = 3_600_000;
const EARLY_BIRD_DAYS = 21;
const DAY_MS = 24 * HOUR_MS;
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 500;

/** What an extra picture in a theme shows, for its alt text. */
const THEME_PHRASES: Record<DealImageTheme, string> = {
  spa: 'a relaxing spa scene',
  'afternoon-tea': 'an afternoon tea spread',
  restaurant: 'a plated meal',
  drinks: 'drinks',
  beauty: 'beauty treatments',
  fitness: 'workout kit',
  course: 'a creative class',
  activity: 'a day out',
  'travel-beach': 'a beach view',
  'travel-city': 'a city skyline',
  'travel-uk': 'a countryside view',
  'shop-tech': 'tech gadgets',
  'shop-home': 'a home setting',
  'shop-fashion': 'fashion accessories',
  health: 'health and wellbeing',
};

/**
 * spec 3 Deal.highFraudRisk as the seed sets it: the dearer goods of the fraud-prone sub-categories
 * (from £150), which the fraud team would flag. The cheaper ones stay unflagged, so spec 5's own
 * rule (those sub-categories only under £50) is what restricts them.
 */
export const HIGH_FRAUD_FROM_PRICE_MINOR = 150_00;

export function isHighFraudRisk(subCategoryId: number, fromPriceMinor: number): boolean {
  return (
    (HIGH_FRAUD_SUB_CATEGORY_IDS as readonly number[]).includes(subCategoryId) &&
    fromPriceMinor >= HIGH_FRAUD_FROM_PRICE_MINOR
  );
}

function chooseDealType(rng: Random, segment: Segment, pkg: PackageTemplate, subCategoryId: number): DealType {
  if (pkg.mystery) return 'mystery-travel';
  switch (segment) {
    case 'shop':
      return 'standard';
    case 'travel-abroad':
      return pkg.flights
        ? rng.weighted([
            ['choose-your-flight', 40],
            ['standard-travel', 35],
            ['calendar', 15],
            ['call-to-book', 10],
          ] as const)
        : rng.weighted([
            ['standard-travel', 50],
            ['calendar', 30],
            ['call-to-book', 20],
          ] as const);
    case 'travel-uk':
    case 'escape':
      return rng.weighted([
        ['calendar', 40],
        ['standard-travel', 40],
        ['call-to-book', 20],
      ] as const);
    case 'local':
      // Clinics take bookings by phone after a consultation.
      if (subCategoryId === 218 || subCategoryId === 711) return rng.chance(0.5) ? 'call-to-book' : 'standard';
      return rng.weighted([
        ['standard', 86],
        ['calendar', 9],
        ['call-to-book', 5],
      ] as const);
  }
}

function chooseDelivery(rng: Random, segment: Segment, subCategoryId: number): ProductPlan['delivery'] {
  if (segment === 'shop') {
    const giftWrapAvailable = subCategoryId !== 398 && rng.chance(0.3);
    return {
      options: ['none'],
      isGiftable: giftWrapAvailable,
      giftPackAvailable: false,
      giftWrapAvailable,
      postagePriceMinor: subCategoryId !== 398 && rng.chance(0.6) ? rng.pick([199, 249, 299, 349, 399, 449, 499]) : 0,
      // docs/decisions/051: next day is offered on some posted products; derived, not drawn, so the
      // rest of the seeded catalogue stays as it was.
      nextDayOffered: subCategoryId !== 398,
    };
  }
  if (segment === 'travel-abroad') {
    return {
      options: ['none'],
      isGiftable: false,
      giftPackAvailable: false,
      giftWrapAvailable: false,
      postagePriceMinor: 0,
      nextDayOffered: false,
    };
  }
  const giftPackAvailable = rng.chance(segment === 'local' ? 0.25 : 0.1);
  const options: DeliveryOption[] = giftPackAvailable ? ['e-gift', 'ndd-gpk', 'std-gpk', 'none'] : ['e-gift', 'none'];
  return {
    options,
    isGiftable: true,
    giftPackAvailable,
    giftWrapAvailable: false,
    postagePriceMinor: 0,
    nextDayOffered: false,
  };
}

function depositChance(segment: Segment, subCategoryId: number): number {
  if (segment === 'travel-abroad') return 0.4;
  if (segment === 'travel-uk' || segment === 'escape') return 0.12;
  if (subCategoryId === 218 || subCategoryId === 711) return 0.3;
  return 0;
}

function choosePriceDisplayMode(
  rng: Random,
  dealType: DealType,
  hasVipOption: boolean,
  segment: Segment,
): PriceDisplayMode {
  if (dealType === 'call-to-book' && rng.chance(0.4)) return 'hidden';
  if (hasVipOption && rng.chance(0.6)) return 'show-vip-discount-price';
  const indicative = segment === 'travel-abroad' || segment === 'travel-uk' ? 12 : 3;
  return rng.weighted([
    ['show-discount', 78],
    ['show-price', 7],
    ['show-original-price', 5],
    ['show-discount-indicative', indicative],
  ] as const);
}

function chooseClosingDate(rng: Random, now: Date, isClosed: boolean): Date {
  if (isClosed) return new Date(now.getTime() - rng.int(1, 60) * DAY_MS - rng.int(0, 23) * HOUR_MS);
  // A few deals close within 48 hours, for "ending soon" badges.
  if (rng.chance(0.03)) return new Date(now.getTime() + rng.int(2, 47) * HOUR_MS);
  return new Date(now.getTime() + rng.int(3, 119) * DAY_MS + rng.int(0, 23) * HOUR_MS);
}

function finePrint(rng: Random, profile: CopyProfile, segment: Segment): string[] {
  const own = rng.sample(profile.finePrint, rng.int(2, Math.min(3, profile.finePrint.length)));
  const generic = rng.sample(GENERIC_TERMS[segment], rng.int(1, 2));
  return [rng.pick(VALIDITY_TERMS), ...own, ...generic];
}

/**
 * About a quarter of deals launched in the last month keep an Early Bird price for 3 weeks
 * after launch. Drawn from the deal id alone so the rest of the deal's stream is unchanged.
 */
function earlyBirdEnd(dealId: number, createdAt: Date, isClosed: boolean): Date | null {
  if (isClosed || createRandom(deriveSeed('early-bird', dealId)).next() >= 0.25) return null;
  return new Date(createdAt.getTime() + EARLY_BIRD_DAYS * DAY_MS);
}

function images(rng: Random, ctx: DealContext, alt: string): DealImageInsert[] {
  const count = rng.int(1, 4);
  return Array.from({ length: count }, (_, position) => {
    const theme = position === 0 ? ctx.profile.theme : rng.pick([ctx.profile.theme, ...ctx.profile.altThemes]);
    return {
      dealId: ctx.dealId,
      url: dealImagePath(theme, ctx.dealId, position),
      extension: 'svg',
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      alt: position === 0 ? alt : `${alt}: ${THEME_PHRASES[theme]}`,
      position,
    };
  });
}

/** One deal and everything hanging off it. */
export function buildDeal(ctx: DealContext): BuiltDeal {
  const { rng, profile, segment, now } = ctx;
  const sub = subCategory(profile.subCategoryId);
  const pkg = profile.packages[ctx.packageIndex % profile.packages.length] ?? rng.pick(profile.packages);
  const destination = pkg.mystery
    ? 'a mystery destination'
    : profile.destinations
      ? rng.pick(profile.destinations)
      : ctx.town.name;
  const values = { merchant: ctx.merchant.name, town: ctx.town.name, destination };
  const packageHeadline = fillTemplate(pkg.headline, values);
  const packageTitle = fillTemplate(pkg.title, values);
  const sellsInTown = segment === 'local' || segment === 'travel-uk' || segment === 'escape';
  // Local headlines name the merchant and the town, the way the voucher reads at the door.
  const headline = sellsInTown ? `${packageHeadline} at ${ctx.merchant.name}, ${ctx.town.name}` : packageHeadline;
  const title = sellsInTown ? `${packageTitle} at ${ctx.merchant.name}` : packageTitle;

  const dealType = chooseDealType(rng, segment, pkg, sub.id);
  const roll = rng.next();
  const stockState: StockState = roll < 0.03 ? 'sold-out' : roll < 0.08 ? 'nearly-sold-out' : 'in-stock';
  const hasVipOption = rng.chance(0.05);
  const priceDisplayMode = choosePriceDisplayMode(rng, dealType, hasVipOption, segment);
  const popularity = Math.floor(10_000 * rng.next() ** 3);
  const boughtCount = Math.round(popularity * rng.float(0.3, 2.5)) + rng.int(0, 20);
  const [minPrice, maxPrice] = profile.basePriceMinor;

  const { products, stock } = buildProducts(rng, {
    dealId: ctx.dealId,
    firstProductId: ctx.firstProductId,
    segment,
    pkg,
    packageTitle,
    dealType,
    basePriceMinor: rng.int(minPrice, maxPrice),
    discountRange: profile.discountPercent,
    multiProduct: rng.chance(0.55),
    stockState,
    hasDeposit: rng.chance(depositChance(segment, sub.id)),
    hasDailyLimit: rng.chance(0.1),
    hasVipOption,
    displayDiscount: priceDisplayMode !== 'show-price' && priceDisplayMode !== 'hidden',
    delivery: chooseDelivery(rng, segment, sub.id),
    boughtCount,
    now,
  });

  const deliveryType =
    segment === 'shop' ? (sub.id === 398 ? 'e-voucher' : 'postal') : segment === 'local' ? 'e-voucher' : 'travel';
  // The "from" price is the cheapest option anyone can buy: visible, enabled, not VIP-only; on a
  // posted deal, cheapest with its standard postage (DMCC Act 2024; docs/decisions/051 "Shown prices").
  const onSale = products.filter(
    (product) => product.visibility === 'visible' && !product.disabled && !product.vipExclusive,
  );
  const shown = (product: (typeof products)[number]) =>
    shownPriceMinor(product.priceMinor, deliveryType, product.postagePriceMinor ?? 0);
  const from = onSale.reduce((best, product) => (shown(product) < shown(best) ? product : best));
  const isClosed = rng.chance(0.01);
  const closingDate = chooseClosingDate(rng, now, isClosed);
  // A closed deal was listed for a while before it closed; others appeared in the last 180 days.
  const createdAt = isClosed
    ? new Date(closingDate.getTime() - rng.int(7, 119) * DAY_MS)
    : new Date(now.getTime() - rng.int(0, 180 * 24 * 60) * 60_000);
  const hasReviews = rng.chance(0.7);
  const earlyBirdUntil = earlyBirdEnd(ctx.dealId, createdAt, isClosed);
  const calendar = dealType === 'calendar';
  const alt = fillTemplate(profile.alt, values);
  const tags = rng.sample(profile.tags, rng.int(2, Math.min(4, profile.tags.length)));
  if (sellsInTown) tags.push(ctx.town.name.toLowerCase());

  const deal: DealInsert = {
    id: ctx.dealId,
    headline,
    title,
    description: [
      ...profile.blurbs.map((blurb) => fillTemplate(blurb, values)),
      onSale.length > 1 ? `Choose from ${onSale.length} options.` : '',
    ]
      .filter(Boolean)
      .join(' '),
    highlights: rng.sample(profile.highlights, rng.int(3, Math.min(5, profile.highlights.length))),
    finePrint: finePrint(rng, profile, segment),
    merchantId: ctx.merchant.id,
    categoryId: sub.parentId,
    subCategoryId: sub.id,
    locationId: ctx.dealLocationId,
    currency: 'GBP',
    dealType,
    priceDisplayMode,
    productDisplayType: rng.chance(0.05) ? 'claim-2x2' : products.length >= 4 && rng.chance(0.5) ? '2x2' : 'grid',
    pricePerPerson: pkg.perPerson ?? false,
    bookingCalendarOnRedemption: calendar && rng.chance(0.5),
    giftClaim: segment === 'local' && rng.chance(0.05),
    deliveryType,
    // docs/decisions/051: posted deals promise dispatch within 1 to 4 working days (derived from the id).
    dispatchDays: 1 + (ctx.dealId % 4),
    highFraudRisk: isHighFraudRisk(sub.id, from.priceMinor),
    purchaseCap: rng.chance(0.3) ? rng.int(1, 10) : null,
    closingDate,
    status: isClosed ? 'closed' : 'live',
    isTravel: sub.isTravel,
    popularity,
    boughtCount,
    reviewAverage: hasReviews ? Math.round((3 + 2 * rng.next() ** 0.6) * 10) / 10 : null,
    reviewCount: hasReviews ? rng.int(1, 10 + Math.floor(boughtCount / 8)) : 0,
    fromPriceMinor: from.priceMinor,
    fromOriginalPriceMinor: from.originalPriceMinor,
    fromPostageMinor: shown(from) - from.priceMinor,
    maxDiscountPercentage: Math.max(...onSale.map((product) => product.discountPercentage ?? 0)),
    tags,
    earlyBirdUntil,
    createdAt,
  };
  return { deal, products, stock, images: images(rng, ctx, alt) };
}
