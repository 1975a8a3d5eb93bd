/**
 * Generates the demo catalogue as plain rows, without touching a database.
 *
 * The catalogue is a stream of merchants, each with 2–3 deals. Every merchant and every deal
 * draws from its own random stream seeded by (seed, index), so the same seed gives the same
 * catalogue whether it is built in one go or in chunks of any size.
 */

import {
  buildCategoryRows,
  buildLocationRows,
  LOCAL_LOCATIONS,
  type LocalLocation,
  localLocation,
  locationId,
} from '@/server/reference';
import {
  copyProfile,
  merchantName,
  phoneNumber,
  postcode,
  profilesFor,
  streetAddress,
  WELLNESS_SUB_CATEGORY_IDS,
  WELLNESS_TOWNS,
  websiteFor,
} from './copy';
import type { CopyProfile, Segment } from './copy-types';
import { buildDeal } from './deal-builder';
import { createRandom, deriveSeed, type Random } from './random';
import type {
  CategoryRow,
  DealImageInsert,
  DealInsert,
  DealProductFlightInsert,
  DealProductInsert,
  DealProductNightInsert,
  DealProductStockInsert,
  LocationRow,
  MerchantInsert,
} from './rows';
import { buildSales, defaultSalesIds, type SalesIds, type SalesRows } from './sales';
import { buildDepartureAirports, buildStayNights } from './travel-rows';

export const FIRST_DEAL_ID = 31_000_001;
export const FIRST_PRODUCT_ID = 50_000_001;
/**
 * Every town first gets this many merchants with 3 deals each, so each local page has at
 * least 21 deals once the catalogue has 3,000; after that, towns are weighted by size.
 */
const MERCHANTS_PER_TOWN_FLOOR = 7;
const DEALS_PER_FLOOR_MERCHANT = 3;

export interface CatalogueOptions {
  deals: number;
  seed: number;
  /** Dates (closing, check-in, created) are laid out around this moment. */
  now: Date;
  /**
   * The seed shoppers' user ids and where order, line and voucher ids start (./sales.ts); without it,
   * shoppers 1 to 8 and ids from 1 (a catalogue built without a database).
   */
  sales?: SalesIds;
}

/**
 * Merchants, deals and what hangs off them: the part that grows with the deal count. Its sales
 * (orders, lines, vouchers, reviews) are the seed shoppers' (./sales.ts, docs/decisions/046).
 */
export interface CatalogueRows extends SalesRows {
  merchants: MerchantInsert[];
  deals: DealInsert[];
  dealProducts: DealProductInsert[];
  dealProductStock: DealProductStockInsert[];
  dealImages: DealImageInsert[];
  /** docs/decisions/029: rooms per night of the stays sold by date, and the airports options with flights leave from. */
  dealProductNights: DealProductNightInsert[];
  dealProductFlights: DealProductFlightInsert[];
}

export interface ReferenceRows {
  locations: LocationRow[];
  categories: CategoryRow[];
}

export type Catalogue = ReferenceRows & CatalogueRows;

/** The locations and the category tree, the same for every seed. */
export function buildReferenceRows(): ReferenceRows {
  return { locations: buildLocationRows(), categories: buildCategoryRows() };
}

type MerchantKind = 'local' | 'shop' | 'travel' | 'wellness';

interface MerchantPlan {
  kind: MerchantKind;
  /** One of the merchants that make up every town's minimum. */
  isTownFloor: boolean;
  segment: Segment;
  profile: CopyProfile;
  town: LocalLocation;
  dealLocationId: number;
}

const TOWN_WEIGHTS: ReadonlyArray<readonly [LocalLocation, number]> = LOCAL_LOCATIONS.map(
  (town) => [town, town.weight] as const,
);

/** Where a merchant trades and what it sells. `localOrdinal` counts local merchants so far. */
function planMerchant(rng: Random, localOrdinal: number): MerchantPlan {
  // About 60% local, 20% shop, 15% travel and 5% wellness (deals follow merchants).
  const kind = rng.weighted<MerchantKind>([
    ['local', 60],
    ['shop', 20],
    ['travel', 15],
    ['wellness', 5],
  ]);
  if (kind === 'local') {
    // The first merchants go round every town, so even small towns have a page worth showing.
    const isTownFloor = localOrdinal < LOCAL_LOCATIONS.length * MERCHANTS_PER_TOWN_FLOOR;
    const town = isTownFloor
      ? (LOCAL_LOCATIONS[localOrdinal % LOCAL_LOCATIONS.length] as LocalLocation)
      : rng.weighted(TOWN_WEIGHTS);
    return {
      kind,
      isTownFloor,
      segment: 'local',
      profile: rng.weighted(profilesFor('local')),
      town,
      dealLocationId: locationId(town.shortName),
    };
  }
  if (kind === 'wellness') {
    const profile = copyProfile(rng.pick(WELLNESS_SUB_CATEGORY_IDS));
    // spec 2: the wellness-collection location has its own theme; its merchants are in spa towns.
    return {
      kind,
      isTownFloor: false,
      segment: 'local',
      profile,
      town: localLocation(rng.pick(WELLNESS_TOWNS)),
      dealLocationId: locationId('wellness-collection'),
    };
  }
  const segment: Segment =
    kind === 'shop'
      ? 'shop'
      : rng.weighted<Segment>([
          ['travel-uk', 45],
          ['travel-abroad', 35],
          ['escape', 20],
        ]);
  const profile = rng.weighted(profilesFor(segment));
  const town = localLocation(rng.pick(profile.merchantTowns ?? ['london']));
  const dealLocation = segment === 'shop' ? 'national-deal' : segment === 'escape' ? 'escapes' : 'travel';
  return { kind, isTownFloor: false, segment, profile, town, dealLocationId: locationId(dealLocation) };
}

function emptyRows(): CatalogueRows {
  return {
    merchants: [],
    deals: [],
    dealProducts: [],
    dealProductStock: [],
    dealImages: [],
    orders: [],
    orderLines: [],
    vouchers: [],
    reviews: [],
    dealProductNights: [],
    dealProductFlights: [],
  };
}

/**
 * Yields the catalogue in chunks of about `chunkSize` deals (a merchant's deals stay together),
 * so 100,000 deals never have to sit in memory at once.
 */
export function* generateCatalogueChunks(options: CatalogueOptions & { chunkSize?: number }): Generator<CatalogueRows> {
  const total = Math.max(0, Math.floor(options.deals));
  const chunkSize = Math.max(1, options.chunkSize ?? 5000);
  let chunk = emptyRows();
  let dealIndex = 0;
  let merchantIndex = 0;
  let localOrdinal = 0;
  let nextProductId = FIRST_PRODUCT_ID;
  // Copied: the generator advances the ids as it sells, and the caller's object stays as given.
  const salesIds: SalesIds = { ...(options.sales ?? defaultSalesIds()) };

  while (dealIndex < total) {
    const rng = createRandom(deriveSeed(options.seed, 'merchant', merchantIndex));
    const plan = planMerchant(rng, localOrdinal);
    if (plan.kind === 'local') localOrdinal += 1;
    const name = merchantName(rng, plan.profile, plan.town.name);
    const merchant: MerchantInsert = {
      id: merchantIndex + 1,
      name,
      addressLine1: streetAddress(rng, plan.town.shortName),
      town: plan.town.name,
      postcode: postcode(rng, plan.town.shortName),
      phone: phoneNumber(rng, plan.town.shortName),
      website: websiteFor(name),
      // docs/decisions/029: when travel merchants answer the phone for call-to-book deals.
      bookingHours:
        plan.segment === 'shop' || plan.segment === 'local'
          ? null
          : 'Monday to Friday, 9am to 5.30pm; Saturday, 10am to 2pm',
      locationId: locationId(plan.town.shortName),
    };
    chunk.merchants.push(merchant);

    const dealCount = Math.min(plan.isTownFloor ? DEALS_PER_FLOOR_MERCHANT : rng.int(2, 3), total - dealIndex);
    // A merchant's deals are different packages where the profile has more than one.
    const firstPackage = rng.int(0, plan.profile.packages.length - 1);
    for (let i = 0; i < dealCount; i += 1) {
      const built = buildDeal({
        rng: createRandom(deriveSeed(options.seed, 'deal', dealIndex)),
        dealId: FIRST_DEAL_ID + dealIndex,
        firstProductId: nextProductId,
        now: options.now,
        segment: plan.segment,
        profile: plan.profile,
        merchant: { id: merchantIndex + 1, name },
        packageIndex: (firstPackage + i) % plan.profile.packages.length,
        town: plan.town,
        dealLocationId: plan.dealLocationId,
      });
      chunk.dealProductNights.push(...buildStayNights(built.deal, built.products, options.now));
      chunk.dealProductFlights.push(...buildDepartureAirports(built.deal, built.products));
      chunk.deals.push(built.deal);
      chunk.dealProducts.push(...built.products);
      chunk.dealProductStock.push(...built.stock);
      chunk.dealImages.push(...built.images);
      // After the deal is built and before it is kept: the sales set its bought count and rating.
      const sales = buildSales(options.seed, built.deal, built.products, built.stock, salesIds, options.now);
      chunk.orders.push(...sales.orders);
      chunk.orderLines.push(...sales.orderLines);
      chunk.vouchers.push(...sales.vouchers);
      chunk.reviews.push(...sales.reviews);
      nextProductId += built.products.length;
      dealIndex += 1;
    }
    merchantIndex += 1;

    if (chunk.deals.length >= chunkSize) {
      yield chunk;
      chunk = emptyRows();
    }
  }
  if (chunk.deals.length > 0) yield chunk;
}

/** The whole catalogue in memory: reference rows plus every merchant, deal, product and image. */
export function generateCatalogue(options: CatalogueOptions): Catalogue {
  const all = emptyRows();
  for (const chunk of generateCatalogueChunks({ ...options, chunkSize: Number.MAX_SAFE_INTEGER })) {
    for (const key of Object.keys(all) as (keyof CatalogueRows)[]) {
      // Rows are appended one by one: spreading 200,000 rows into push() overflows the stack.
      const target = all[key] as unknown[];
      for (const row of chunk[key]) target.push(row);
    }
  }
  return { ...buildReferenceRows(), ...all };
}
