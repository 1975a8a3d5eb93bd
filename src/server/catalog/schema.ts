/**
 * The catalogue's tables: locations, categories, merchants, deals, their options, stock, images,
 * search terms and sold-out sign-ups. One schema for both engines (PGlite embedded, PostgreSQL server).
 * Money is integer pence (`*_minor`), always with a currency code beside it. Spec 3 names the fields.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type; filled by a trigger (see migration 0001). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** spec 3 Location: a town or city we sell in, or one of the special locations. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    shortName: text('short_name').notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull().default('tuppence'),
    countryCode: text('country_code').notNull().default('gb'),
    region: text('region').notNull(),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    status: text('status').notNull().default('active'),
    siteGroup: text('site_group').notNull().default('local'),
    description: text('description').notNull().default(''),
    domain: text('domain').notNull().default('tuppence.co.uk'),
    /** local (a town or city), special (national-deal, travel, near-me, escapes, wellness-collection). */
    kind: text('kind').notNull().default('local'),
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('locations_short_name_key').on(t.shortName)],
);

/**
 * Categories and sub-categories share one table: a sub-category has a parent.
 * Ids are numeric and stable because payment rules name them (spec 5).
 */
export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    shortName: text('short_name').notNull(),
    name: text('name').notNull(),
    /** Travel menu group (spec 2): 'UK Travel' or 'International Travel'. */
    navigationType: text('navigation_type'),
    sortOrder: integer('sort_order').notNull().default(0),
    isTravel: boolean('is_travel').notNull().default(false),
  },
  (t) => [
    uniqueIndex('categories_parent_short_name_key').on(sql`coalesce(${t.parentId}, 0)`, t.shortName),
    index('categories_parent_idx').on(t.parentId),
  ],
);

export const merchants = pgTable('merchants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  addressLine1: text('address_line1').notNull(),
  town: text('town').notNull(),
  postcode: text('postcode').notNull(),
  phone: text('phone').notNull(),
  website: text('website'),
  /** When the merchant takes bookings by phone (call-to-book deals), e.g. "Mon to Fri, 9am to 5pm". */
  bookingHours: text('booking_hours'),
  locationId: integer('location_id')
    .notNull()
    .references(() => locations.id),
});

/** spec 3 Deal. */
export const deals = pgTable(
  'deals',
  {
    id: integer('id').primaryKey(),
    headline: text('headline').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
    finePrint: jsonb('fine_print').$type<string[]>().notNull().default([]),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: integer('sub_category_id').references(() => categories.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    currency: text('currency').notNull().default('GBP'),
    /** calendar, call-to-book, choose-your-flight, mystery-travel, standard, standard-travel */
    dealType: text('deal_type').notNull().default('standard'),
    /** hidden, show-discount, show-discount-indicative, show-original-price, show-price, show-vip-discount-price */
    priceDisplayMode: text('price_display_mode').notNull().default('show-discount'),
    /** grid, 2x2, claim-2x2 */
    productDisplayType: text('product_display_type').notNull().default('grid'),
    pricePerPerson: boolean('price_per_person').notNull().default(false),
    bookingCalendarOnRedemption: boolean('booking_calendar_on_redemption').notNull().default(false),
    giftClaim: boolean('gift_claim').notNull().default(false),
    /** e-voucher, postal, travel */
    deliveryType: text('delivery_type').notNull().default('e-voucher'),
    /**
     * A posted deal's dispatch promise in working days from the order (docs/decisions/051; at most
     * MAX_DISPATCH_DAYS, so delivery stays inside the Consumer Rights Act's 30 days).
     */
    dispatchDays: integer('dispatch_days').notNull().default(2),
    highFraudRisk: boolean('high_fraud_risk').notNull().default(false),
    /** Deal-level purchase cap per order (spec 5); null means no deal cap. */
    purchaseCap: integer('purchase_cap'),
    /** spec 3 userDealInfo.maxQuantityUserCanBuy: the most one account may buy over time; null means no limit. */
    maxPerUser: integer('max_per_user'),
    /** How long a bought voucher stays valid, in days from purchase. */
    voucherValidityDays: integer('voucher_validity_days').notNull().default(180),
    closingDate: timestamp('closing_date', { withTimezone: true }).notNull(),
    /** live, draft, closed; subscription: the VIP subscription deal (docs/decisions/027), sold but never listed */
    status: text('status').notNull().default('live'),
    isTravel: boolean('is_travel').notNull().default(false),
    popularity: integer('popularity').notNull().default(0),
    boughtCount: integer('bought_count').notNull().default(0),
    /**
     * Published, verified reviews only (docs/decisions/046): their mean rating and how many. The
     * reviews service recomputes both in the transaction that publishes or rejects one (setDealRating).
     */
    reviewAverage: real('review_average'),
    reviewCount: integer('review_count').notNull().default(0),
    /** Lowest visible product price, kept with the deal so lists sort without a join. */
    fromPriceMinor: integer('from_price_minor').notNull(),
    fromOriginalPriceMinor: integer('from_original_price_minor').notNull(),
    /**
     * The from option's standard postage when the deal is posted, else 0, so a list sorts and filters
     * by the shown price (from_price_minor + from_postage_minor) without a join (DMCC Act 2024;
     * docs/decisions/051 "Shown prices").
     */
    fromPostageMinor: integer('from_postage_minor').notNull().default(0),
    maxDiscountPercentage: integer('max_discount_percentage').notNull().default(0),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Early Bird Deals (home rail, /early-bird): the launch price holds until this moment. */
    earlyBirdUntil: timestamp('early_bird_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Weighted search document: headline A, title and tags B, merchant C, category and location D.
     * A trigger keeps it current on insert and update (migration 0001), so writers never compute it.
     */
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    index('deals_location_popularity_idx').on(t.locationId, t.popularity),
    index('deals_search_idx').using('gin', t.searchVector),
    index('deals_early_bird_idx').on(t.earlyBirdUntil),
    index('deals_category_idx').on(t.categoryId),
    index('deals_sub_category_idx').on(t.subCategoryId),
    index('deals_created_idx').on(t.createdAt),
  ],
);

/** spec 3 Deal product: one buyable option of a deal. */
export const dealProducts = pgTable(
  'deal_products',
  {
    id: integer('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    friendlyName: text('friendly_name').notNull(),
    priceMinor: integer('price_minor').notNull(),
    originalPriceMinor: integer('original_price_minor').notNull(),
    /** spec 3 postagePrice: standard delivery per unit of a posted product (0: free delivery). */
    postagePriceMinor: integer('postage_price_minor').notNull().default(0),
    /** Next day delivery per unit when the product offers it, else null (docs/decisions/051). */
    nextDayPostageMinor: integer('next_day_postage_minor'),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    displayDiscount: boolean('display_discount').notNull().default(true),
    /** Product-level purchase cap per order (spec 5); null means none. */
    purchaseCap: integer('purchase_cap'),
    /** Number of people a per-person price is quoted for (spec 5: at least 2). */
    minPeople: integer('min_people').notNull().default(1),
    numberOfNights: integer('number_of_nights'),
    checkInDate: date('check_in_date'),
    checkOutDate: date('check_out_date'),
    flights: boolean('flights').notNull().default(false),
    hasDeposit: boolean('has_deposit').notNull().default(false),
    depositPriceMinor: integer('deposit_price_minor'),
    /** visible, hidden */
    visibility: text('visibility').notNull().default('visible'),
    vipExclusive: boolean('vip_exclusive').notNull().default(false),
    /** What a VIP member pays for this option (the pricing pipeline's vipPrice rule); null: no VIP price. */
    vipPriceMinor: integer('vip_price_minor'),
    disabled: boolean('disabled').notNull().default(false),
    /** spec 3 delivery options: e-gift, ndd-gpk, std-gpk, none */
    deliveryOptions: jsonb('delivery_options').$type<string[]>().notNull().default(['none']),
    isGiftable: boolean('is_giftable').notNull().default(true),
    giftPackAvailable: boolean('gift_pack_available').notNull().default(false),
    giftWrapAvailable: boolean('gift_wrap_available').notNull().default(false),
    /** VVE (voucher validity extension) or DVP (protect my voucher) add-on, else null. */
    addonType: text('addon_type'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('deal_products_deal_idx').on(t.dealId)],
);

/**
 * Stock that checkout locks (SELECT ... FOR UPDATE or a conditional UPDATE).
 * quantityRemaining null means unlimited; remainingForDay resets with stockDay.
 */
export const dealProductStock = pgTable('deal_product_stock', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => dealProducts.id, { onDelete: 'cascade' }),
  quantityRemaining: integer('quantity_remaining'),
  dailyLimit: integer('daily_limit'),
  remainingForDay: integer('remaining_for_day'),
  stockDay: date('stock_day'),
  soldCount: integer('sold_count').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const dealImages = pgTable(
  'deal_images',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    extension: text('extension').notNull().default('svg'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('deal_images_deal_idx').on(t.dealId, t.position)],
);

/**
 * A deal's short video (spec 3 video state; docs/decisions/056-deal-videos.md): at most one a deal,
 * shown in its gallery, muted, with a poster. The files live in the media folder under
 * `/videos/deals/`. Captions are required where speech is heard, so a video with speech has them.
 */
export const dealVideos = pgTable(
  'deal_videos',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    /** The WebM (VP9) file every current browser plays. */
    webmUrl: text('webm_url').notNull(),
    /** An MP4 (H.264) file for a browser without WebM, else null. */
    mp4Url: text('mp4_url'),
    posterUrl: text('poster_url').notNull(),
    /** A WebVTT captions file; required when the video has speech. */
    captionsUrl: text('captions_url'),
    hasSpeech: boolean('has_speech').notNull().default(false),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** What the video shows, in words: its accessible name. */
    title: text('title').notNull(),
  },
  (t) => [
    uniqueIndex('deal_videos_deal_key').on(t.dealId),
    check('deal_videos_captions_where_speech', sql`not ${t.hasSpeech} or ${t.captionsUrl} is not null`),
  ],
);

/**
 * Every distinct word of the searchable text (unstemmed) with how many deals use it: the
 * vocabulary that typo tolerance matches a misspelt word against with pg_trgm.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    term: text('term').primaryKey(),
    deals: integer('deals').notNull(),
  },
  (t) => [index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`)],
);

/**
 * What search reads of each deal (docs/decisions/066): its search document and the columns search
 * filters, counts and orders by, about a quarter of a deals row, so matching, ranking and counting
 * thousands of deals touches a quarter of the bytes. A trigger on deals keeps each row equal to its
 * deal's in the same statement (migration 0034), so writers never maintain it; deleting a deal
 * deletes it. The GIN index takes new entries at once (no pending list for every search to scan).
 */
export const dealSearchDocuments = pgTable(
  'deal_search_documents',
  {
    dealId: integer('deal_id')
      .primaryKey()
      .references(() => deals.id, { onDelete: 'cascade' }),
    searchVector: tsvector('search_vector'),
    status: text('status').notNull(),
    closingDate: timestamp('closing_date', { withTimezone: true }).notNull(),
    categoryId: integer('category_id').notNull(),
    subCategoryId: integer('sub_category_id'),
    locationId: integer('location_id').notNull(),
    popularity: integer('popularity').notNull(),
    fromPriceMinor: integer('from_price_minor').notNull(),
    fromPostageMinor: integer('from_postage_minor').notNull(),
    maxDiscountPercentage: integer('max_discount_percentage').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('deal_search_documents_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    // The table is kept in this order (CLUSTER, migration 0035, docs/decisions/073): a word's matches
    // sit together, so a broad search reads a few hundred pages instead of most of the table.
    index('deal_search_documents_order_idx').on(t.categoryId, t.subCategoryId, t.locationId),
  ],
);

/** spec 4: sold-out deals take a sold-out notification sign-up. One per deal and email. */
export const soldOutNotifications = pgTable(
  'sold_out_notifications',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sold_out_notifications_deal_email_key').on(t.dealId, sql`lower(${t.email})`)],
);

export type Location = typeof locations.$inferSelect;

export type Category = typeof categories.$inferSelect;

export type Merchant = typeof merchants.$inferSelect;

export type DealRow = typeof deals.$inferSelect;

export type DealProductRow = typeof dealProducts.$inferSelect;

export type DealImageRow = typeof dealImages.$inferSelect;

export type DealVideoRow = typeof dealVideos.$inferSelect;

/**
 * The evidence behind an option's original ("was") price (docs/decisions/024). The latest row of an
 * option counts; a saving is shown only while it is current (domain/price-evidence). Rows are kept,
 * so the history of who checked what, and when, stays auditable.
 */
export const priceEvidence = pgTable(
  'price_evidence',
  {
    id: serial('id').primaryKey(),
    dealProductId: integer('deal_product_id')
      .notNull()
      .references(() => dealProducts.id, { onDelete: 'cascade' }),
    /** merchant_price_list (the merchant's own prices) or retailer (a named retailer's price). */
    source: text('source').notNull(),
    /** The retailer's name, or the merchant's name for its own price list. */
    sourceName: text('source_name').notNull(),
    sourceUrl: text('source_url'),
    /** The original price this evidence supports; a different original price is not supported by it. */
    referencePriceMinor: integer('reference_price_minor').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** The member who checked it (null: Tuppence's own team, named in checkedByName). */
    checkedByUserId: integer('checked_by_user_id'),
    checkedByName: text('checked_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The latest row of an option is found by this index (order by id desc limit 1).
  (t) => [index('price_evidence_product_idx').on(t.dealProductId, t.id)],
);

export type PriceEvidenceRow = typeof priceEvidence.$inferSelect;
