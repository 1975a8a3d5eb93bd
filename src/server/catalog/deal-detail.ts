/** One deal with its products, images and merchant, for the deal page. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Money } from '@/contracts/deal';
import { PriceDisplayModeSchema } from '@/contracts/deal';
import type { DealDetail, DealProductDetail } from '@/contracts/deal-detail';
import { isDealClosed } from '@/domain/on-sale';
import { purchaseCap, remainingForDayOf } from '@/domain/purchase-cap';
import type { Db } from '@/server/db';
import { categories, dealImages, dealProductStock, dealProducts, deals, locations, merchants } from '@/server/db';

/** @deprecated name kept for callers; the contract calls it DealProductDetail. */
export type DealProductView = DealProductDetail;
export type { DealDetail };

function money(amountMinor: number, currency: string): Money {
  return { amountMinor, currency: currency === 'EUR' ? 'EUR' : 'GBP' };
}

/** "Closed" is part of the one "on sale" definition (issue 16.2), kept in the domain. */
export { isDealClosed };

/**
 * The deal with this id, live or ended (`isClosed`), or null for unknown and draft deals.
 * Sold out means sold out for a guest (spec 5: cap 0 on every option anyone can buy).
 */
export async function retrieveDeal(db: Db, id: number, now = new Date()): Promise<DealDetail | null> {
  const [row] = await db
    .select({ deal: deals, merchant: merchants, location: locations })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .innerJoin(locations, eq(locations.id, deals.locationId))
    .where(eq(deals.id, id))
    .limit(1);
  if (!row) return null;
  if (row.deal.status !== 'live' && row.deal.status !== 'closed') return null;
  const { deal, merchant, location } = row;

  const categoryIds = [deal.categoryId, ...(deal.subCategoryId === null ? [] : [deal.subCategoryId])];
  const [cats, images, products] = await Promise.all([
    db.select().from(categories).where(inArray(categories.id, categoryIds)),
    db.select().from(dealImages).where(eq(dealImages.dealId, id)).orderBy(asc(dealImages.position)),
    db
      .select({ product: dealProducts, stock: dealProductStock })
      .from(dealProducts)
      .leftJoin(dealProductStock, eq(dealProductStock.productId, dealProducts.id))
      .where(eq(dealProducts.dealId, id))
      .orderBy(asc(dealProducts.sortOrder), asc(dealProducts.id)),
  ]);
  const category = cats.find((c) => c.id === deal.categoryId);
  const sub = cats.find((c) => c.id === deal.subCategoryId) ?? null;
  if (!category) return null;

  const productViews = products
    .filter(({ product }) => product.visibility === 'visible' && !product.disabled)
    .map(({ product, stock }): DealProductDetail => {
      const remaining = stock?.quantityRemaining ?? null;
      const remainingForDay = remainingForDayOf(stock ?? null, now);
      const cap = purchaseCap({ productCap: product.purchaseCap, dealCap: deal.purchaseCap, remainingForDay });
      return {
        id: product.id,
        title: product.title,
        price: money(product.priceMinor, deal.currency),
        originalPrice: money(product.originalPriceMinor, deal.currency),
        postagePrice: money(product.postagePriceMinor, deal.currency),
        discountPercentage: product.discountPercentage,
        minPeople: product.minPeople,
        numberOfNights: product.numberOfNights,
        checkInDate: product.checkInDate,
        checkOutDate: product.checkOutDate,
        hasDeposit: product.hasDeposit,
        depositPrice: product.depositPriceMinor === null ? null : money(product.depositPriceMinor, deal.currency),
        vipExclusive: product.vipExclusive,
        isSoldOut: cap.isSoldOut,
        remaining: remaining === null ? null : Math.max(remaining, 0),
        remainingForDay,
        purchaseCap: product.purchaseCap,
      };
    });

  const mode = PriceDisplayModeSchema.safeParse(deal.priceDisplayMode);
  return {
    id: deal.id,
    headline: deal.headline,
    title: deal.title,
    description: deal.description,
    highlights: deal.highlights,
    finePrint: deal.finePrint,
    url: `/deal/${deal.id}`,
    priceDisplayMode: mode.success ? mode.data : 'show-discount',
    pricePerPerson: deal.pricePerPerson,
    isTravel: deal.isTravel,
    dealType: deal.dealType,
    closingDate: deal.closingDate.toISOString(),
    isClosed: isDealClosed(deal.status, deal.closingDate, now),
    boughtCount: deal.boughtCount,
    reviewAverage: deal.reviewAverage,
    reviewCount: deal.reviewCount,
    purchaseCap: deal.purchaseCap,
    merchant: {
      name: merchant.name,
      addressLine1: merchant.addressLine1,
      town: merchant.town,
      postcode: merchant.postcode,
      phone: merchant.phone,
      website: merchant.website,
    },
    location: { shortName: location.shortName, name: location.name },
    category: { id: category.id, name: category.name, shortName: category.shortName },
    subCategory: sub ? { id: sub.id, name: sub.name, shortName: sub.shortName } : null,
    images: images.map((i) => ({ url: i.url, width: i.width, height: i.height, alt: i.alt })),
    products: productViews,
    // Guests cannot buy VIP-exclusive options, so those do not keep a deal on sale for them.
    isSoldOut: productViews.filter((p) => !p.vipExclusive).every((p) => p.isSoldOut),
  };
}
