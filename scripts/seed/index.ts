/**
 * Seeds the demo catalogue into an empty database: the shop's reference locations and categories,
 * then demo merchants, deals, products, stock, image rows, and the seed shoppers' sales: orders,
 * vouchers (redeemed) and the verified reviews written through them (./sales.ts, decision 046).
 * Rows are generated and inserted a chunk at a time, so large catalogues (100,000 deals) stay within
 * memory. The demo lives
 * here, outside the shop's src/ (docs/decisions/036-demo-data-outside-the-shop.md); its pictures are
 * painted into the media folder by ./pictures.ts.
 */
import { and, asc, eq, getTableColumns, ilike, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db';
import { orderSearchDocuments, refreshSearchTerms } from '@/server/db';
import * as s from '@/server/db/schema';
import { addSponsoredDeal } from '@/server/sponsored';
import { seedDealVideos } from './deal-videos';
import { buildReferenceRows, type CatalogueRows, generateCatalogueChunks } from './generate';
import { type SalesIds, SEED_SHOPPERS } from './sales';
import { ensureGiftCardDeal, ensureVipMembershipDeal } from './shop-products';

export type { Catalogue, CatalogueOptions, CatalogueRows, ReferenceRows } from './generate';
export { FIRST_DEAL_ID, FIRST_PRODUCT_ID, generateCatalogue, generateCatalogueChunks } from './generate';
export { type PaintSummary, paintDealPictures } from './pictures';
export { ensureGiftCardDeal, ensureShopProducts } from './shop-products';

export const DEFAULT_SEED_DEALS = 3200;
export const DEFAULT_SEED = 20261123;
/** Deals generated and inserted per transaction. */
const DEALS_PER_CHUNK = 5000;
/** PostgreSQL allows 65,535 bind parameters per statement; stay well below it. */
const MAX_PARAMETERS = 60_000;
const MAX_ROWS_PER_INSERT = 1000;

export interface SeedOptions {
  /** How many deals to create (default 3,200). */
  deals?: number;
  /** Same seed, same catalogue (default 20261123). */
  seed?: number;
  /** Dates are laid out around this moment (default: now). */
  now?: Date;
  onProgress?: (message: string) => void;
  /** Add Tuppence's own gift card deal after the demo deals (the shop's seeds do; tests opt in). */
  giftCard?: boolean;
}

export interface SeedSummary {
  seed: number;
  locations: number;
  categories: number;
  merchants: number;
  deals: number;
  dealProducts: number;
  dealProductStock: number;
  dealImages: number;
  /** The seed shoppers' orders and vouchers (each redeemed), and the published reviews written through them. */
  orders: number;
  vouchers: number;
  reviews: number;
  /** Elapsed wall-clock milliseconds. */
  ms: number;
}

/** Raised when seeding would collide with deals already in the database. */
export class CatalogueNotEmpty extends Error {
  constructor() {
    super('The catalogue already has deals; reset the database before seeding it again.');
    this.name = 'CatalogueNotEmpty';
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Inserts rows in statements small enough for PostgreSQL's bind-parameter limit. */
async function insertInBatches(tx: Tx, table: PgTable, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(getTableColumns(table)).length;
  const batch = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / columns)));
  for (let start = 0; start < rows.length; start += batch) {
    await tx.insert(table).values(rows.slice(start, start + batch) as never);
  }
}

/** Serial ids were given explicitly, so move each sequence past the highest id. */
async function syncSequence(
  tx: Tx,
  table: 'locations' | 'merchants' | 'orders' | 'order_lines' | 'vouchers',
): Promise<void> {
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
  );
}

async function insertChunk(tx: Tx, rows: CatalogueRows): Promise<void> {
  // Parents before children, so every foreign key already has its row.
  await insertInBatches(tx, s.merchants, rows.merchants);
  await insertInBatches(tx, s.deals, rows.deals);
  await insertInBatches(tx, s.dealProducts, rows.dealProducts);
  await insertInBatches(tx, s.dealProductStock, rows.dealProductStock);
  await insertInBatches(tx, s.dealImages, rows.dealImages);
  await insertInBatches(tx, s.orders, rows.orders);
  await insertInBatches(tx, s.orderLines, rows.orderLines);
  await insertInBatches(tx, s.vouchers, rows.vouchers);
  await insertInBatches(tx, s.reviews, rows.reviews);
  await insertInBatches(tx, s.dealProductNights, rows.dealProductNights);
  await insertInBatches(tx, s.dealProductFlights, rows.dealProductFlights);
}

/** True when there are no deals yet, so seeding is safe. */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: s.deals.id }).from(s.deals).limit(1);
  return rows.length === 0;
}

/**
 * Fills an empty database with the demo catalogue and says how much it wrote.
 * Throws CatalogueNotEmpty if deals already exist.
 */
export async function seedCatalogue(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const deals = options.deals ?? DEFAULT_SEED_DEALS;
  const now = options.now ?? new Date();
  const report = options.onProgress ?? (() => {});
  if (!(await isCatalogueEmpty(db))) throw new CatalogueNotEmpty();

  const reference = buildReferenceRows();
  await db.transaction(async (tx) => {
    await insertInBatches(tx, s.locations, reference.locations);
    await insertInBatches(tx, s.categories, reference.categories);
    await syncSequence(tx, 'locations');
  });
  report(`Seeded ${reference.locations.length} locations and ${reference.categories.length} categories`);

  const summary: SeedSummary = {
    seed,
    locations: reference.locations.length,
    categories: reference.categories.length,
    merchants: 0,
    deals: 0,
    dealProducts: 0,
    dealProductStock: 0,
    dealImages: 0,
    orders: 0,
    vouchers: 0,
    reviews: 0,
    ms: 0,
  };
  const sales = await prepareSales(db);
  for (const chunk of generateCatalogueChunks({ deals, seed, now, sales, chunkSize: DEALS_PER_CHUNK })) {
    await db.transaction((tx) => insertChunk(tx, chunk));
    summary.merchants += chunk.merchants.length;
    summary.deals += chunk.deals.length;
    summary.dealProducts += chunk.dealProducts.length;
    summary.dealProductStock += chunk.dealProductStock.length;
    summary.dealImages += chunk.dealImages.length;
    summary.orders += chunk.orders.length;
    summary.vouchers += chunk.vouchers.length;
    summary.reviews += chunk.reviews.length;
    report(`Seeded ${summary.deals} of ${deals} deals`);
  }
  await db.transaction(async (tx) => {
    for (const table of ['merchants', 'orders', 'order_lines', 'vouchers'] as const) await syncSequence(tx, table);
  });
  await recordSalesHistory(db, sales.shopperIds);
  // The shop's own products (./shop-products.ts): the gift card after the demo deals (it takes the
  // next ids) and before the price evidence, the VIP membership after it (it has no saving to evidence).
  if (options.giftCard) await ensureGiftCardDeal(db, now);
  await seedPriceEvidence(db, now);
  await ensureVipMembershipDeal(db, now);
  await seedEvergreenDeals(db);
  await seedSponsoredDeals(db);
  await seedDealVideos(db, now);
  const terms = await refreshSearchTerms(db);
  report(`Indexed ${terms} search terms`);
  // The bulk load appended the deals' search documents in id order: sort them by category (decision 073).
  if (await orderSearchDocuments(db)) report('Sorted the search documents by category');

  summary.ms = Math.round(performance.now() - started);
  report(`Seeded ${summary.deals} deals in ${summary.ms} ms`);
  return summary;
}

/**
 * The seed shoppers' accounts (added once; a database reseeded keeps them) and where the seed's order,
 * line and voucher ids start: past any already there.
 */
async function prepareSales(db: Db): Promise<SalesIds> {
  await db
    .insert(s.users)
    .values(
      SEED_SHOPPERS.map((shopper, index) => ({
        ...shopper,
        customerToken: `seed-shopper-${String(index + 1).padStart(4, '0')}`,
      })),
    )
    .onConflictDoNothing();
  const found = await db
    .select({ id: s.users.id, email: s.users.email })
    .from(s.users)
    .where(
      inArray(
        s.users.email,
        SEED_SHOPPERS.map((shopper) => shopper.email),
      ),
    );
  const byEmail = new Map(found.map((row) => [row.email, row.id]));
  const next = async (table: 'orders' | 'order_lines' | 'vouchers') => {
    const rows = await db.execute<{ next: number }>(
      sql`select coalesce(max(id), 0)::int + 1 as next from ${sql.identifier(table)}`,
    );
    return Number(rows.rows[0]?.next ?? 1);
  };
  return {
    shopperIds: SEED_SHOPPERS.map((shopper) => {
      const id = byEmail.get(shopper.email);
      if (id === undefined) throw new Error(`Seed shopper ${shopper.email} is missing`);
      return id;
    }),
    nextOrderId: await next('orders'),
    nextOrderLineId: await next('order_lines'),
    nextVoucherId: await next('vouchers'),
  };
}

/**
 * What the seed shoppers' purchases leave besides their rows, as a shopper's order and a merchant's
 * redemption write them: each voucher's redemption in its status history, and each shopper's count
 * of each deal bought (spec 5 per-user maximum).
 */
async function recordSalesHistory(db: Db, shopperIds: readonly number[]): Promise<void> {
  if (shopperIds.length === 0) return;
  const shoppers = sql.join(
    shopperIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into voucher_status_changes (voucher_id, from_status, to_status, event, actor, note, created_at)
    select v.id, case when d.is_travel then 'booked' else 'ready' end, 'redeemed', 'redeem', 'merchant',
           'Redeemed at the merchant (demo data)', v.status_changed_at
    from vouchers v
    join deals d on d.id = v.deal_id
    where v.user_id in (${shoppers}) and v.status = 'redeemed'
      and not exists (select 1 from voucher_status_changes c where c.voucher_id = v.id)
  `);
  await db.execute(sql`
    insert into user_deal_purchases (user_id, deal_id, quantity)
    select user_id, deal_id, count(*)::int from vouchers where user_id in (${shoppers}) group by user_id, deal_id
    on conflict (user_id, deal_id) do update set quantity = excluded.quantity
  `);
}

/**
 * The demo catalogue's original prices come from the merchants' own price lists, checked by
 * Tuppence's deals team in the last three weeks (so every seeded saving is evidenced and stays so for
 * at least a week after seeding; docs/decisions/024-merchant-dashboard-and-evidenced-savings.md).
 */
async function seedPriceEvidence(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    insert into price_evidence (deal_product_id, source, source_name, reference_price_minor, checked_at, checked_by_name)
    select p.id, 'merchant_price_list', m.name, p.original_price_minor,
           ${now.toISOString()}::timestamptz - (p.id % 21) * interval '1 day', 'the Tuppence deals team'
    from deal_products p
    join deals d on d.id = p.deal_id
    join merchants m on m.id = d.merchant_id
  `);
}

/** Evergreen slugs the demo answers (spec 2: /deals/{location}/e/{slug}), hotel-break and spa-day, each over a few live deals by popularity. */
async function seedEvergreenDeals(db: Db): Promise<void> {
  await db.execute(sql`
    insert into evergreen_deals (slug, deal_id, position)
    select 'hotel-break', id, row_number() over (order by popularity desc, id)
    from (select id, popularity from deals where status = 'live' and deal_type = 'standard-travel'
          order by popularity desc, id limit 3) picked
  `);
  await db.execute(sql`
    insert into evergreen_deals (slug, deal_id, position)
    select 'spa-day', d.id, row_number() over (order by d.popularity desc, d.id)
    from (select deals.id, deals.popularity from deals join categories c on c.id = deals.sub_category_id
          where deals.status = 'live' and c.short_name = 'spa' order by deals.popularity desc, deals.id limit 3) d
  `);
}

/**
 * Two demo ads (docs/decisions/030-form-actions-budget-and-discovery-remainders.md), so a search for pottery or an escape room shows a sponsored deal above
 * its results (the first live deal of each kind; none when the catalogue has none).
 */
async function seedSponsoredDeals(db: Db): Promise<void> {
  const ads = [
    { adId: 'demo-pottery', like: '%pottery%', keywords: ['pottery', 'ceramics', 'clay'] },
    { adId: 'demo-escape-room', like: '%escape room%', keywords: ['escape', 'puzzle'] },
  ];
  for (const ad of ads) {
    const [deal] = await db
      .select({ id: s.deals.id })
      .from(s.deals)
      .where(and(eq(s.deals.status, 'live'), ilike(s.deals.headline, ad.like)))
      .orderBy(asc(s.deals.id))
      .limit(1);
    if (deal) await addSponsoredDeal(db, { adId: ad.adId, dealId: deal.id, keywords: ad.keywords });
  }
}
