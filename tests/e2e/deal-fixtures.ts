/**
 * Finds deals with the properties a deal page test needs in the e2e server's catalogue. The
 * server seeds the default catalogue (3,200 deals, seed 20261123) and the generator is
 * deterministic, so generating it here gives the same deals, products and stock without
 * sharing the server's embedded database (PGlite serves one process at a time).
 */

import { chooseVideoDeals } from '../../scripts/seed/deal-videos';
import { buildReferenceRows, generateCatalogue } from '../../scripts/seed/generate';
import { DEFAULT_SEED, DEFAULT_SEED_DEALS } from '../../scripts/seed/index';
import { showsRating } from '../../src/domain/reviews';

const catalogue = generateCatalogue({ deals: DEFAULT_SEED_DEALS, seed: DEFAULT_SEED, now: new Date() });
type DealRow = (typeof catalogue.deals)[number];
type ProductRow = (typeof catalogue.dealProducts)[number];

const stockOf = new Map(catalogue.dealProductStock.map((s) => [s.productId, s]));
const productsOf = new Map<number, ProductRow[]>();
for (const p of catalogue.dealProducts) {
  if (p.visibility !== 'visible' || p.disabled) continue;
  productsOf.set(p.dealId, [...(productsOf.get(p.dealId) ?? []), p]);
}
const imageCount = new Map<number, number>();
for (const image of catalogue.dealImages) imageCount.set(image.dealId, (imageCount.get(image.dealId) ?? 0) + 1);

/** spec 5: the lowest of product cap, deal cap and what remains today (stock or daily allowance); null when none. */
function capOf(deal: DealRow, product: ProductRow): number | null {
  const stock = stockOf.get(product.id);
  const limits = [product.purchaseCap, deal.purchaseCap, stock?.quantityRemaining, stock?.remainingForDay].filter(
    (n): n is number => typeof n === 'number',
  );
  return limits.length === 0 ? null : Math.max(0, Math.min(...limits));
}

const guestProducts = (deal: DealRow) => (productsOf.get(deal.id) ?? []).filter((p) => !p.vipExclusive);
const isLive = (deal: DealRow) => deal.status === 'live' && deal.closingDate.getTime() > Date.now() + 86_400_000;
const isOnSale = (deal: DealRow) => isLive(deal) && guestProducts(deal).every((p) => capOf(deal, p) !== 0);

function find(what: string, test: (deal: DealRow) => boolean): DealRow {
  const deal = catalogue.deals.find(test);
  if (!deal) throw new Error(`No seeded deal is ${what}`);
  return deal;
}

/** A deal on sale with at least 3 pictures. */
export const galleryDeal = find('on sale with 3 pictures', (d) => isOnSale(d) && (imageCount.get(d.id) ?? 0) >= 3);

/** A deal on sale, not per person, with 2+ options, whose first option is capped at 2 to 5 (spec 5). */
export const cappedDeal = (() => {
  const deal = find('capped', (d) => {
    const products = guestProducts(d);
    const [first] = products;
    const cap = first ? capOf(d, first) : null;
    return isOnSale(d) && !d.pricePerPerson && products.length >= 2 && cap !== null && cap >= 2 && cap <= 5;
  });
  const [first, second] = guestProducts(deal);
  if (!first || !second) throw new Error('capped deal lost its options');
  return { id: deal.id, firstProduct: first, secondProduct: second, cap: capOf(deal, first) ?? 0 };
})();

/** Options sold by check-in date (decision 029: a date must be picked before Buy now). */
const datedProductIds = new Set(catalogue.dealProductNights.map((n) => n.productId));
const isSoldByDate = (d: DealRow) => guestProducts(d).some((p) => datedProductIds.has(p.id));

/** A per-person deal on sale whose first option allows at least 3 people (and needs no date picked). */
export const perPersonDeal = find('per person', (d) => {
  const [first] = guestProducts(d);
  const cap = first ? capOf(d, first) : null;
  return isOnSale(d) && d.pricePerPerson === true && !isSoldByDate(d) && (cap === null || cap >= 3);
});

/** A live deal sold out for a guest (every option it can buy has none left). */
export const soldOutDeal = find('sold out', (d) => isLive(d) && guestProducts(d).every((p) => capOf(d, p) === 0));

/** A live deal whose reviews show (spec 9: average at least 3.5) with more than 10 written. */
export const reviewedDeal = find(
  'well reviewed',
  (d) => isOnSale(d) && (d.reviewAverage ?? 0) >= 3.5 && (d.reviewCount ?? 0) > 10,
);

/** A live deal with reviews averaging under 3.5 (spec 9: not shown). */
export const poorlyReviewedDeal = find(
  'poorly reviewed',
  (d) => isLive(d) && d.reviewAverage !== null && (d.reviewAverage ?? 0) < 3.5,
);

/** A deal closed by status. */
export const closedDeal = find('closed', (d) => d.status === 'closed');

/**
 * On sale, not per person, not travel, and its first option (answered) limited by nothing: no purchase
 * cap, no cap of any kind, one person, no deposit.
 */
function plainFirstOption(d: DealRow): ProductRow | undefined {
  const [first] = guestProducts(d);
  const plain =
    isOnSale(d) &&
    !d.pricePerPerson &&
    !d.isTravel &&
    d.purchaseCap == null &&
    first !== undefined &&
    (first.minPeople ?? 1) <= 1 &&
    !first.hasDeposit &&
    capOf(d, first) === null;
  return plain ? first : undefined;
}

/** A plain first option (above) under the spec 5 line of 1,500 pounds. */
function buyableWithoutLimits(d: DealRow): boolean {
  const first = plainFirstOption(d);
  return first !== undefined && first.priceMinor + (first.postagePriceMinor ?? 0) < 150_000;
}

/**
 * A deal to buy again and again in the checkout tests: on sale, not per person, not travel, and
 * its first option limited by nothing (no cap, unlimited stock, no daily allowance).
 */
export const buyableDeal = (() => {
  const deal = find('buyable without limits', buyableWithoutLimits);
  const [first] = guestProducts(deal);
  if (!first) throw new Error('buyable deal lost its option');
  return {
    id: deal.id,
    merchantId: deal.merchantId,
    product: first,
    unitTotalMinor: first.priceMinor + (first.postagePriceMinor ?? 0),
  };
})();

/** An option of the sold-out deal (spec 5: cap 0 for a guest), to be refused by the basket. */
export const soldOutOption = (() => {
  const [product] = guestProducts(soldOutDeal);
  if (!product) throw new Error('sold-out deal has no options');
  return { dealId: soldOutDeal.id, productId: product.id };
})();

/** A buyable deal's first option, limited by nothing, as { dealId, productId }. */
const buyableOption = (d: DealRow) => {
  const first = d.bookingCalendarOnRedemption || d.giftClaim ? undefined : plainFirstOption(d);
  return first ? { dealId: d.id, productId: first.id } : null;
};

/** spec 5 sub-categories with payment rules of their own: kept out of the plain deals below. */
const RULED_SUB_CATEGORIES = [14, 17, 386, 398, 585, 586, 218, 711, 197, 200];

/**
 * Forty distinct plain deals (no spec 5 payment rule applies to them) whose first option a test
 * may re-price through the operator endpoint (tests/e2e/pricing.ts) to reach an amount the
 * sandbox reacts to. Each spec file takes its own slots, so parallel tests never share one:
 * 0-9 eligibility, 10-19 PayPal and device wallets, 20-29 Klarna and Clearpay, 30-36 saved
 * instruments and Express Buy, 37-38 Buy again (bought at their seeded price, never re-priced), 39 a
 * long price (featured-buy-again.spec.ts, decision 057; its seeded price put back after).
 */
export const priceableDeals = catalogue.deals
  .filter((d) => d.id !== buyableDeal.id && !d.highFraudRisk && !RULED_SUB_CATEGORIES.includes(d.subCategoryId ?? 0))
  .map(buyableOption)
  .filter((option): option is { dealId: number; productId: number } => option !== null)
  .slice(0, 40);
if (priceableDeals.length < 40) throw new Error('Not enough plain buyable deals to price');

/** A buyable deal in fraud-prone sub-category 14 (spec 5), not itself flagged high fraud risk. */
export const fraudProneDeal = (() => {
  const deal = find(
    'buyable in sub-category 14',
    (d) => d.subCategoryId === 14 && !d.highFraudRisk && buyableOption(d) !== null,
  );
  const option = buyableOption(deal);
  if (!option) throw new Error('fraud-prone deal lost its option');
  return option;
})();

/**
 * A gift claim deal (spec 3 giftClaim), otherwise plainly buyable, that Express Buy refuses (spec 8
 * "Requested deal cannot be purchased via Express Buy.") and the standard checkout takes.
 */
export const giftClaimDeal = (() => {
  const deal = find('a buyable gift claim deal', (d) => {
    const [first] = guestProducts(d);
    return (
      isOnSale(d) &&
      d.giftClaim === true &&
      !d.pricePerPerson &&
      !d.isTravel &&
      !d.highFraudRisk &&
      !RULED_SUB_CATEGORIES.includes(d.subCategoryId ?? 0) &&
      first !== undefined &&
      (first.minPeople ?? 1) <= 1 &&
      !first.hasDeposit &&
      first.priceMinor + (first.postagePriceMinor ?? 0) < 150_000
    );
  });
  const [first] = guestProducts(deal);
  if (!first) throw new Error('gift claim deal lost its option');
  return { dealId: deal.id, productId: first.id };
})();

/** One line of a basket to create through `POST /api/v1/basket`. */
export interface KindLine {
  dealId: number;
  dealProductId: number;
  quantity: number;
  payDeposit?: boolean;
}

/**
 * One basket of each deal kind (per person, deposit, several options, travel nights), to buy through
 * the pages and see basket, checkout and order agree to the penny. The last deal that fits is taken, so
 * no other spec shares its stock; plain sub-categories only, and under 1,500 pounds (the sandbox
 * declines from 2,000).
 */
export const dealKinds = (() => {
  const fits = (d: DealRow) =>
    isOnSale(d) &&
    !d.highFraudRisk &&
    !RULED_SUB_CATEGORIES.includes(d.subCategoryId ?? 0) &&
    (d.currency ?? 'GBP') === 'GBP';
  const allows = (d: DealRow, p: ProductRow, quantity: number) => {
    const cap = capOf(d, p);
    return cap === null || cap >= quantity + 2;
  };
  const line = (d: DealRow, p: ProductRow, extra: Partial<KindLine> = {}): KindLine => ({
    dealId: d.id,
    dealProductId: p.id,
    quantity: Math.max(d.pricePerPerson ? 2 : 1, p.minPeople ?? 1),
    ...extra,
  });
  const cost = (p: ProductRow, q: number, deposit = false) =>
    ((deposit ? (p.depositPriceMinor ?? 0) : p.priceMinor) + (p.postagePriceMinor ?? 0)) * q;
  const last = (what: string, test: (d: DealRow) => KindLine[] | null) => {
    for (const d of [...catalogue.deals].reverse()) {
      const lines = fits(d) ? test(d) : null;
      if (lines !== null) return { kind: what, lines };
    }
    throw new Error(`No seeded deal is ${what}`);
  };
  return [
    last('per person', (d) => {
      const [p] = guestProducts(d);
      if (!d.pricePerPerson || p === undefined) return null;
      const l = line(d, p);
      return allows(d, p, l.quantity) && cost(p, l.quantity) < 150_000 ? [l] : null;
    }),
    last('deposit', (d) => {
      const p = guestProducts(d).find((o) => o.hasDeposit && (o.depositPriceMinor ?? 0) > 0);
      if (p === undefined) return null;
      const l = line(d, p, { payDeposit: true });
      return allows(d, p, l.quantity) && cost(p, l.quantity, true) < 150_000 ? [l] : null;
    }),
    last('several options', (d) => {
      const [a, b] = guestProducts(d);
      if (a === undefined || b === undefined || d.isTravel || d.pricePerPerson) return null;
      const lines = [line(d, a), line(d, b)];
      const ok = allows(d, a, 1) && allows(d, b, 1) && cost(a, 1) + cost(b, 1) < 150_000;
      return ok ? lines : null;
    }),
    last('travel nights', (d) => {
      const [p] = guestProducts(d);
      if (!d.isTravel || p === undefined || !p.numberOfNights) return null;
      const l = line(d, p);
      return allows(d, p, l.quantity) && cost(p, l.quantity) < 150_000 ? [l] : null;
    }),
  ];
})();

/** A merchant other than the buyable deal's (for "another merchant cannot see or redeem it"). */
export const otherMerchantId = (() => {
  const merchant = catalogue.merchants.find((m) => m.id !== buyableDeal.merchantId);
  if (!merchant?.id) throw new Error('a second merchant expected');
  return merchant.id;
})();

/**
 * A deal shown with an evidenced saving ("N% off", decision 024) that heads its town's listing sorted by
 * discount (so its card is on page 1), with its town's short name and its merchant.
 */
export const evidencedSavingDeal = (() => {
  const towns = new Map(buildReferenceRows().locations.map((l) => [l.id, l]));
  const live = catalogue.deals.filter((d) => d.status === 'live' && d.closingDate.getTime() > Date.now());
  const byLocation = new Map<number, DealRow[]>();
  for (const deal of live) byLocation.set(deal.locationId, [...(byLocation.get(deal.locationId) ?? []), deal]);
  const candidates = [...byLocation.entries()].sort((a, b) => b[0] - a[0]);
  for (const [locationId, deals] of candidates) {
    const town = towns.get(locationId);
    if (town?.kind !== 'local') continue;
    const [top] = [...deals].sort(
      (a, b) => (b.maxDiscountPercentage ?? 0) - (a.maxDiscountPercentage ?? 0) || b.id - a.id,
    );
    if (
      top &&
      top.priceDisplayMode === 'show-discount' &&
      (top.maxDiscountPercentage ?? 0) > 0 &&
      isLive(top) &&
      isOnSale(top) &&
      !top.pricePerPerson &&
      guestProducts(top).length === (productsOf.get(top.id) ?? []).length
    ) {
      return { id: top.id, merchantId: top.merchantId, town: town.shortName, discount: top.maxDiscountPercentage ?? 0 };
    }
  }
  throw new Error('No seeded deal heads its town by discount with a saving shown');
})();

/**
 * A deal with a VIP offer (spec 6): an open option with a VIP price and a VIP-exclusive option,
 * both buyable by one member (no cap of 0, one person, no deposit, postage-free), not fraud-prone.
 */
export const vipOfferDeal = (() => {
  const plainOption = (d: DealRow, p: ProductRow) =>
    (p.minPeople ?? 1) <= 1 && !p.hasDeposit && (p.postagePriceMinor ?? 0) === 0 && capOf(d, p) !== 0;
  const deal = find('with a VIP price and a VIP-exclusive option', (d) => {
    const options = productsOf.get(d.id) ?? [];
    const open = options.find((p) => !p.vipExclusive && p.vipPriceMinor != null);
    const exclusive = options.find((p) => p.vipExclusive);
    return (
      isLive(d) &&
      !d.pricePerPerson &&
      !d.isTravel &&
      !d.highFraudRisk &&
      !RULED_SUB_CATEGORIES.includes(d.subCategoryId ?? 0) &&
      d.maxPerUser == null &&
      open !== undefined &&
      exclusive !== undefined &&
      plainOption(d, open) &&
      plainOption(d, exclusive)
    );
  });
  const options = productsOf.get(deal.id) ?? [];
  const open = options.find((p) => !p.vipExclusive && p.vipPriceMinor != null);
  const exclusive = options.find((p) => p.vipExclusive);
  if (!open || !exclusive || open.vipPriceMinor == null) throw new Error('the VIP deal lost its options');
  return {
    dealId: deal.id,
    open: { dealId: deal.id, productId: open.id, priceMinor: open.priceMinor, vipPriceMinor: open.vipPriceMinor },
    exclusive: { dealId: deal.id, productId: exclusive.id, priceMinor: exclusive.priceMinor },
  };
})();

/**
 * A hotel deal sold by check-in date (decision 029), on sale to a guest, not per person, whose first
 * option is a 2-night stay with at least two check-in days bookable (every night with a room), and
 * the first such day. The last deal that fits is taken, so no other spec shares its rooms.
 */
export const hotelStayDeal = (() => {
  const nightsOf = new Map<number, { night: string; rooms: number }[]>();
  for (const n of catalogue.dealProductNights) {
    nightsOf.set(n.productId, [...(nightsOf.get(n.productId) ?? []), { night: n.night, rooms: n.roomsRemaining }]);
  }
  const bookable = (productId: number) => {
    const rooms = new Map((nightsOf.get(productId) ?? []).map((n) => [n.night, n.rooms]));
    return [...rooms.keys()].sort().filter((day) => {
      const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      return (rooms.get(day) ?? 0) > 0 && (rooms.get(next) ?? 0) > 0;
    });
  };
  const fits = (d: DealRow) => {
    const [first] = guestProducts(d);
    return (
      isOnSale(d) &&
      d.isTravel === true &&
      !d.pricePerPerson &&
      d.priceDisplayMode !== 'hidden' &&
      !RULED_SUB_CATEGORIES.includes(d.subCategoryId ?? 0) &&
      first !== undefined &&
      first.numberOfNights === 2 &&
      !first.hasDeposit &&
      capOf(d, first) !== 0 &&
      first.priceMinor + (first.postagePriceMinor ?? 0) < 150_000 &&
      bookable(first.id).length >= 2
    );
  };
  const deal = [...catalogue.deals].reverse().find(fits);
  if (!deal) throw new Error('No seeded hotel deal sold by date');
  const [first] = guestProducts(deal);
  if (!first) throw new Error('hotel deal lost its option');
  const days = bookable(first.id);
  return { id: deal.id, product: first, checkIn: days[0] ?? '', secondCheckIn: days[1] ?? '' };
})();

/**
 * A deal whose date is booked after purchase (spec 4 calendar booking, spec 3 bookingCalendarOnRedemption),
 * plainly buyable by a guest, with its merchant. The last that fits, so no other spec shares it.
 */
export const bookOnRedemptionDeal = (() => {
  const deal = [...catalogue.deals].reverse().find((d) => {
    const [first] = guestProducts(d);
    return (
      isOnSale(d) &&
      d.bookingCalendarOnRedemption === true &&
      !d.pricePerPerson &&
      !d.highFraudRisk &&
      !RULED_SUB_CATEGORIES.includes(d.subCategoryId ?? 0) &&
      first !== undefined &&
      !first.flights &&
      !first.hasDeposit &&
      capOf(d, first) !== 0 &&
      first.priceMinor + (first.postagePriceMinor ?? 0) < 150_000
    );
  });
  if (!deal) throw new Error('No seeded deal booked on redemption');
  const [first] = guestProducts(deal);
  if (!first) throw new Error('booked-on-redemption deal lost its option');
  return { id: deal.id, merchantId: deal.merchantId, product: first };
})();

/** A deal like buyableDeal whose voucher comes by email (not a product by post), so it is refunded, not returned. */
export const eVoucherDeal = (() => {
  const deal = find(
    'buyable e-voucher',
    (d) => buyableWithoutLimits(d) && d.deliveryType === 'e-voucher' && !d.bookingCalendarOnRedemption,
  );
  const [first] = guestProducts(deal);
  if (!first) throw new Error('e-voucher deal lost its option');
  return { id: deal.id, productId: first.id, headline: deal.headline };
})();

/** A buyable deal whose first option can be sent as an e-gift or in a gift pack. */
export const giftPackDeal = (() => {
  const deal = find('giftable with gift packs', (d) => {
    const options = guestProducts(d)[0]?.deliveryOptions ?? [];
    return buyableWithoutLimits(d) && options.includes('e-gift') && options.includes('std-gpk');
  });
  const [first] = guestProducts(deal);
  if (!first) throw new Error('gift pack deal lost its option');
  return { dealId: deal.id, productId: first.id, headline: deal.headline };
})();

/** A buyable product sent by post (decision 026: a return goes back to its merchant before the refund). */
export const postalDeal = (() => {
  const deal = find(
    'buyable product by post',
    (d) => buyableWithoutLimits(d) && d.deliveryType === 'postal' && !d.highFraudRisk,
  );
  const [first] = guestProducts(deal);
  if (!first) throw new Error('postal deal lost its option');
  return { id: deal.id, merchantId: deal.merchantId, productId: first.id };
})();

/**
 * A deal whose rating shows (decision 046: at least REVIEW_MIN_COUNT published reviews by verified
 * customers, averaging 3.5 or more; spec 9), bought by e-voucher with nothing limiting its first option:
 * a 5-star review published for it shows on its page.
 */
export const verifiedReviewDeal = (() => {
  const deal = find(
    'rated, by e-voucher, buyable without limits',
    (d) =>
      buyableWithoutLimits(d) &&
      d.deliveryType === 'e-voucher' &&
      !d.bookingCalendarOnRedemption &&
      !d.giftClaim &&
      showsRating(d.reviewAverage ?? null, d.reviewCount ?? 0),
  );
  const [first] = guestProducts(deal);
  if (!first) throw new Error('reviewed deal lost its option');
  return { id: deal.id, merchantId: deal.merchantId, productId: first.id, headline: deal.headline };
})();

/** The deals the seed gives the demo videos (decision 056), chosen as the seed chooses them. */
export const videoDeals = chooseVideoDeals(
  catalogue.deals,
  catalogue.dealImages.filter((image) => image.position === 0),
  new Date(),
);

/**
 * A deal whose option chooser waits for the shopper's first touch (decision 071: on sale, not travel,
 * not per person), with a second option a guest can buy 3 of (spec 5 caps), to choose before React.
 */
export const secondOptionDeal = (() => {
  const deal = find('with a second option for 3', (d) => {
    const [first, second] = guestProducts(d);
    const cap = second ? capOf(d, second) : 0;
    return (
      isOnSale(d) &&
      !d.isTravel &&
      !d.pricePerPerson &&
      first !== undefined &&
      second !== undefined &&
      (second.minPeople ?? 1) <= 1 &&
      (cap === null || cap >= 3)
    );
  });
  const [, second] = guestProducts(deal);
  if (!second) throw new Error('the second-option deal lost its option');
  return { id: deal.id, second };
})();
