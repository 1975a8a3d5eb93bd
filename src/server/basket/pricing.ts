/**
 * The basket priced from the catalogue now (prices are never stored on lines), through the one
 * pricing pipeline (`domain/pricing.ts`) the checkout and the order use too. Totals
 * count only the lines that can still be bought; the others are shown with the reason, for the
 * shopper to remove.
 */
import type { PricedBasket, PricedLine } from '@/contracts/basket';
import { DeliveryOptionTypeSchema } from '@/contracts/basket';
import type { Money } from '@/contracts/deal';
import { visibleQuantity } from '@/domain/basket';
import { basketErrorWording as unavailableWording } from '@/domain/basket-copy';
import { chosenMethod, deliveryOptionsFor, deliveryPromise, POSTAL_DELIVERY_TYPE } from '@/domain/delivery';
import { formatLongDate } from '@/domain/format';
import { GIFT_TYPE_LABELS, giftExtraLines, giftTypeOf } from '@/domain/gifting';
import {
  type PriceBreakdown,
  type PricedLineBreakdown,
  type PricingWallet,
  priceLines,
  pricingLineOf,
} from '@/domain/pricing';
import type { PricingPromotion, PromoLine, PromoVerdict } from '@/domain/promotions';
import { giftingStateOf } from './gifting';
import type { Offering } from './offerings';
import type { BasketLineRow, BasketRow } from './schema';

function money(amountMinor: number, currency: Money['currency']): Money {
  return { amountMinor, currency };
}

function pricedLine(line: BasketLineRow, offering: Offering, priced: PricedLineBreakdown, now: Date): PricedLine {
  const { product, deal, currency } = offering;
  const delivery = DeliveryOptionTypeSchema.safeParse(line.deliveryOptionType);
  return {
    id: line.id,
    dealId: deal.id,
    dealProductId: product.id,
    headline: deal.headline,
    productTitle: product.title,
    merchantName: offering.merchantName,
    imageUrl: offering.imageUrl,
    dealUrl: `/deal/${deal.id}`,
    quantity: line.quantity,
    unitPrice: money(priced.unitPriceMinor, currency),
    originalPrice: money(product.originalPriceMinor, currency),
    postage: money(priced.postageMinor, currency),
    lineTotal: money(priced.totalMinor, currency),
    pricePerPerson: deal.pricePerPerson,
    bounds: { min: offering.bounds.min, max: offering.bounds.max },
    isAvailable: offering.unavailable === null,
    unavailableReason: offering.unavailable === null ? null : unavailableWording(offering.unavailable),
    isTravel: deal.isTravel,
    subCategoryId: deal.subCategoryId,
    highFraudRisk: deal.highFraudRisk,
    checkInDate: line.checkInDate,
    checkOutDate: line.checkOutDate,
    numberOfNights: line.numberOfNights,
    deliveryOptionType: delivery.success ? delivery.data : 'none',
    gift: line.gift,
    giftClaim: line.giftClaim,
    // spec 3 payDeposit: the shopper pays the deposit now and the rest later.
    payDeposit: priced.paysDeposit,
    gifting: giftingView(line, offering, currency),
    shipping: shippingView(line, offering, now),
  };
}

/** A posted product's delivery choice and options, each with what it promises if ordered now. */
function shippingView(line: BasketLineRow, offering: Offering, now: Date): PricedLine['shipping'] {
  if (offering.deal.deliveryType !== POSTAL_DELIVERY_TYPE) return null;
  return {
    method: chosenMethod(line.shippingMethod, offering.product),
    options: deliveryOptionsFor(offering.product).map((option) => {
      const promise = deliveryPromise(now, option.method, offering.deal.dispatchDays);
      return { ...option, deliverFrom: promise.deliverFrom, deliverBy: promise.deliverBy };
    }),
  };
}

/** The line's gifting as the basket and checkout show it. */
function giftingView(line: BasketLineRow, offering: Offering, currency: Money['currency']): PricedLine['gifting'] {
  const state = giftingStateOf(line);
  const type = giftTypeOf(state);
  const details = line.giftDetails;
  const summary =
    details === null
      ? null
      : details.kind === 'e-gift' && type === 'e-gift'
        ? `E-gift to ${details.recipientName} (${details.recipientEmail}), sent on ${formatDay(details.sendOn)}`
        : details.kind === 'pack' && (type === 'ndd-gpk' || type === 'std-gpk')
          ? `Posted to ${[details.name, details.line1, details.town, details.postcode].join(', ')}`
          : null;
  return {
    type,
    label: GIFT_TYPE_LABELS[type],
    wrapQuantity: state.wrapQuantity,
    packQuantity: state.packQuantity,
    extras: giftExtraLines(state).map((extra) => ({ ...extra, amount: money(extra.amountMinor, currency) })),
    offered: { deliveryOptions: offering.product.deliveryOptions, giftWrap: offering.product.giftWrapAvailable },
    summary,
  };
}

/** A calendar date ("YYYY-MM-DD") as "5 March 2027" (read at its noon, so the same day in the UK). */
function formatDay(day: string): string {
  return formatLongDate(new Date(`${day}T12:00:00Z`));
}

/** The priced basket and the breakdown behind it (the checkout reads its wallet split). */
export interface BasketPricing {
  basket: PricedBasket;
  breakdown: PriceBreakdown;
  /** What the promotion code asked for said (absent when none was asked for). */
  promo?: PromoVerdict;
}

/** The lines on sale as a promotion code reads them: categories and price before the code. */
export function promoLinesOf(plain: BasketPricing, offerings: ReadonlyMap<number, Offering>): PromoLine[] {
  return plain.basket.lines.flatMap((line, i) => {
    const offering = offerings.get(line.dealProductId);
    const priced = plain.breakdown.lines[i];
    if (offering === undefined || priced === undefined || !priced.counts) return [];
    return [
      {
        id: line.id,
        categoryId: offering.deal.categoryId,
        subCategoryId: offering.deal.subCategoryId,
        currency: offering.currency,
        priceMinor: priced.priceMinor,
      },
    ];
  });
}

/**
 * The priced basket: lines whose option has left the catalogue entirely are left out. With a
 * wallet, the breakdown also says what the wallet pays and what is left for the card.
 */
export function priceBasket(
  basket: BasketRow,
  lines: readonly BasketLineRow[],
  offerings: ReadonlyMap<number, Offering>,
  wallet: PricingWallet | null = null,
  promotion: PricingPromotion | null = null,
  /** Per line, what its chosen stay and flight add per unit. */
  supplements: ReadonlyMap<number, number> = new Map(),
  /** When the delivery promises are made from. */
  now: Date = new Date(),
): BasketPricing {
  const known = lines.flatMap((line) => {
    const offering = offerings.get(line.dealProductId);
    return offering === undefined ? [] : [{ line, offering }];
  });
  const breakdown = priceLines({
    lines: known.map(({ line, offering }) =>
      pricingLineOf({
        line,
        option: offering.product,
        deal: { pricePerPerson: offering.deal.pricePerPerson, currency: offering.currency },
        isOnSale: offering.unavailable === null,
        eligibleForVip: basket.eligibleForVip,
        supplementMinor: supplements.get(line.id) ?? 0,
        now,
      }),
    ),
    wallet,
    promotion,
  });
  const priced = known.map(({ line, offering }, i) => {
    const lineBreakdown = breakdown.lines[i];
    if (lineBreakdown === undefined) throw new Error('pricing lost a line');
    return pricedLine(line, offering, lineBreakdown, now);
  });
  // Gift packs and wraps are state on the gifted line, never lines of their own (docs/decisions/028).
  const visible = known.map(({ offering }) => ({
    isGiftPack: false,
    isGiftWrap: false,
    isVisible: offering.product.visibility === 'visible',
  }));
  const { currency } = breakdown;
  return {
    breakdown,
    basket: {
      id: basket.id,
      customerToken: basket.customerToken,
      brand: basket.brand,
      eligibleForVip: basket.eligibleForVip,
      status: basket.status,
      lines: priced,
      visibleQuantity: visibleQuantity(visible),
      subtotal: money(breakdown.subtotalMinor, currency),
      postage: money(breakdown.postageMinor, currency),
      total: money(breakdown.totalMinor, currency),
      isTravel: priced.some((line) => line.isTravel),
    },
  };
}
