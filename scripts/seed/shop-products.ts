/**
 * The shop's own products, written by the seed but not demo data (docs/decisions/036): the shop sells
 * them whatever merchants it has, so the prepare step that `npm start` runs adds whichever is missing,
 * on a demo database or not.
 * - Tuppence's gift card (docs/decisions/028-gifting.md): a national shop deal whose options are the
 *   values it is sold at (domain/gifting.ts GIFT_CARD_VALUES_MINOR), tagged `tuppence-gift-card`.
 *   Bought through the basket, checkout and order pipeline like any deal; the gifting service turns
 *   its order lines into gift cards.
 * - The VIP membership (spec 1, 9; docs/decisions/027-vip-subscription-and-loyalty-club.md): deal
 *   18927099 with one option at 4.99 pounds a month.
 * The shop only reads them (gifting by the tag, subscriptions by the id), so they are rows written
 * here, not code in src/.
 */
import { sql } from 'drizzle-orm';
import { GIFT_CARD_TAG, GIFT_CARD_VALUES_MINOR } from '@/domain/gifting';
import { formatMoney } from '@/domain/money';
import { VIP_MAX_COST_MINOR, VIP_SUBSCRIPTION_DEAL_ID } from '@/domain/subscription';
import type { Db } from '@/server/db';
import { dealImages, dealProducts, deals, merchants } from '@/server/db/schema';
import { locationId } from '@/server/reference';
import { dealImagePath } from './deal-image';

const GIFT_CARDS_SUB_CATEGORY = 398;
const SHOP_CATEGORY = 10;

/**
 * Adds the gift card deal unless a deal tagged as the gift card is there (live or ended by an
 * operator); it takes the ids after the highest deal and option. Returns its id, or null when the
 * database already had one.
 */
export async function ensureGiftCardDeal(db: Db, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    const existing = await tx.execute(sql`select 1 from deals where tags ? ${GIFT_CARD_TAG} limit 1`);
    if (existing.rows.length > 0) return null;
    const ids = await tx.execute<{ deal: number; product: number }>(
      sql`select coalesce((select max(id) from deals), 0) + 1 as deal, coalesce((select max(id) from deal_products), 0) + 1 as product`,
    );
    const dealId = Number(ids.rows[0]?.deal ?? 1);
    const firstProduct = Number(ids.rows[0]?.product ?? 1);
    const national = locationId('national-deal');
    const [merchant] = await tx
      .insert(merchants)
      .values({
        name: 'Tuppence',
        addressLine1: '1 Example Street',
        town: 'London',
        postcode: 'EC1V 9AA',
        phone: '020 7946 0000',
        website: 'https://tuppence.example',
        locationId: national,
      })
      .returning({ id: merchants.id });
    if (merchant === undefined) throw new Error('merchant insert returned nothing');
    const lowest = GIFT_CARD_VALUES_MINOR[0];
    await tx.insert(deals).values({
      id: dealId,
      headline: 'Tuppence Gift Card: Let Them Choose Any Deal',
      title: 'Tuppence Gift Card',
      description:
        'A Tuppence gift card lets them choose from thousands of deals: spa days, dining, experiences and more. Its code is emailed to you to pass on; redeemed, its value goes into their Tuppence wallet.',
      highlights: ['Emailed to you straight away', 'Spend it on any deal', 'Redeem within 6 months of purchase'],
      finePrint: [
        'A gift card must be redeemed within 6 months of purchase',
        'Redeemed, the value is wallet credit for 12 months',
        'Cannot be exchanged for cash',
        'See the gift card terms',
      ],
      merchantId: merchant.id,
      categoryId: SHOP_CATEGORY,
      subCategoryId: GIFT_CARDS_SUB_CATEGORY,
      locationId: national,
      priceDisplayMode: 'show-price',
      deliveryType: 'e-voucher',
      voucherValidityDays: 183,
      closingDate: new Date(now.getTime() + 5 * 365 * 24 * 60 * 60 * 1000),
      fromPriceMinor: lowest,
      fromOriginalPriceMinor: lowest,
      maxDiscountPercentage: 0,
      tags: [GIFT_CARD_TAG, 'gift card', 'gift'],
      createdAt: now,
    });
    await tx.insert(dealProducts).values(
      GIFT_CARD_VALUES_MINOR.map((value, i) => {
        const label = formatMoney({ amountMinor: value, currency: 'GBP' }).replace(/\.00$/, '');
        return {
          id: firstProduct + i,
          dealId,
          title: `${label} gift card`,
          friendlyName: `${label} gift card`,
          priceMinor: value,
          originalPriceMinor: value,
          discountPercentage: 0,
          displayDiscount: false,
          deliveryOptions: ['none'],
          isGiftable: false,
          sortOrder: i,
        };
      }),
    );
    await tx.insert(dealImages).values({
      dealId,
      url: dealImagePath('shop-home', dealId, 0),
      width: 800,
      height: 500,
      alt: 'A Tuppence gift card',
      position: 0,
    });
    return dealId;
  });
}

/**
 * Adds the VIP membership deal 18927099 when it is missing: one option at 4.99 pounds (a month). Its
 * status 'subscription' keeps it out of listings, search and sitemaps; checkout sells it. It borrows
 * the merchant, category and location of the first deal, so a database without deals gets none yet.
 */
export async function ensureVipMembershipDeal(db: Db, now: Date): Promise<void> {
  const [template] = await db
    .select({ merchantId: deals.merchantId, categoryId: deals.categoryId, locationId: deals.locationId })
    .from(deals)
    .limit(1);
  if (template === undefined) return;
  const closingDate = new Date(now.getTime() + 10 * 365 * 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    await tx
      .insert(deals)
      .values({
        id: VIP_SUBSCRIPTION_DEAL_ID,
        headline: 'Tuppence VIP membership',
        title: 'Tuppence VIP: extra discounts on hundreds of deals, renewed monthly',
        description:
          'VIP members pay VIP prices and can buy VIP-exclusive options. Renews monthly on your saved card until you cancel the renewal in My Subscriptions.',
        merchantId: template.merchantId,
        categoryId: template.categoryId,
        locationId: template.locationId,
        status: 'subscription',
        priceDisplayMode: 'show-price',
        closingDate,
        fromPriceMinor: VIP_MAX_COST_MINOR,
        fromOriginalPriceMinor: VIP_MAX_COST_MINOR,
        maxPerUser: null,
        voucherValidityDays: 31,
      })
      .onConflictDoNothing();
    await tx
      .insert(dealProducts)
      .values({
        id: VIP_SUBSCRIPTION_DEAL_ID,
        dealId: VIP_SUBSCRIPTION_DEAL_ID,
        title: 'VIP membership, one month',
        friendlyName: 'Tuppence VIP (monthly)',
        priceMinor: VIP_MAX_COST_MINOR,
        originalPriceMinor: VIP_MAX_COST_MINOR,
        discountPercentage: 0,
        displayDiscount: false,
        deliveryOptions: ['none'],
        sortOrder: 0,
      })
      .onConflictDoNothing();
  });
}

/** Adds whichever of the shop's own products is missing (the prepare step runs it on every start). */
export async function ensureShopProducts(db: Db, now: Date): Promise<void> {
  await ensureGiftCardDeal(db, now);
  await ensureVipMembershipDeal(db, now);
}
