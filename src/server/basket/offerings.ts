/**
 * What the catalogue says about the options in a basket right now: price, stock, spec 5 quantity
 * bounds for this shopper, and whether it can be bought. The basket never stores prices, so every
 * read and every write asks here (deal_products, deal_product_stock, deals).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Money } from '@/contracts/deal';
import type { UnavailableCode } from '@/domain/basket-copy';
import { notOnSaleReason } from '@/domain/on-sale';
import { purchaseCap, type QuantityBounds, quantityBounds, remainingForDayOf } from '@/domain/purchase-cap';
import { users } from '@/server/accounts/schema';
import {
  type DealProductRow,
  type DealRow,
  dealImages,
  dealProductStock,
  dealProducts,
  deals,
  merchants,
} from '@/server/catalog/schema';
import type { DbOrTx } from '@/server/db';
import { userDealPurchases } from '@/server/orders/schema';

/** One deal option as the basket sees it now. */
export interface Offering {
  product: DealProductRow;
  deal: DealRow;
  merchantName: string;
  imageUrl: string | null;
  currency: Money['currency'];
  bounds: QuantityBounds;
  /** Null when it can be bought now, else why not. */
  unavailable: UnavailableCode | null;
}

/** Who is buying: VIP eligibility opens VIP-exclusive options; a signed-in user has a per-deal max. */
export interface Shopper {
  eligibleForVip: boolean;
  userId?: number | null;
}

function currencyOf(code: string): Money['currency'] {
  return code === 'EUR' ? 'EUR' : 'GBP';
}

/** spec 5: a signed-in customer may buy at most deals.max_per_user less what they already bought. */
async function userMaxByDeal(db: DbOrTx, userId: number, dealIds: number[]): Promise<Map<number, number>> {
  const bought = await db
    .select({ dealId: userDealPurchases.dealId, quantity: userDealPurchases.quantity })
    .from(userDealPurchases)
    .where(and(eq(userDealPurchases.userId, userId), inArray(userDealPurchases.dealId, dealIds)));
  return new Map(bought.map((row) => [row.dealId, row.quantity]));
}

/** The offerings for these deal option ids (unknown ids are simply absent from the map). */
export async function loadOfferings(
  db: DbOrTx,
  productIds: readonly number[],
  shopper: Shopper,
  now = new Date(),
): Promise<Map<number, Offering>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ product: dealProducts, stock: dealProductStock, deal: deals, merchantName: merchants.name })
    .from(dealProducts)
    .innerJoin(deals, eq(deals.id, dealProducts.dealId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .leftJoin(dealProductStock, eq(dealProductStock.productId, dealProducts.id))
    .where(inArray(dealProducts.id, ids));
  const dealIds = [...new Set(rows.map((row) => row.deal.id))];
  const [images, bought] = await Promise.all([
    dealIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ dealId: dealImages.dealId, url: dealImages.url })
          .from(dealImages)
          .where(inArray(dealImages.dealId, dealIds))
          .orderBy(asc(dealImages.position)),
    shopper.userId ? userMaxByDeal(db, shopper.userId, dealIds) : Promise.resolve(null),
  ]);
  const firstImage = new Map<number, string>();
  for (const image of images) if (!firstImage.has(image.dealId)) firstImage.set(image.dealId, image.url);

  const offerings = new Map<number, Offering>();
  for (const { product, stock, deal, merchantName } of rows) {
    const remainingForDay = remainingForDayOf(stock ?? null, now);
    const userMaxQuantity =
      bought === null ? undefined : deal.maxPerUser === null ? null : deal.maxPerUser - (bought.get(deal.id) ?? 0);
    const cap = purchaseCap({
      productCap: product.purchaseCap,
      dealCap: deal.purchaseCap,
      remainingForDay,
      userMaxQuantity,
    });
    const bounds = quantityBounds(deal.pricePerPerson, product.minPeople, cap);
    offerings.set(product.id, {
      product,
      deal,
      merchantName,
      imageUrl: firstImage.get(deal.id) ?? null,
      currency: currencyOf(deal.currency),
      bounds,
      // "on sale" is the domain's one definition (src/domain/on-sale.ts).
      unavailable: notOnSaleReason({ deal, option: product, bounds, shopper, now }),
    });
  }
  return offerings;
}

/** The signed-in customer behind a basket's customerToken, for spec 5's per-user max. */
export async function userIdForCustomerToken(db: DbOrTx, customerToken: string | null): Promise<number | null> {
  if (customerToken === null) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.customerToken, customerToken)).limit(1);
  return row?.id ?? null;
}
