/**
 * The demo's sales, made through the same model as a shopper's (docs/decisions/046): a handful of
 * seed shoppers buy deals (an order, its line, one voucher per unit), merchants redeemed those
 * vouchers, and some shoppers reviewed the deal through their redeemed voucher, each review published.
 * So a deal's "N bought" is the vouchers sold here, its rating is the mean of these published reviews,
 * and every review traces to a real (seeded) customer's redeemed voucher. Each deal draws from a random
 * stream of its own, so the sales never change the rest of the catalogue.
 */
import { ratingSummary, reviewerName } from '@/domain/reviews';
import { securityCodeFrom, voucherCodeFrom } from '@/domain/vouchers';
import type * as s from '@/server/db/schema';
import { createRandom, deriveSeed } from './random';
import { ratingNear, reviewText } from './reviews';
import type { DealInsert, DealProductInsert, DealProductStockInsert } from './rows';

export type OrderInsert = typeof s.orders.$inferInsert;
export type OrderLineInsert = typeof s.orderLines.$inferInsert;
export type VoucherInsert = typeof s.vouchers.$inferInsert;
export type ReviewInsert = typeof s.reviews.$inferInsert;

/** The seed's customers: accounts with no password (nobody signs in as them), named on their reviews. */
export const SEED_SHOPPERS: ReadonlyArray<{ email: string; firstName: string; lastName: string }> = [
  { email: 'sarah.ahmed@shoppers.tuppence.test', firstName: 'Sarah', lastName: 'Ahmed' },
  { email: 'james.wilson@shoppers.tuppence.test', firstName: 'James', lastName: 'Wilson' },
  { email: 'priya.patel@shoppers.tuppence.test', firstName: 'Priya', lastName: 'Patel' },
  { email: 'callum.fraser@shoppers.tuppence.test', firstName: 'Callum', lastName: 'Fraser' },
  { email: 'megan.jones@shoppers.tuppence.test', firstName: 'Megan', lastName: 'Jones' },
  { email: 'kwame.mensah@shoppers.tuppence.test', firstName: 'Kwame', lastName: 'Mensah' },
  { email: 'niamh.obrien@shoppers.tuppence.test', firstName: 'Niamh', lastName: "O'Brien" },
  { email: 'gareth.evans@shoppers.tuppence.test', firstName: 'Gareth', lastName: 'Evans' },
];

/** The most vouchers one deal sells in the demo (its most popular deals). */
export const MAX_SALES_PER_DEAL = 20;
/** Sales end this long before "now", and redemptions at least REDEEMED_BEFORE_DAYS before it. */
const SALES_END_DAYS = 20;
/** Older than the review-ask window (domain/reviews: 14 days), so the hourly jobs mail no seed shopper. */
const REDEEMED_BEFORE_DAYS = 15;
/** Of the deals whose customers review (about 70%), the share of vouchers that were reviewed. */
const REVIEWED_SHARE = 0.75;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Where the seed's ids start, and who the shoppers are (their user ids, in SEED_SHOPPERS order). */
export interface SalesIds {
  shopperIds: readonly number[];
  nextOrderId: number;
  nextOrderLineId: number;
  nextVoucherId: number;
}

export interface SalesRows {
  orders: OrderInsert[];
  orderLines: OrderLineInsert[];
  vouchers: VoucherInsert[];
  reviews: ReviewInsert[];
}

/** The ids a catalogue built without a database uses: shoppers 1 to 8, orders from 1. */
export function defaultSalesIds(): SalesIds {
  return {
    shopperIds: SEED_SHOPPERS.map((_, index) => index + 1),
    nextOrderId: 1,
    nextOrderLineId: 1,
    nextVoucherId: 1,
  };
}

const CODE_SPACE = 1n << 40n;
/** An odd multiplier: a bijection on 40 bits, so distinct voucher ids give distinct codes. */
const CODE_MULTIPLIER = 0x9e3779b97fn;

/** A voucher code for a seeded voucher id, unique by construction and as readable as a bought one's. */
export function seedVoucherCode(voucherId: number): string {
  let mixed = (BigInt(voucherId) * CODE_MULTIPLIER + 0x5bd1e995n) % CODE_SPACE;
  const bytes = new Uint8Array(8);
  for (let i = 7; i >= 0; i -= 1) {
    bytes[i] = Number(mixed & 31n);
    mixed >>= 5n;
  }
  return voucherCodeFrom(bytes);
}

/**
 * One deal's sales: how many vouchers it sold (more for a popular deal), who bought them and when,
 * their redemption, and the reviews written through some of them. Sets the deal's bought count and
 * rating, and its options' sold counts, from what was made. Advances `ids`.
 */
export function buildSales(
  seed: number,
  deal: DealInsert,
  products: readonly DealProductInsert[],
  stock: readonly DealProductStockInsert[],
  ids: SalesIds,
  now: Date,
): SalesRows {
  const rows: SalesRows = { orders: [], orderLines: [], vouchers: [], reviews: [] };
  const rng = createRandom(deriveSeed(seed, 'sales', deal.id));
  const buyable = products.filter((p) => p.visibility !== 'hidden' && !p.disabled && !p.vipExclusive);
  const createdAt = deal.createdAt instanceof Date ? deal.createdAt.getTime() : now.getTime();
  const closing = deal.closingDate instanceof Date ? deal.closingDate.getTime() : now.getTime();
  const from = createdAt;
  const until = Math.min(now.getTime() - SALES_END_DAYS * DAY_MS, closing);
  const popularity = Math.min(1, Math.max(0, (deal.popularity ?? 0) / 10_000));
  // Popularity is skewed (most deals are quiet); its square keeps most deals' sales small and a few large.
  const wanted = Math.min(MAX_SALES_PER_DEAL, Math.floor(popularity ** 2 * MAX_SALES_PER_DEAL) + rng.int(0, 2));
  // The deal builder's average is the deal's quality: reviews' stars sit around it. No average: nobody reviews.
  const quality = deal.reviewAverage ?? null;
  const sold = new Map<number, number>();
  let units = 0;
  if (buyable.length > 0 && until - from >= DAY_MS) {
    while (units < wanted) {
      const product = rng.pick(buyable);
      const quantity = Math.min(wanted - units, rng.chance(0.2) ? 2 : 1);
      const shopper = rng.int(0, ids.shopperIds.length - 1);
      const userId = ids.shopperIds[shopper] as number;
      const person = SEED_SHOPPERS[shopper % SEED_SHOPPERS.length];
      const boughtAt = new Date(from + Math.floor(rng.next() * (until - from)));
      const orderId = ids.nextOrderId++;
      const lineId = ids.nextOrderLineId++;
      const postage = product.postagePriceMinor ?? 0;
      const lineTotal = (product.priceMinor + postage) * quantity;
      rows.orders.push({
        id: orderId,
        userId,
        currency: deal.currency === 'EUR' ? 'EUR' : 'GBP',
        totalMinor: lineTotal,
        cashAmountMinor: lineTotal,
        paymentMethod: 'credit_card',
        cardType: 'visa',
        idempotencyKey: `seed-order-${orderId}`,
        createdAt: boughtAt,
      });
      rows.orderLines.push({
        id: lineId,
        orderId,
        dealId: deal.id,
        dealProductId: product.id,
        title: product.title,
        quantity,
        unitPriceMinor: product.priceMinor,
        postageMinor: postage * quantity,
        lineTotalMinor: lineTotal,
      });
      for (let unit = 0; unit < quantity; unit += 1) {
        const voucherId = ids.nextVoucherId++;
        // Redeemed a few days to a few weeks after purchase, and always before the review-ask window.
        const redeemedAt = new Date(
          Math.min(
            boughtAt.getTime() + rng.int(1, 30) * DAY_MS + rng.int(0, 23) * HOUR_MS,
            now.getTime() - REDEEMED_BEFORE_DAYS * DAY_MS - rng.int(0, 23) * HOUR_MS,
          ),
        );
        rows.vouchers.push({
          id: voucherId,
          orderId,
          orderLineId: lineId,
          userId,
          dealId: deal.id,
          dealProductId: product.id,
          code: seedVoucherCode(voucherId),
          securityCode: securityCodeFrom(rng.int(0, 999_999)),
          status: 'redeemed',
          expiresAt: new Date(boughtAt.getTime() + (deal.voucherValidityDays ?? 180) * DAY_MS),
          statusChangedAt: redeemedAt,
          createdAt: boughtAt,
        });
        if (quality !== null && rng.chance(REVIEWED_SHARE)) {
          const rating = ratingNear(quality, rng.next());
          const [title, body] = reviewText(rng, rating);
          const writtenAt = new Date(redeemedAt.getTime() + rng.int(3, 9) * DAY_MS + rng.int(0, 23) * HOUR_MS);
          rows.reviews.push({
            dealId: deal.id,
            voucherId,
            orderId,
            userId,
            authorName: reviewerName(person?.firstName ?? '', person?.lastName ?? ''),
            rating,
            title,
            body,
            status: 'published',
            redeemedAt,
            createdAt: writtenAt,
            moderatedAt: new Date(writtenAt.getTime() + rng.int(2, 30) * HOUR_MS),
          });
        }
      }
      sold.set(product.id as number, (sold.get(product.id as number) ?? 0) + quantity);
      units += quantity;
    }
  }
  // "N bought" is what was sold here; the rating is the mean of the published reviews made here.
  const rating = ratingSummary(rows.reviews.map((review) => review.rating));
  deal.boughtCount = units;
  deal.reviewAverage = rating.average;
  deal.reviewCount = rating.count;
  for (const row of stock) row.soldCount = sold.get(row.productId) ?? 0;
  return rows;
}
