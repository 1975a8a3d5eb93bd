/**
 * The basket priced from the catalogue now (prices are never stored on lines). Totals count only
 * the lines that can still be bought; the others are shown with the reason, for the shopper to
 * remove. A line's postage is the option's postage per unit times the quantity.
 */
import type { PricedBasket, PricedLine } from '@/contracts/basket';
import { DeliveryOptionTypeSchema } from '@/contracts/basket';
import type { Money } from '@/contracts/deal';
import { visibleQuantity } from '@/domain/basket';
import { basketErrorWording as unavailableWording } from '@/domain/basket-copy';
import { multiplyMoney, sumMoney } from '@/domain/money';
import type { BasketLineRow, BasketRow } from '@/server/db';
import type { Offering } from './offerings';

function money(amountMinor: number, currency: Money['currency']): Money {
  return { amountMinor, currency };
}

function pricedLine(line: BasketLineRow, offering: Offering): PricedLine {
  const { product, deal, currency } = offering;
  // spec 3 payDeposit: the shopper pays the deposit now and the rest later.
  const paysDeposit = line.payDeposit && product.hasDeposit && product.depositPriceMinor !== null;
  const unitPrice = money(paysDeposit ? (product.depositPriceMinor ?? 0) : product.priceMinor, currency);
  const postage = multiplyMoney(money(product.postagePriceMinor, currency), line.quantity);
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
    unitPrice,
    originalPrice: money(product.originalPriceMinor, currency),
    postage,
    lineTotal: sumMoney([multiplyMoney(unitPrice, line.quantity), postage], currency),
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
    payDeposit: paysDeposit,
  };
}

/** The priced basket: lines whose option has left the catalogue entirely are left out. */
export function priceBasket(
  basket: BasketRow,
  lines: readonly BasketLineRow[],
  offerings: ReadonlyMap<number, Offering>,
): PricedBasket {
  const priced: PricedLine[] = [];
  const visible: { isGiftPack: boolean; isGiftWrap: boolean; isVisible: boolean }[] = [];
  for (const line of lines) {
    const offering = offerings.get(line.dealProductId);
    if (offering === undefined) continue;
    priced.push(pricedLine(line, offering));
    // Gift packs and wraps are lines of their own in the gifts issue; none exist yet.
    visible.push({ isGiftPack: false, isGiftWrap: false, isVisible: offering.product.visibility === 'visible' });
  }
  const buyable = priced.filter((line) => line.isAvailable);
  const currency = buyable[0]?.unitPrice.currency ?? priced[0]?.unitPrice.currency ?? 'GBP';
  const subtotal = sumMoney(
    buyable.map((line) => multiplyMoney(line.unitPrice, line.quantity)),
    currency,
  );
  const postage = sumMoney(
    buyable.map((line) => line.postage),
    currency,
  );
  return {
    id: basket.id,
    customerToken: basket.customerToken,
    brand: basket.brand,
    eligibleForVip: basket.eligibleForVip,
    status: basket.status,
    lines: priced,
    visibleQuantity: visibleQuantity(visible),
    subtotal,
    postage,
    total: sumMoney([subtotal, postage], currency),
    isTravel: priced.some((line) => line.isTravel),
  };
}
