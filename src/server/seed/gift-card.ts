/**
 * Issue 20.3: Tuppence's own gift card, a national shop deal whose options are the values it is
 * sold at (domain/gifting.ts GIFT_CARD_VALUES_MINOR), tagged `tuppence-gift-card`. Bought through
 * the basket, checkout and order pipeline like any deal; the gifting service turns its order
 * lines into gift cards (docs/decisions/028-gifting.md). Written once, after the demo catalogue.
 */
import { sql } from 'drizzle-orm';
import { dealImagePath } from '@/domain/deal-image';
import { GIFT_CARD_TAG, GIFT_CARD_VALUES_MINOR } from '@/domain/gifting';
import { formatMoney } from '@/domain/money';
import { dealImages, dealProducts, deals, merchants } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { locationId } from '@/server/reference';

const GIFT_CARDS_SUB_CATEGORY = 398;
const SHOP_CATEGORY = 10;

/** Adds the gift card deal; returns its id. */
export async function seedGiftCardDeal(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
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
