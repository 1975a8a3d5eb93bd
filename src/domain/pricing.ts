/**
 * The one pricing pipeline: basket lines in, a price breakdown out. The basket view,
 * the checkout data and the order all call `priceLines`, so what a shopper is shown is what they
 * are charged, to the penny. Pure: the callers read the catalogue and the wallet.
 *
 *   1. line prices: each option's price times its quantity (spec 3 price; per person, the quantity
 *      counts people: spec 5);
 *   2. adjustments, in ADJUSTMENT_ORDER: each rule adds what it changes, per line or for the order;
 *   3. the total, and what is paid by which means (wallet, then cash or card).
 *
 * Money is whole minor units (pence) throughout, so nothing is rounded (spec 9: 2 decimals).
 * A promotion code is one price adjustment per eligible line, after the deposit and
 * before postage and the wallet (stacking: docs/decisions/021). Rules that do not exist yet (VIP
 * price, gift wrap and packs, loyalty) have their place in the order and plug in as another
 * `PricingRule`.
 */

import { splitPayment } from './checkout';
import { chosenMethod, postageFor } from './delivery';
import { isShownPriceHeld } from './dynamic-price';
import { GIFT_WRAP_PRICE_MINOR, giftPackPriceMinor } from './gifting';
import { type PricingPromotion, promotionDiscounts } from './promotions';

export type Currency = 'GBP' | 'EUR';

/** Every kind of adjustment, in the order they apply. */
export const ADJUSTMENT_ORDER = [
  'vipPrice',
  'dynamicPrice',
  'deposit',
  'promotionCode',
  'promotionalCredit',
  'giftWrap',
  'giftPack',
  'postage',
  'wallet',
  'loyalty',
] as const;

export type AdjustmentKind = (typeof ADJUSTMENT_ORDER)[number];

/**
 * One change to what is owed. `price` adjustments change the total (a deposit lowers what is paid
 * now, postage adds to it); `payment` adjustments leave the total and move part of it to another
 * means (the wallet pays some, the card the rest).
 */
export interface Adjustment {
  kind: AdjustmentKind;
  effect: 'price' | 'payment';
  /** The line it belongs to, or null for the whole order. */
  lineId: number | null;
  /** Signed pence: a price adjustment is added to the total; a payment one is paid by its means. */
  amountMinor: number;
}

/** One basket line as pricing needs it: plain values read from the catalogue now. */
export interface PricingLine {
  id: number;
  currency: Currency;
  quantity: number;
  /** The option's price per unit (per person for per-person deals). */
  unitPriceMinor: number;
  /** Postage per unit (per voucher). */
  postagePerUnitMinor: number;
  pricePerPerson: boolean;
  /** spec 3 deposit fields: the shopper asked to pay a deposit, on an option that takes one at this price. */
  deposit: { payDeposit: boolean; hasDeposit: boolean; depositPriceMinor: number | null };
  /** Only lines on sale for this shopper count towards the total; the others are shown, unpriced. */
  isOnSale: boolean;
  /** The option's VIP price per unit when this shopper is VIP (eligibleForVip), else null or absent (decision 027). */
  vipUnitPriceMinor?: number | null;
  /**
   * spec 4 dynamic price variant (decision 058): the lower unit price shown to this shopper, still
   * held, else null or absent. The line is never charged more than it.
   */
  shownUnitPriceMinor?: number | null;
  /** How many vouchers are gift-wrapped and how many go in which gift pack (absent: none; decision 028). */
  gifting?: { wrapQuantity: number; pack: 'ndd-gpk' | 'std-gpk' | null; packQuantity: number };
}

/** One line of the breakdown. */
export interface PricedLineBreakdown {
  id: number;
  quantity: number;
  /** Whether the line counts towards the total (it is on sale). */
  counts: boolean;
  /** The option's price per unit before any adjustment. */
  listUnitMinor: number;
  /** Line price before adjustments: list price times quantity. */
  listPriceMinor: number;
  /** What one unit costs now after the line's price adjustments before postage (the deposit, when paid). */
  unitPriceMinor: number;
  /** The line's price after those adjustments: unit price times quantity. */
  priceMinor: number;
  /** The line's postage: per unit times quantity. */
  postageMinor: number;
  /** Price plus postage. */
  totalMinor: number;
  /** True when the shopper pays the deposit now and the rest later. */
  paysDeposit: boolean;
  /** The line's gift wrap and gift pack (in totalMinor, not in priceMinor). */
  giftWrapMinor: number;
  giftPackMinor: number;
}

export interface PriceBreakdown {
  currency: Currency;
  lines: PricedLineBreakdown[];
  /** Every adjustment, in ADJUSTMENT_ORDER (then line order). */
  adjustments: Adjustment[];
  /** The counted lines' prices after their adjustments, before postage. */
  subtotalMinor: number;
  postageMinor: number;
  /** Gift wrap and gift packs. */
  giftingMinor: number;
  /** What the order costs. */
  totalMinor: number;
  /** spec 3 payment data: walletUsed + cashAmount = totalOrderAmount. */
  paidBy: { walletMinor: number; cashMinor: number };
  /** The promotion code applied and what it took off (positive pence), or null. */
  promotion: { promoCodeId: number; code: string; discountMinor: number } | null;
}

/** The shopper's wallet for this order: whether they turned it on, and the balance per currency. */
export interface PricingWallet {
  use: boolean;
  balances: readonly { currency: string; balanceMinor: number }[];
}

export interface PricingInput {
  lines: readonly PricingLine[];
  /** Absent or off: the card pays everything. */
  wallet?: PricingWallet | null;
  /** A promotion code that applies (domain/promotions decided which lines); absent: none. */
  promotion?: PricingPromotion | null;
}

/** What a rule sees: the input, the lines priced so far and the total so far (price adjustments applied). */
export interface PricingState {
  input: PricingInput;
  currency: Currency;
  counted: readonly PricingLine[];
  totalMinor: number;
  /** The adjustments made by the rules before this one. */
  adjustments: readonly Adjustment[];
}

/** A rule adds adjustments of its kind; the pipeline runs the rules in ADJUSTMENT_ORDER. */
export interface PricingRule {
  kind: AdjustmentKind;
  effect: Adjustment['effect'];
  apply(state: PricingState): { lineId: number | null; amountMinor: number }[];
}

/** The deposit price per unit when this line pays one, else null. */
function depositUnit(line: PricingLine): number | null {
  const { payDeposit, hasDeposit, depositPriceMinor } = line.deposit;
  return payDeposit && hasDeposit && depositPriceMinor !== null ? depositPriceMinor : null;
}

/** spec 3 payDeposit: the shopper pays the deposit now and the rest later, so the line costs less now. */
export const depositRule: PricingRule = {
  kind: 'deposit',
  effect: 'price',
  apply: ({ counted }) =>
    counted.flatMap((line) => {
      const deposit = depositUnit(line);
      if (deposit === null) return [];
      return [{ lineId: line.id, amountMinor: (deposit - line.unitPriceMinor) * line.quantity }];
    }),
};

/** What a counted line costs before postage after the adjustments made so far (its deposit). */
export function linePriceSoFar(line: PricingLine, adjustments: readonly Adjustment[]): number {
  return adjustments
    .filter((a) => a.effect === 'price' && a.lineId === line.id && a.kind !== 'postage')
    .reduce((sum, a) => sum + a.amountMinor, line.unitPriceMinor * line.quantity);
}

/**
 * A promotion code takes its discount off each eligible line's price (after a deposit:
 * the code discounts what is paid now), never postage; the wallet then pays from the lower total.
 */
export const promotionCodeRule: PricingRule = {
  kind: 'promotionCode',
  effect: 'price',
  apply: ({ input, counted, adjustments }) => {
    const promotion = input.promotion;
    if (!promotion) return [];
    const eligible = counted
      .filter((line) => promotion.lineIds.includes(line.id))
      .map((line) => ({ id: line.id, quantity: line.quantity, priceMinor: linePriceSoFar(line, adjustments) }));
    return promotionDiscounts(promotion, eligible).map((d) => ({ lineId: d.lineId, amountMinor: -d.discountMinor }));
  },
};

/**
 * spec 1, 6: a VIP member pays the option's VIP price. A line paying a deposit keeps
 * its deposit (the deposit is fixed), so the VIP price applies to lines paid in full.
 */
export const vipPriceRule: PricingRule = {
  kind: 'vipPrice',
  effect: 'price',
  apply: ({ counted }) =>
    counted.flatMap((line) => {
      const vip = line.vipUnitPriceMinor ?? null;
      if (vip === null || vip >= line.unitPriceMinor || depositUnit(line) !== null) return [];
      return [{ lineId: line.id, amountMinor: (vip - line.unitPriceMinor) * line.quantity }];
    }),
};

/**
 * spec 4 dynamic price variant (decision 058): a line is never charged more than the unit price shown
 * to the shopper, so it costs the lower of that and its price so far (after a VIP price). A line
 * paying a deposit keeps its fixed deposit (such options are not offered a variant price).
 */
export const dynamicPriceRule: PricingRule = {
  kind: 'dynamicPrice',
  effect: 'price',
  apply: ({ counted, adjustments }) =>
    counted.flatMap((line) => {
      const shown = line.shownUnitPriceMinor ?? null;
      if (shown === null || depositUnit(line) !== null || line.quantity === 0) return [];
      const soFar = linePriceSoFar(line, adjustments);
      const atShown = shown * line.quantity;
      return atShown < soFar ? [{ lineId: line.id, amountMinor: atShown - soFar }] : [];
    }),
};

/** Postage is charged per voucher: per unit times quantity. */
export const postageRule: PricingRule = {
  kind: 'postage',
  effect: 'price',
  apply: ({ counted }) =>
    counted
      .filter((line) => line.postagePerUnitMinor !== 0)
      .map((line) => ({ lineId: line.id, amountMinor: line.postagePerUnitMinor * line.quantity })),
};

/** Gift wrap, per wrapped voucher (spec 4 gifting; after codes: a code never discounts the wrap; decision 028). */
export const giftWrapRule: PricingRule = {
  kind: 'giftWrap',
  effect: 'price',
  apply: ({ counted }) =>
    counted
      .filter((line) => (line.gifting?.wrapQuantity ?? 0) > 0)
      .map((line) => ({ lineId: line.id, amountMinor: (line.gifting?.wrapQuantity ?? 0) * GIFT_WRAP_PRICE_MINOR })),
};

/** A next-day or standard gift pack, priced by spec 9's pack price steps. */
export const giftPackRule: PricingRule = {
  kind: 'giftPack',
  effect: 'price',
  apply: ({ counted }) =>
    counted.flatMap((line) => {
      const pack = line.gifting?.pack;
      const amountMinor = pack ? giftPackPriceMinor(pack, line.gifting?.packQuantity ?? 0) : 0;
      return amountMinor > 0 ? [{ lineId: line.id, amountMinor }] : [];
    }),
};

/** The wallet, when turned on, pays as much of the order as its balance in the order's currency covers. */
export const walletRule: PricingRule = {
  kind: 'wallet',
  effect: 'payment',
  apply: ({ input, currency, totalMinor }) => {
    const wallet = input.wallet;
    if (!wallet?.use) return [];
    const balance = wallet.balances.find((b) => b.currency === currency)?.balanceMinor ?? 0;
    const used = splitPayment(totalMinor, balance, true).walletUsedMinor;
    return used > 0 ? [{ lineId: null, amountMinor: used }] : [];
  },
};

/** The rules that exist today; later features add theirs here (their kinds are already ordered). */
export const PRICING_RULES: readonly PricingRule[] = [
  vipPriceRule,
  dynamicPriceRule,
  depositRule,
  promotionCodeRule,
  giftWrapRule,
  giftPackRule,
  postageRule,
  walletRule,
];

function wholeMinor(amount: number, what: string): number {
  if (!Number.isInteger(amount)) throw new RangeError(`${what} must be whole minor units, got ${amount}`);
  return amount;
}

/**
 * The price breakdown of these lines. Lines not on sale are listed but not counted. All counted
 * lines must share one currency (the order's); the currency of an empty basket is GBP.
 */
export function priceLines(input: PricingInput, rules: readonly PricingRule[] = PRICING_RULES): PriceBreakdown {
  for (const line of input.lines) {
    wholeMinor(line.unitPriceMinor, 'A price');
    wholeMinor(line.postagePerUnitMinor, 'Postage');
    wholeMinor(line.quantity, 'A quantity');
  }
  const counted = input.lines.filter((line) => line.isOnSale);
  const currency = counted[0]?.currency ?? input.lines[0]?.currency ?? 'GBP';
  for (const line of counted) {
    if (line.currency !== currency) throw new RangeError(`Cannot add ${line.currency} to ${currency}`);
  }

  const ordered = [...rules].sort((a, b) => ADJUSTMENT_ORDER.indexOf(a.kind) - ADJUSTMENT_ORDER.indexOf(b.kind));
  const adjustments: Adjustment[] = [];
  let totalMinor = counted.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
  for (const rule of ordered) {
    const made = rule.apply({ input, currency, counted, totalMinor, adjustments });
    for (const { lineId, amountMinor } of made) {
      adjustments.push({
        kind: rule.kind,
        effect: rule.effect,
        lineId,
        amountMinor: wholeMinor(amountMinor, rule.kind),
      });
      if (rule.effect === 'price') totalMinor += amountMinor;
    }
  }

  const lineAdjustments = (lineId: number, kinds: (kind: AdjustmentKind) => boolean) =>
    adjustments
      .filter((a) => a.effect === 'price' && a.lineId === lineId && kinds(a.kind))
      .reduce((sum, a) => sum + a.amountMinor, 0);
  const isPostage = (kind: AdjustmentKind) => kind === 'postage';
  const isGifting = (kind: AdjustmentKind) => kind === 'giftWrap' || kind === 'giftPack';
  const lines = input.lines.map((line): PricedLineBreakdown => {
    const listPriceMinor = line.unitPriceMinor * line.quantity;
    // A line not on sale is still shown at what it would cost (its deposit and postage included).
    const deposit = depositUnit(line);
    const priceMinor = line.isOnSale
      ? listPriceMinor + lineAdjustments(line.id, (kind) => !isPostage(kind) && !isGifting(kind))
      : (deposit ?? line.unitPriceMinor) * line.quantity;
    const postageMinor = line.isOnSale ? lineAdjustments(line.id, isPostage) : line.postagePerUnitMinor * line.quantity;
    const giftWrapMinor = line.isOnSale ? lineAdjustments(line.id, (kind) => kind === 'giftWrap') : 0;
    const giftPackMinor = line.isOnSale ? lineAdjustments(line.id, (kind) => kind === 'giftPack') : 0;
    return {
      id: line.id,
      quantity: line.quantity,
      counts: line.isOnSale,
      listUnitMinor: line.unitPriceMinor,
      listPriceMinor,
      // A fixed code shared across lines may leave a line's total not a multiple of its quantity:
      // the unit price is then rounded to the penny, and the line total stays exact.
      unitPriceMinor: line.quantity === 0 ? line.unitPriceMinor : Math.round(priceMinor / line.quantity),
      priceMinor,
      postageMinor,
      totalMinor: priceMinor + postageMinor + giftWrapMinor + giftPackMinor,
      paysDeposit: deposit !== null,
      giftWrapMinor,
      giftPackMinor,
    };
  });

  const counts = new Set(counted.map((line) => line.id));
  const postageMinor = adjustments
    .filter((a) => a.effect === 'price' && a.kind === 'postage')
    .reduce((sum, a) => sum + a.amountMinor, 0);
  const walletMinor = adjustments
    .filter((a) => a.effect === 'payment' && a.kind === 'wallet')
    .reduce((sum, a) => sum + a.amountMinor, 0);
  return {
    currency,
    lines,
    adjustments,
    subtotalMinor: lines.filter((line) => counts.has(line.id)).reduce((sum, line) => sum + line.priceMinor, 0),
    postageMinor,
    giftingMinor: adjustments
      .filter((a) => a.effect === 'price' && (a.kind === 'giftWrap' || a.kind === 'giftPack'))
      .reduce((sum, a) => sum + a.amountMinor, 0),
    totalMinor,
    paidBy: { walletMinor, cashMinor: totalMinor - walletMinor },
    promotion: input.promotion
      ? {
          promoCodeId: input.promotion.promoCodeId,
          code: input.promotion.code,
          discountMinor: adjustments
            .filter((a) => a.kind === 'promotionCode')
            .reduce((sum, a) => sum - a.amountMinor, 0),
        }
      : null,
  };
}

/** The catalogue fields a basket line is priced from (deal_products, deals, basket_lines). */
export interface PricingSource {
  line: {
    id: number;
    quantity: number;
    payDeposit: boolean;
    /** The basket line's gifting (delivery option, wrap and pack quantities). */
    deliveryOptionType?: string;
    /** How a posted product ships (docs/decisions/051): standard unless next-day is asked for and offered. */
    shippingMethod?: string;
    giftWrapQuantity?: number;
    giftPackQuantity?: number;
    /** The lower unit price a dynamic price variant showed, and when (decision 058). */
    shownUnitPriceMinor?: number | null;
    shownPriceAt?: Date | null;
  };
  option: {
    priceMinor: number;
    postagePriceMinor: number;
    /** Next day delivery per unit, when the option offers it. */
    nextDayPostageMinor?: number | null;
    hasDeposit: boolean;
    depositPriceMinor: number | null;
    vipPriceMinor?: number | null;
  };
  deal: { pricePerPerson: boolean; currency: string };
  isOnSale: boolean;
  /** The basket's eligibleForVip (a VIP member's): the option's VIP price applies. */
  eligibleForVip?: boolean;
  /** What the chosen stay's nights and departure airport add per unit (part of its price; decision 029). */
  supplementMinor?: number;
  /** When it is priced: a shown price holds for a while only (decision 058). */
  now?: Date;
}

/** A basket line as the pipeline reads it: the basket view and the order both build it here. */
export function pricingLineOf(source: PricingSource): PricingLine {
  const { line, option, deal } = source;
  const shipping = {
    postagePriceMinor: option.postagePriceMinor,
    nextDayPostageMinor: option.nextDayPostageMinor ?? null,
  };
  return {
    id: line.id,
    currency: deal.currency === 'EUR' ? 'EUR' : 'GBP',
    quantity: line.quantity,
    unitPriceMinor: option.priceMinor + (source.supplementMinor ?? 0),
    postagePerUnitMinor: postageFor(chosenMethod(line.shippingMethod, shipping), shipping),
    pricePerPerson: deal.pricePerPerson,
    deposit: {
      payDeposit: line.payDeposit,
      hasDeposit: option.hasDeposit,
      depositPriceMinor: option.depositPriceMinor,
    },
    isOnSale: source.isOnSale,
    // A stay's supplement is part of its price at the VIP price too.
    vipUnitPriceMinor:
      source.eligibleForVip === true && option.vipPriceMinor != null
        ? option.vipPriceMinor + (source.supplementMinor ?? 0)
        : null,
    shownUnitPriceMinor: heldShownPrice(source),
    gifting: {
      wrapQuantity: line.giftWrapQuantity ?? 0,
      pack:
        line.deliveryOptionType === 'ndd-gpk' || line.deliveryOptionType === 'std-gpk' ? line.deliveryOptionType : null,
      packQuantity: line.giftPackQuantity ?? 0,
    },
  };
}

/** The shown unit price that still holds for this line, with its stay's supplement, or null (decision 058). */
function heldShownPrice(source: PricingSource): number | null {
  const { shownUnitPriceMinor, shownPriceAt } = source.line;
  if (shownUnitPriceMinor == null || shownPriceAt == null) return null;
  const shown = { unitPriceMinor: shownUnitPriceMinor, shownAt: shownPriceAt };
  return isShownPriceHeld(shown, source.now ?? new Date()) ? shownUnitPriceMinor + (source.supplementMinor ?? 0) : null;
}
