/** One deal with its products, images and merchant, for the deal page. */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Money } from '@/contracts/deal';
import { PriceDisplayModeSchema } from '@/contracts/deal';
import {
  type DealDetail,
  type DealProductDetail,
  type DealVideo,
  ProductDisplayTypeSchema,
} from '@/contracts/deal-detail';
import { shownPriceMinor } from '@/domain/delivery';
import { isDealClosed } from '@/domain/on-sale';
import { type EvidenceSource, evidencedDisplayMode, isEvidenceCurrent } from '@/domain/price-evidence';
import { purchaseCap, remainingForDayOf } from '@/domain/purchase-cap';
import type { Db } from '@/server/db';
import {
  categories,
  type DealVideoRow,
  dealImages,
  dealProductStock,
  dealProducts,
  deals,
  dealVideos,
  locations,
  merchants,
  priceEvidence,
} from './schema';

/** @deprecated name kept for callers; the contract calls it DealProductDetail. */
export type DealProductView = DealProductDetail;
export type { DealDetail };

function money(amountMinor: number, currency: string): Money {
  return { amountMinor, currency: currency === 'EUR' ? 'EUR' : 'GBP' };
}

/** "Closed" is part of the one "on sale" definition, kept in the domain (src/domain/on-sale.ts). */
export { isDealClosed };

/**
 * The deal with this id, live or ended (`isClosed`), or null for unknown and draft deals (a draft too
 * with `includeDrafts`, for a preview: `isPreview`).
 * Sold out means sold out for a guest (spec 5: cap 0 on every option anyone can buy).
 */
export async function retrieveDeal(
  db: Db,
  id: number,
  now = new Date(),
  options: { includeDrafts?: boolean } = {},
): Promise<DealDetail | null> {
  const [row] = await db
    .select({ deal: deals, merchant: merchants, location: locations })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .innerJoin(locations, eq(locations.id, deals.locationId))
    .where(eq(deals.id, id))
    .limit(1);
  if (!row) return null;
  // A draft is read only for a preview, by operators and its merchant (docs/decisions/029; the page checks who asks).
  const isDraft = row.deal.status !== 'live' && row.deal.status !== 'closed';
  if (isDraft && !options.includeDrafts) return null;
  const { deal, merchant, location } = row;

  const categoryIds = [deal.categoryId, ...(deal.subCategoryId === null ? [] : [deal.subCategoryId])];
  const [cats, images, videos, products] = await Promise.all([
    db.select().from(categories).where(inArray(categories.id, categoryIds)),
    db.select().from(dealImages).where(eq(dealImages.dealId, id)).orderBy(asc(dealImages.position)),
    db.select().from(dealVideos).where(eq(dealVideos.dealId, id)).limit(1),
    db
      .select({ product: dealProducts, stock: dealProductStock })
      .from(dealProducts)
      .leftJoin(dealProductStock, eq(dealProductStock.productId, dealProducts.id))
      .where(eq(dealProducts.dealId, id))
      .orderBy(asc(dealProducts.sortOrder), asc(dealProducts.id)),
  ]);
  const evidence = await latestEvidence(
    db,
    products.map(({ product }) => product.id),
  );
  const category = cats.find((c) => c.id === deal.categoryId);
  const sub = cats.find((c) => c.id === deal.subCategoryId) ?? null;
  if (!category) return null;

  const productViews = products
    .filter(({ product }) => product.visibility === 'visible' && !product.disabled)
    .map(({ product, stock }): DealProductDetail => {
      const remaining = stock?.quantityRemaining ?? null;
      const remainingForDay = remainingForDayOf(stock ?? null, now);
      const cap = purchaseCap({ productCap: product.purchaseCap, dealCap: deal.purchaseCap, remainingForDay });
      // docs/decisions/024: without current evidence the option shows no original price and no saving.
      const proof = evidence.get(product.id) ?? null;
      const isEvidenced = isEvidenceCurrent(proof, product.originalPriceMinor, now);
      const price = money(product.priceMinor, deal.currency);
      return {
        id: product.id,
        title: product.title,
        price,
        originalPrice: isEvidenced ? money(product.originalPriceMinor, deal.currency) : price,
        postagePrice: money(product.postagePriceMinor, deal.currency),
        shownPrice: money(
          shownPriceMinor(product.priceMinor, deal.deliveryType, product.postagePriceMinor),
          deal.currency,
        ),
        discountPercentage: isEvidenced ? product.discountPercentage : 0,
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
        savingEvidence:
          isEvidenced && proof
            ? {
                source: proof.source,
                sourceName: proof.sourceName,
                checkedAt: proof.checkedAt.toISOString(),
                checkedByName: proof.checkedByName,
              }
            : null,
      };
    });

  const mode = PriceDisplayModeSchema.safeParse(deal.priceDisplayMode);
  const layout = ProductDisplayTypeSchema.safeParse(deal.productDisplayType);
  return {
    id: deal.id,
    headline: deal.headline,
    title: deal.title,
    description: deal.description,
    highlights: deal.highlights,
    finePrint: deal.finePrint,
    url: `/deal/${deal.id}`,
    // docs/decisions/024: a deal none of whose options has current evidence shows no saving at all.
    priceDisplayMode: evidencedDisplayMode(
      mode.success ? mode.data : 'show-discount',
      productViews.some((p) => p.savingEvidence !== null),
    ),
    // spec 3 productDisplay.type; an unknown stored value lays the options out as the plain list.
    productDisplay: { type: layout.success ? layout.data : 'grid' },
    pricePerPerson: deal.pricePerPerson,
    isTravel: deal.isTravel,
    dealType: deal.dealType,
    deliveryType: deal.deliveryType,
    bookingCalendarOnRedemption: deal.bookingCalendarOnRedemption,
    isPreview: isDraft,
    closingDate: deal.closingDate.toISOString(),
    isClosed: isDealClosed(deal.status, deal.closingDate, now),
    boughtCount: deal.boughtCount,
    reviewAverage: deal.reviewAverage,
    reviewCount: deal.reviewCount,
    purchaseCap: deal.purchaseCap,
    merchant: {
      id: merchant.id,
      name: merchant.name,
      addressLine1: merchant.addressLine1,
      town: merchant.town,
      postcode: merchant.postcode,
      phone: merchant.phone,
      website: merchant.website,
      bookingHours: merchant.bookingHours,
    },
    location: { shortName: location.shortName, name: location.name },
    category: { id: category.id, name: category.name, shortName: category.shortName },
    subCategory: sub ? { id: sub.id, name: sub.name, shortName: sub.shortName } : null,
    images: images.map((i) => ({ url: i.url, width: i.width, height: i.height, alt: i.alt })),
    video: videos[0] ? reshapeVideo(videos[0]) : null,
    products: productViews,
    // Guests cannot buy VIP-exclusive options, so those do not keep a deal on sale for them.
    isSoldOut: productViews.filter((p) => !p.vipExclusive).every((p) => p.isSoldOut),
  };
}

/** A `deal_videos` row as the deal page and its API carry it (decision 056). */
function reshapeVideo(row: DealVideoRow): DealVideo {
  return {
    sources: [
      { url: row.webmUrl, type: 'video/webm' },
      ...(row.mp4Url === null ? [] : [{ url: row.mp4Url, type: 'video/mp4' as const }]),
    ],
    posterUrl: row.posterUrl,
    captionsUrl: row.captionsUrl,
    hasSpeech: row.hasSpeech,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    title: row.title,
  };
}

interface LatestEvidence {
  source: EvidenceSource;
  sourceName: string;
  referencePriceMinor: number;
  checkedAt: Date;
  checkedByName: string;
}

/** The latest evidence row of each option (docs/decisions/024: the latest row counts). */
async function latestEvidence(db: Db, productIds: number[]): Promise<Map<number, LatestEvidence>> {
  const latest = new Map<number, LatestEvidence>();
  if (productIds.length === 0) return latest;
  const rows = await db
    .select()
    .from(priceEvidence)
    .where(inArray(priceEvidence.dealProductId, productIds))
    .orderBy(desc(priceEvidence.id));
  for (const row of rows) {
    if (latest.has(row.dealProductId)) continue;
    latest.set(row.dealProductId, {
      source: row.source === 'retailer' ? 'retailer' : 'merchant_price_list',
      sourceName: row.sourceName,
      referencePriceMinor: row.referencePriceMinor,
      checkedAt: row.checkedAt,
      checkedByName: row.checkedByName,
    });
  }
  return latest;
}
