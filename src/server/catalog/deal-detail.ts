/** One deal with its products, images and merchant, for the deal page. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { DealImage, Money, PriceDisplayMode } from '../../contracts/deal';
import { PriceDisplayModeSchema } from '../../contracts/deal';
import type { Db } from '../db/client';
import { categories, dealImages, dealProductStock, dealProducts, deals, locations, merchants } from '../db/schema';

export interface DealProductView {
  id: number;
  title: string;
  price: Money;
  originalPrice: Money;
  postagePrice: Money;
  discountPercentage: number;
  minPeople: number;
  numberOfNights: number | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  hasDeposit: boolean;
  depositPrice: Money | null;
  vipExclusive: boolean;
  isSoldOut: boolean;
  remaining: number | null;
  purchaseCap: number | null;
}

export interface DealDetail {
  id: number;
  headline: string;
  title: string;
  description: string;
  highlights: string[];
  finePrint: string[];
  priceDisplayMode: PriceDisplayMode;
  pricePerPerson: boolean;
  isTravel: boolean;
  dealType: string;
  closingDate: string;
  boughtCount: number;
  reviewAverage: number | null;
  reviewCount: number;
  purchaseCap: number | null;
  merchant: {
    name: string;
    addressLine1: string;
    town: string;
    postcode: string;
    phone: string;
    website: string | null;
  };
  location: { shortName: string; name: string };
  category: { id: number; name: string; shortName: string };
  subCategory: { id: number; name: string; shortName: string } | null;
  images: DealImage[];
  products: DealProductView[];
  isSoldOut: boolean;
}

function money(amountMinor: number, currency: string): Money {
  return { amountMinor, currency: currency === 'EUR' ? 'EUR' : 'GBP' };
}

/** The live deal with this id, or null (closed, draft and unknown deals are not found). */
export async function retrieveDeal(db: Db, id: number): Promise<DealDetail | null> {
  const [row] = await db
    .select({ deal: deals, merchant: merchants, location: locations })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .innerJoin(locations, eq(locations.id, deals.locationId))
    .where(eq(deals.id, id))
    .limit(1);
  if (!row) return null;
  if (row.deal.status !== 'live' || row.deal.closingDate.getTime() <= Date.now()) return null;
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
    .map(({ product, stock }): DealProductView => {
      const remaining = stock?.quantityRemaining ?? null;
      const forDay = stock?.remainingForDay ?? null;
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
        isSoldOut: (remaining !== null && remaining <= 0) || (forDay !== null && forDay <= 0),
        remaining: remaining === null ? null : Math.max(remaining, 0),
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
    priceDisplayMode: mode.success ? mode.data : 'show-discount',
    pricePerPerson: deal.pricePerPerson,
    isTravel: deal.isTravel,
    dealType: deal.dealType,
    closingDate: deal.closingDate.toISOString(),
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
    isSoldOut: productViews.length === 0 || productViews.every((p) => p.isSoldOut),
  };
}
