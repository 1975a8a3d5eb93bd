/**
 * Builds a deal's products (spec 3 Deal product) and their stock rows from the options of
 * its package: prices, was-prices, travel dates, deposits, caps, VIP and hidden options.
 */
import type { OptionTemplate, PackageTemplate, Segment } from './copy-types';
import { discountPercentage, MAX_DISCOUNT_PERCENT, originalPriceFor, retailPrice } from './pricing';
import type { Random } from './random';
import type { DealProductInsert, DealProductStockInsert, DealType, DeliveryOption } from './rows';

export type StockState = 'sold-out' | 'nearly-sold-out' | 'in-stock';

/** Everything about a deal that its products inherit. */
export interface ProductPlan {
  dealId: number;
  firstProductId: number;
  segment: Segment;
  pkg: PackageTemplate;
  /** The filled-in package title, used for friendly names. */
  packageTitle: string;
  dealType: DealType;
  basePriceMinor: number;
  discountRange: readonly [number, number];
  multiProduct: boolean;
  stockState: StockState;
  hasDeposit: boolean;
  hasDailyLimit: boolean;
  hasVipOption: boolean;
  /** Shows a discount badge; false when the deal hides prices or shows the price alone. */
  displayDiscount: boolean;
  delivery: {
    options: DeliveryOption[];
    isGiftable: boolean;
    giftPackAvailable: boolean;
    giftWrapAvailable: boolean;
    postagePriceMinor: number;
    /** A posted product of a deal whose id is a multiple of 3 also offers next day (docs/decisions/051). */
    nextDayOffered: boolean;
  };
  boughtCount: number;
  now: Date;
}

export interface BuiltProducts {
  products: DealProductInsert[];
  stock: DealProductStockInsert[];
}

/** UK departure airports and how much dearer than the cheapest each tends to be. */
const AIRPORTS: ReadonlyArray<readonly [string, number]> = [
  ['London Gatwick', 0],
  ['London Heathrow', 0.06],
  ['London Stansted', 0],
  ['London Luton', 0.01],
  ['Manchester', 0.02],
  ['Birmingham', 0.03],
  ['Bristol', 0.04],
  ['Edinburgh', 0.05],
  ['Glasgow', 0.05],
  ['Newcastle', 0.06],
  ['East Midlands', 0.03],
  ['Leeds Bradford', 0.04],
  ['Belfast International', 0.07],
];

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a moment, in UTC (the date columns hold plain dates). */
export function isoDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

interface ChosenOption {
  title: string;
  factor: number;
  nights: number | null;
}

function chooseOptions(rng: Random, plan: ProductPlan): ChosenOption[] {
  const options = [...plan.pkg.options].sort((a, b) => a[1] - b[1]);
  const toChosen = ([title, factor, nights]: OptionTemplate): ChosenOption => ({
    title,
    factor,
    nights: nights ?? null,
  });
  if (plan.dealType === 'choose-your-flight') {
    // One holiday, several departure airports: each airport is its own product.
    const option = toChosen(rng.pick(options));
    const airports = rng.sample(AIRPORTS, rng.int(2, 5)).sort((a, b) => a[1] - b[1]);
    return airports.map(([airport, premium]) => ({
      ...option,
      title: `${option.title} from ${airport}`,
      factor: option.factor * (1 + premium),
    }));
  }
  if (plan.multiProduct && options.length >= 2) {
    const count = rng.int(2, Math.min(5, options.length));
    const picked = rng
      .sample(
        options.map((_, index) => index),
        count,
      )
      .sort((a, b) => a - b);
    return picked.map((index) => toChosen(options[index] as OptionTemplate));
  }
  const nearest = options.reduce((best, option) => (Math.abs(option[1] - 1) < Math.abs(best[1] - 1) ? option : best));
  return [toChosen(nearest)];
}

function productTitle(option: ChosenOption, plan: ProductPlan): string {
  // spec 5: a per-person price always covers at least 2 people, so the title says so.
  return plan.pkg.perPerson ? `${option.title}, price per person (based on 2 sharing)` : option.title;
}

function stockRow(rng: Random, plan: ProductPlan, productId: number, share: number): DealProductStockInsert {
  let quantityRemaining: number | null;
  if (plan.stockState === 'sold-out') quantityRemaining = 0;
  else if (plan.stockState === 'nearly-sold-out') quantityRemaining = rng.int(1, 5);
  else quantityRemaining = rng.chance(0.35) ? null : rng.int(20, 2000);
  const dailyLimit = plan.hasDailyLimit ? rng.pick([10, 20, 25, 50, 100]) : null;
  return {
    productId,
    quantityRemaining,
    dailyLimit,
    remainingForDay: dailyLimit === null ? null : rng.int(Math.min(1, dailyLimit), dailyLimit),
    stockDay: dailyLimit === null ? null : isoDate(plan.now),
    soldCount: Math.round(plan.boughtCount * share),
    updatedAt: plan.now,
  };
}

/** The deal's products, cheapest first, plus one stock row each. */
export function buildProducts(rng: Random, plan: ProductPlan): BuiltProducts {
  const chosen = chooseOptions(rng, plan);
  const [minDiscount, rangeMax] = plan.discountRange;
  // Leave room for the VIP option's extra 10% within spec 1's "up to 80%".
  const maxDiscount = plan.hasVipOption ? Math.max(minDiscount, Math.min(rangeMax, 72)) : rangeMax;
  const baseDiscount = rng.int(minDiscount, maxDiscount);
  const depositMinor = rng.int(25, 99) * 100;
  const isTravel = plan.segment !== 'local' && plan.segment !== 'shop';
  // Options at the same factor (colours, sizes) cost the same.
  const pricesByFactor = new Map<number, { priceMinor: number; originalPriceMinor: number }>();
  const pricesFor = (factor: number) => {
    const known = pricesByFactor.get(factor);
    if (known) return known;
    const priceMinor = retailPrice(rng, plan.basePriceMinor * factor);
    const wanted = Math.min(maxDiscount, Math.max(minDiscount, baseDiscount + rng.int(-4, 4)));
    const prices = { priceMinor, originalPriceMinor: originalPriceFor(priceMinor, wanted) };
    pricesByFactor.set(factor, prices);
    return prices;
  };
  const products: DealProductInsert[] = chosen.map((option, index) => {
    const { priceMinor, originalPriceMinor } = pricesFor(option.factor);
    const nights = isTravel ? (option.nights ?? 2) : null;
    const checkIn = nights === null ? null : new Date(plan.now.getTime() + rng.int(14, 240) * DAY_MS);
    // The cheapest option is always on sale, so every deal has a price to show.
    const visibility = index > 0 && rng.chance(0.03) ? 'hidden' : 'visible';
    return {
      id: plan.firstProductId + index,
      dealId: plan.dealId,
      title: productTitle(option, plan),
      friendlyName: `${plan.packageTitle} (${option.title})`,
      priceMinor,
      originalPriceMinor,
      postagePriceMinor: plan.delivery.postagePriceMinor,
      nextDayPostageMinor:
        plan.delivery.nextDayOffered && plan.dealId % 3 === 0 ? plan.delivery.postagePriceMinor + 400 : null,
      discountPercentage: discountPercentage(priceMinor, originalPriceMinor),
      displayDiscount: plan.displayDiscount,
      purchaseCap: rng.chance(0.2) ? rng.int(1, 10) : null,
      minPeople: plan.pkg.perPerson ? 2 : 1,
      numberOfNights: nights,
      checkInDate: checkIn ? isoDate(checkIn) : null,
      checkOutDate: checkIn && nights !== null ? isoDate(new Date(checkIn.getTime() + nights * DAY_MS)) : null,
      flights: plan.pkg.flights ?? false,
      hasDeposit: plan.hasDeposit,
      depositPriceMinor: plan.hasDeposit
        ? Math.max(100, Math.min(depositMinor, Math.floor(priceMinor / 200) * 100))
        : null,
      visibility,
      vipExclusive: false,
      // docs/decisions/027: a deal with a VIP option also gives VIP members 5% off its other options.
      vipPriceMinor: plan.hasVipOption ? vipPriceOf(priceMinor, originalPriceMinor) : null,
      disabled: index > 0 && visibility === 'visible' && rng.chance(0.01),
      deliveryOptions: [...plan.delivery.options],
      isGiftable: plan.delivery.isGiftable,
      giftPackAvailable: plan.delivery.giftPackAvailable,
      giftWrapAvailable: plan.delivery.giftWrapAvailable,
      addonType:
        plan.segment === 'shop'
          ? null
          : rng.weighted([
              [null, 88],
              ['VVE', 10],
              ['DVP', 2],
            ] as const),
      sortOrder: index,
    };
  });

  const cheapest = products[0];
  // A VIP-only copy of the cheapest option at about 10% less (spec 1: VIP gives extra discounts),
  // never beyond the 80% ceiling.
  const vipFloor = cheapest ? Math.ceil(cheapest.originalPriceMinor * (1 - MAX_DISCOUNT_PERCENT / 100)) : 0;
  const vipPrice = cheapest
    ? Math.max(vipFloor, Math.min(cheapest.priceMinor - 1, retailPrice(rng, cheapest.priceMinor * 0.9)))
    : 0;
  if (plan.hasVipOption && cheapest && vipPrice < cheapest.priceMinor) {
    products.push({
      ...cheapest,
      id: plan.firstProductId + products.length,
      title: `VIP exclusive: ${cheapest.title}`,
      friendlyName: `${cheapest.friendlyName} \u2013 VIP`,
      priceMinor: vipPrice,
      discountPercentage: discountPercentage(vipPrice, cheapest.originalPriceMinor),
      vipExclusive: true,
      vipPriceMinor: null,
      visibility: 'visible',
      disabled: false,
      sortOrder: products.length,
    });
  }

  const stock = products.map((product) => stockRow(rng, plan, product.id, 1 / products.length));
  return { products, stock };
}

/** docs/decisions/027: 5% off for VIP members, never beyond the 80% ceiling; null when that saves nothing. */
function vipPriceOf(priceMinor: number, originalPriceMinor: number): number | null {
  const floor = Math.ceil(originalPriceMinor * (1 - MAX_DISCOUNT_PERCENT / 100));
  const vip = Math.max(floor, Math.round(priceMinor * 0.95));
  return vip < priceMinor ? vip : null;
}
