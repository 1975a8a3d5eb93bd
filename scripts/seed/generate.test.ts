import { describe, expect, it } from 'vitest';
import { HIGH_FRAUD_SUB_CATEGORY_IDS } from '@/server/reference';
import { HIGH_FRAUD_FROM_PRICE_MINOR } from './deal-builder';
import { isDealImageTheme, parseDealImagePath } from './deal-image';
import {
  type Catalogue,
  type CatalogueRows,
  FIRST_DEAL_ID,
  FIRST_PRODUCT_ID,
  generateCatalogue,
  generateCatalogueChunks,
} from './generate';
import type { DealProductInsert } from './rows';

const NOW = new Date('2025-11-23T10:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let shared3000: Catalogue | undefined;
/** A 3,000-deal catalogue, built once: generating it is the slow part, reading it is not. */
function catalogueOf3000(): Catalogue {
  shared3000 ??= generateCatalogue({ deals: 3000, seed: 20261123, now: NOW });
  return shared3000;
}

function productsByDeal(catalogue: Catalogue): Map<number, DealProductInsert[]> {
  const byDeal = new Map<number, DealProductInsert[]>();
  for (const product of catalogue.dealProducts)
    byDeal.set(product.dealId, [...(byDeal.get(product.dealId) ?? []), product]);
  return byDeal;
}

describe('generateCatalogue: determinism', () => {
  it('gives the same catalogue for the same seed', () => {
    const first = generateCatalogue({ deals: 300, seed: 42, now: NOW });
    const second = generateCatalogue({ deals: 300, seed: 42, now: NOW });
    expect(second).toEqual(first);
  });

  it('gives a different catalogue for a different seed', () => {
    const first = generateCatalogue({ deals: 50, seed: 1, now: NOW });
    const second = generateCatalogue({ deals: 50, seed: 2, now: NOW });
    expect(second.deals.map((deal) => deal.headline)).not.toEqual(first.deals.map((deal) => deal.headline));
  });

  it('gives the same rows however the catalogue is chunked', () => {
    const whole = generateCatalogue({ deals: 400, seed: 7, now: NOW });
    const joined: CatalogueRows = {
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
    let chunks = 0;
    for (const chunk of generateCatalogueChunks({ deals: 400, seed: 7, now: NOW, chunkSize: 37 })) {
      chunks += 1;
      for (const key of Object.keys(joined) as (keyof CatalogueRows)[]) (joined[key] as unknown[]).push(...chunk[key]);
    }
    expect(chunks).toBeGreaterThan(5);
    expect(joined.deals).toEqual(whole.deals);
    expect(joined.dealProducts).toEqual(whole.dealProducts);
    expect(joined.merchants).toEqual(whole.merchants);
    expect(joined.dealImages).toEqual(whole.dealImages);
    expect(joined.reviews).toEqual(whole.reviews);
    expect(joined.vouchers).toEqual(whole.vouchers);
    expect(joined.orders).toEqual(whole.orders);
  });

  it('makes exactly the number of deals asked for', () => {
    expect(generateCatalogue({ deals: 0, seed: 1, now: NOW }).deals).toHaveLength(0);
    expect(generateCatalogue({ deals: 1, seed: 1, now: NOW }).deals).toHaveLength(1);
    expect(generateCatalogue({ deals: 101, seed: 1, now: NOW }).deals).toHaveLength(101);
  });
});

describe('generateCatalogue: locations and categories', () => {
  const { locations, categories } = generateCatalogue({ deals: 0, seed: 1, now: NOW });

  it('has at least 40 towns, with London the default and the Scottish menu towns present', () => {
    const local = locations.filter((location) => location.kind === 'local');
    expect(local.length).toBeGreaterThanOrEqual(40);
    expect(locations.filter((location) => location.isDefault).map((location) => location.shortName)).toEqual([
      'london',
    ]);
    for (const town of ['london', 'glasgow', 'edinburgh', 'aberdeen', 'manchester', 'cardiff', 'belfast']) {
      expect(local.map((location) => location.shortName)).toContain(town);
    }
    for (const location of local) {
      expect(location.lat).toBeGreaterThan(49.9);
      expect(location.lat).toBeLessThan(60.9);
      expect(location.lon).toBeGreaterThan(-8.2);
      expect(location.lon).toBeLessThan(1.8);
      expect(location.description).toMatch(/\.$/);
    }
  });

  it('has the five special locations at the UK centroid', () => {
    const special = locations.filter((location) => location.kind === 'special');
    expect(special.map((location) => [location.shortName, location.name])).toEqual([
      ['national-deal', 'Shop'],
      ['travel', 'Travel'],
      ['near-me', 'Near Me'],
      ['escapes', 'Escapes'],
      ['wellness-collection', 'Wellness Collection'],
    ]);
    for (const location of special) expect([location.lat, location.lon]).toEqual([54, -2]);
  });

  it('includes the sub-categories that spec 5 payment rules name', () => {
    const byId = new Map(categories.map((category) => [category.id, category]));
    const shop = categories.find((category) => category.shortName === 'shop' && category.parentId === null);
    for (const id of [14, 17, 386, 398, 585, 586]) expect(byId.get(id)?.parentId).toBe(shop?.id);
    for (const id of [197, 200, 218, 711]) expect(byId.get(id)?.parentId).not.toBeNull();
    expect(byId.get(218)?.name).toBe('Cosmetic Surgery');
    expect(byId.get(711)?.name).toBe('Laser Eye Surgery');
  });

  it('lists every parent before its children, with the routes the menus link to', () => {
    const seen = new Set<number>();
    for (const category of categories) {
      if (category.parentId !== null && category.parentId !== undefined) expect(seen.has(category.parentId)).toBe(true);
      seen.add(category.id);
    }
    const path = (top: string, sub: string): boolean => {
      const parent = categories.find((category) => category.shortName === top && category.parentId === null);
      return categories.some((category) => category.parentId === parent?.id && category.shortName === sub);
    };
    expect(path('food-drink', 'afternoon-tea')).toBe(true);
    expect(path('beauty', 'spa')).toBe(true);
    expect(path('health-fitness', 'fitness-classes')).toBe(true);
    expect(path('restaurants-food', 'italian')).toBe(true);
    const travelGroups = new Set(
      categories
        .filter((category) => category.isTravel && category.parentId)
        .map((category) => category.navigationType),
    );
    expect(travelGroups).toEqual(new Set(['UK Travel', 'International Travel']));
  });
});

describe('generateCatalogue: 3,000 deals', () => {
  it('numbers deals from 31000001, products from 50000001 and merchants from 1', () => {
    const { deals, dealProducts, merchants } = catalogueOf3000();
    expect(deals.map((deal) => deal.id)).toEqual(deals.map((_, index) => FIRST_DEAL_ID + index));
    expect(dealProducts.map((product) => product.id)).toEqual(dealProducts.map((_, index) => FIRST_PRODUCT_ID + index));
    expect(merchants.map((merchant) => merchant.id)).toEqual(merchants.map((_, index) => index + 1));
    // One merchant for every 2–3 deals.
    expect(deals.length / merchants.length).toBeGreaterThanOrEqual(2);
    expect(deals.length / merchants.length).toBeLessThanOrEqual(3);
  });

  it('gives every town at least 20 deals, London the most', () => {
    const { deals, locations } = catalogueOf3000();
    const counts = new Map<number, number>();
    for (const deal of deals) counts.set(deal.locationId, (counts.get(deal.locationId) ?? 0) + 1);
    const local = locations.filter((location) => location.kind === 'local');
    for (const town of local) expect(counts.get(town.id as number) ?? 0, town.shortName).toBeGreaterThanOrEqual(20);
    const london = counts.get(local.find((town) => town.shortName === 'london')?.id as number) ?? 0;
    for (const town of local.filter((location) => location.shortName !== 'london'))
      expect(london).toBeGreaterThan(counts.get(town.id as number) ?? 0);
    const idOf = (shortName: string) => locations.find((location) => location.shortName === shortName)?.id;
    const share = (shortName: string) => (counts.get(idOf(shortName) as number) ?? 0) / deals.length;
    expect(share('national-deal')).toBeGreaterThan(0.12);
    expect(share('travel') + share('escapes')).toBeGreaterThan(0.09);
    expect(share('wellness-collection')).toBeGreaterThan(0.02);
    expect(share('escapes')).toBeGreaterThan(0);
  });

  it('contains every kind of deal the shop has to handle', () => {
    const catalogue = catalogueOf3000();
    const byDeal = productsByDeal(catalogue);
    const stock = new Map(catalogue.dealProductStock.map((row) => [row.productId, row]));
    const dealsWith = (test: (products: DealProductInsert[]) => boolean) =>
      catalogue.deals.filter((deal) => test(byDeal.get(deal.id) ?? []));

    expect(
      dealsWith((products) => products.filter((product) => !product.vipExclusive).length >= 2).length,
    ).toBeGreaterThan(300);
    const perPerson = catalogue.deals.filter((deal) => deal.pricePerPerson);
    expect(perPerson.length).toBeGreaterThan(20);
    // spec 5: a per-person-priced deal always has at least 2 people.
    for (const deal of perPerson)
      for (const product of byDeal.get(deal.id) ?? []) expect(product.minPeople).toBeGreaterThanOrEqual(2);
    expect(
      dealsWith((products) => products.some((product) => product.hasDeposit && (product.depositPriceMinor ?? 0) > 0))
        .length,
    ).toBeGreaterThan(20);
    expect(dealsWith((products) => products.some((product) => product.flights)).length).toBeGreaterThan(10);
    expect(
      dealsWith((products) => products.every((product) => stock.get(product.id)?.quantityRemaining === 0)).length,
    ).toBeGreaterThan(30);
    expect(
      dealsWith((products) =>
        products.some((product) => {
          const left = stock.get(product.id)?.quantityRemaining;
          return left !== null && left !== undefined && left >= 1 && left <= 5;
        }),
      ).length,
    ).toBeGreaterThan(50);
    expect(
      catalogue.deals.filter((deal) => deal.purchaseCap !== null && deal.purchaseCap !== undefined).length,
    ).toBeGreaterThan(300);
    expect(dealsWith((products) => products.some((product) => product.vipExclusive)).length).toBeGreaterThan(50);
    expect(
      catalogue.dealProductStock.filter((row) => row.dailyLimit !== null && row.stockDay === '2025-11-23').length,
    ).toBeGreaterThan(100);
    const closingSoon = catalogue.deals.filter(
      (deal) => deal.status === 'live' && deal.closingDate.getTime() - NOW.getTime() < 48 * HOUR,
    );
    expect(closingSoon.length).toBeGreaterThan(20);
    expect(catalogue.deals.filter((deal) => deal.status === 'closed').every((deal) => deal.closingDate < NOW)).toBe(
      true,
    );
    const dealTypes = new Set(catalogue.deals.map((deal) => deal.dealType));
    expect(dealTypes).toEqual(
      new Set(['calendar', 'call-to-book', 'choose-your-flight', 'mystery-travel', 'standard', 'standard-travel']),
    );
    const modes = new Set(catalogue.deals.map((deal) => deal.priceDisplayMode));
    expect(modes.size).toBe(6);
  });

  it('gives travel products nights and check-in and check-out dates after now (or rooms by night, docs/decisions/029)', () => {
    const catalogue = catalogueOf3000();
    const travel = catalogue.dealProducts.filter((product) => product.numberOfNights);
    expect(travel.length).toBeGreaterThan(200);
    const soldByDate = new Set(catalogue.dealProductNights.map((night) => night.productId));
    expect(soldByDate.size).toBeGreaterThan(50);
    for (const product of travel) {
      const nights = product.numberOfNights as number;
      expect(nights).toBeGreaterThanOrEqual(1);
      expect(nights).toBeLessThanOrEqual(7);
      // docs/decisions/029: a stay sold by date has no fixed dates: the shopper picks the check-in.
      if (soldByDate.has(product.id)) {
        expect(product.checkInDate).toBeNull();
        continue;
      }
      const checkIn = new Date(`${product.checkInDate}T00:00:00Z`);
      const checkOut = new Date(`${product.checkOutDate}T00:00:00Z`);
      expect(checkIn.getTime()).toBeGreaterThan(NOW.getTime());
      expect((checkOut.getTime() - checkIn.getTime()) / DAY).toBe(nights);
    }
  });

  it('prices every product in whole pence, below its was-price, with the discount it shows', () => {
    const catalogue = catalogueOf3000();
    for (const product of catalogue.dealProducts) {
      expect(Number.isInteger(product.priceMinor)).toBe(true);
      expect(product.priceMinor).toBeGreaterThan(0);
      expect(product.priceMinor).toBeLessThan(product.originalPriceMinor);
      const expected = Math.round(
        ((product.originalPriceMinor - product.priceMinor) / product.originalPriceMinor) * 100,
      );
      expect(product.discountPercentage).toBe(expected);
      // spec 1: savings of up to 80%.
      expect(product.discountPercentage).toBeLessThanOrEqual(80);
    }
  });

  it('shows the lowest price anyone can buy as the deal\u2019s "from" price', () => {
    const catalogue = catalogueOf3000();
    const byDeal = productsByDeal(catalogue);
    for (const deal of catalogue.deals) {
      const onSale = (byDeal.get(deal.id) ?? []).filter(
        (product) => product.visibility === 'visible' && !product.disabled && !product.vipExclusive,
      );
      expect(onSale.length).toBeGreaterThan(0);
      expect(deal.fromPriceMinor).toBe(Math.min(...onSale.map((product) => product.priceMinor)));
      expect(deal.maxDiscountPercentage).toBe(Math.max(...onSale.map((product) => product.discountPercentage ?? 0)));
    }
  });

  it('flags the dearer goods of the fraud-prone sub-categories and names merchant and town in local headlines', () => {
    const catalogue = catalogueOf3000();
    const merchants = new Map(catalogue.merchants.map((merchant) => [merchant.id, merchant]));
    const localIds = new Set(
      catalogue.locations.filter((location) => location.kind === 'local').map((location) => location.id),
    );
    for (const deal of catalogue.deals) {
      expect(deal.highFraudRisk).toBe(
        (HIGH_FRAUD_SUB_CATEGORY_IDS as readonly number[]).includes(deal.subCategoryId as number) &&
          deal.fromPriceMinor >= HIGH_FRAUD_FROM_PRICE_MINOR,
      );
      if (localIds.has(deal.locationId)) {
        const merchant = merchants.get(deal.merchantId);
        expect(deal.headline).toContain(`at ${merchant?.name}, ${merchant?.town}`);
      }
    }
    const phones = catalogue.merchants.map((merchant) => merchant.phone);
    expect(
      phones.every((phone) => /^(020 7946 0|0\d{3} 49[68] 0|029 2018 0|028 9649 6|01632 960)\d{3}$/.test(phone)),
    ).toBe(true);
  });

  it('gives every deal one to four images in a known theme', () => {
    const catalogue = catalogueOf3000();
    const counts = new Map<number, number>();
    for (const image of catalogue.dealImages) {
      counts.set(image.dealId, (counts.get(image.dealId) ?? 0) + 1);
      const parsed = parseDealImagePath(image.url);
      expect(parsed?.dealId).toBe(image.dealId);
      expect(isDealImageTheme(parsed?.theme)).toBe(true);
      expect([image.width, image.height, image.extension]).toEqual([800, 500, 'svg']);
      expect(image.alt.length).toBeGreaterThan(5);
    }
    for (const deal of catalogue.deals) {
      expect(counts.get(deal.id) ?? 0).toBeGreaterThanOrEqual(1);
      expect(counts.get(deal.id) ?? 0).toBeLessThanOrEqual(4);
    }
  });

  it('keeps every reference pointing at a row that exists', () => {
    const catalogue = catalogueOf3000();
    const merchantIds = new Set(catalogue.merchants.map((merchant) => merchant.id));
    const locationIds = new Set(catalogue.locations.map((location) => location.id));
    const categoryIds = new Set(catalogue.categories.map((category) => category.id));
    const productIds = new Set(catalogue.dealProducts.map((product) => product.id));
    for (const deal of catalogue.deals) {
      expect(merchantIds.has(deal.merchantId)).toBe(true);
      expect(locationIds.has(deal.locationId)).toBe(true);
      expect(categoryIds.has(deal.categoryId)).toBe(true);
      expect(categoryIds.has(deal.subCategoryId as number)).toBe(true);
    }
    for (const merchant of catalogue.merchants) expect(locationIds.has(merchant.locationId)).toBe(true);
    expect(catalogue.dealProductStock.map((row) => row.productId)).toEqual([...productIds]);
  });
});

describe('generateCatalogue: sales and verified reviews (decision 046)', () => {
  it('"N bought" is the vouchers the seed sold for the deal, and each option\'s sold count its own', () => {
    const catalogue = catalogueOf3000();
    const vouchersOf = new Map<number, number>();
    const byProduct = new Map<number, number>();
    for (const voucher of catalogue.vouchers) {
      vouchersOf.set(voucher.dealId, (vouchersOf.get(voucher.dealId) ?? 0) + 1);
      byProduct.set(voucher.dealProductId, (byProduct.get(voucher.dealProductId) ?? 0) + 1);
    }
    for (const deal of catalogue.deals) expect(deal.boughtCount).toBe(vouchersOf.get(deal.id) ?? 0);
    for (const stock of catalogue.dealProductStock) expect(stock.soldCount).toBe(byProduct.get(stock.productId) ?? 0);
    expect(catalogue.vouchers.length).toBeGreaterThan(1000);
    // Every voucher is redeemed, on a line of its order, for an option of its deal.
    const lines = new Map(catalogue.orderLines.map((line) => [line.id, line]));
    const orders = new Map(catalogue.orders.map((order) => [order.id, order]));
    const codes = new Set<string>();
    for (const voucher of catalogue.vouchers) {
      const line = lines.get(voucher.orderLineId);
      expect(voucher.status).toBe('redeemed');
      expect(line).toMatchObject({
        orderId: voucher.orderId,
        dealId: voucher.dealId,
        dealProductId: voucher.dealProductId,
      });
      expect(orders.get(voucher.orderId)?.userId).toBe(voucher.userId);
      expect(voucher.code).toMatch(/^TP-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      codes.add(voucher.code);
    }
    expect(codes.size).toBe(catalogue.vouchers.length);
  });

  it('every review is published and written through a redeemed voucher of its deal, order and shopper; the deal keeps their count and mean', () => {
    const catalogue = catalogueOf3000();
    const vouchers = new Map(catalogue.vouchers.map((voucher) => [voucher.id, voucher]));
    const ratings = new Map<number, number[]>();
    const reviewed = new Set<number>();
    for (const review of catalogue.reviews) {
      const voucher = vouchers.get(review.voucherId);
      expect(voucher).toMatchObject({
        status: 'redeemed',
        dealId: review.dealId,
        orderId: review.orderId,
        userId: review.userId,
        statusChangedAt: review.redeemedAt,
      });
      expect(review.status).toBe('published');
      expect((review.createdAt as Date).getTime()).toBeGreaterThan(review.redeemedAt.getTime());
      expect(reviewed.has(review.voucherId)).toBe(false);
      reviewed.add(review.voucherId);
      ratings.set(review.dealId, [...(ratings.get(review.dealId) ?? []), review.rating]);
    }
    for (const deal of catalogue.deals) {
      const own = ratings.get(deal.id) ?? [];
      expect(deal.reviewCount).toBe(own.length);
      if (own.length === 0) expect(deal.reviewAverage).toBeNull();
      else expect(deal.reviewAverage).toBeCloseTo(own.reduce((a, b) => a + b, 0) / own.length, 1);
    }
    // Some deals have enough verified reviews to show a rating, and some more than a page of them.
    expect(catalogue.deals.filter((deal) => (deal.reviewCount ?? 0) >= 3).length).toBeGreaterThan(100);
    expect([...ratings.values()].some((own) => own.length > 10)).toBe(true);
  });
});
