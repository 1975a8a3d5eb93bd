/**
 * One deal as the deal page, its read API (GET /api/v1/deal/{id}) and its islands carry it,
 * plus the shapes of the deal page's other calls: reviews, related deals, sold-out sign-ups.
 */
import { z } from 'zod';
import { MESSAGES } from '@/domain/messages';
import { DealImageSchema, DealSummarySchema, MoneySchema, PriceDisplayModeSchema } from './deal';
import { DbIdSchema, INT4_MAX, text } from './text';

/**
 * A deal's short video (spec 3 video state; docs/decisions/056): shown muted in the gallery with its
 * poster, played while on screen. Captions are there wherever speech is heard.
 */
export const DealVideoSchema = z.object({
  /** The files to choose from, best first (WebM, then an MP4 for a browser without WebM). */
  sources: z.array(z.object({ url: z.string(), type: z.enum(['video/webm', 'video/mp4']) })).min(1),
  posterUrl: z.string(),
  /** A WebVTT captions file (English); never null when the video has speech. */
  captionsUrl: z.string().nullable(),
  hasSpeech: z.boolean(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  durationMs: z.number().int().positive(),
  /** What it shows, in words: its accessible name. */
  title: z.string(),
});

/** spec 3 Deal product, as a shopper may choose it. */
export const DealProductDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  price: MoneySchema,
  originalPrice: MoneySchema,
  postagePrice: MoneySchema,
  /**
   * DMCC Act 2024: what one unit costs at checkout with standard delivery, the price every page
   * shows (price plus postagePrice on a posted deal, else price; docs/decisions/051 "Shown prices").
   */
  shownPrice: MoneySchema,
  discountPercentage: z.number().int(),
  /** People a per-person price is quoted for (spec 5: at least 2). */
  minPeople: z.number().int(),
  numberOfNights: z.number().int().nullable(),
  /** YYYY-MM-DD */
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  hasDeposit: z.boolean(),
  depositPrice: MoneySchema.nullable(),
  vipExclusive: z.boolean(),
  isSoldOut: z.boolean(),
  /** Units left when stock is limited, else null. */
  remaining: z.number().int().nullable(),
  /** spec 3 totalRemainingForDay: what may still be sold today (daily allowance or stock), else null. */
  remainingForDay: z.number().int().nullable(),
  /** The option's own cap per order (spec 5), else null. */
  purchaseCap: z.number().int().nullable(),
  /**
   * The current evidence for the original price, or null (decision 024). Without it the option
   * carries no saving (originalPrice equals price, discountPercentage 0).
   */
  savingEvidence: z
    .object({
      source: z.enum(['merchant_price_list', 'retailer']),
      sourceName: z.string(),
      /** ISO 8601 */
      checkedAt: z.string(),
      checkedByName: z.string(),
    })
    .nullable(),
});

/**
 * spec 3 Deal layouts (`productDisplay.type`): how the deal page lays out the options. grid is one
 * option per row on a phone; 2x2 and claim-2x2 are two tiles to a row, claim-2x2 worded for a deal
 * whose options are claimed (docs/decisions/053).
 */
export const ProductDisplayTypeSchema = z.enum(['grid', '2x2', 'claim-2x2']);

export const DealDetailSchema = z.object({
  id: z.number().int(),
  headline: z.string(),
  title: z.string(),
  description: z.string(),
  highlights: z.array(z.string()),
  finePrint: z.array(z.string()),
  /** /deal/{id} */
  url: z.string(),
  priceDisplayMode: PriceDisplayModeSchema,
  /** spec 3 productDisplay.type: the options' layout on the deal page (docs/decisions/053). */
  productDisplay: z.object({ type: ProductDisplayTypeSchema }),
  pricePerPerson: z.boolean(),
  isTravel: z.boolean(),
  dealType: z.string(),
  /** spec 3 deliveryType: e-voucher, postal (the options ship: decision 051) or travel. */
  deliveryType: z.string(),
  /** The date is booked with the merchant after purchase, from the voucher (spec 4 calendar booking). */
  bookingCalendarOnRedemption: z.boolean(),
  /** A draft (not yet live) deal, shown only to operators and its merchant as a preview (spec 2 dealPreview). */
  isPreview: z.boolean(),
  /** ISO date-time. */
  closingDate: z.string(),
  /** Closed by status or past its closing date: the page says the deal has ended. */
  isClosed: z.boolean(),
  boughtCount: z.number().int(),
  reviewAverage: z.number().nullable(),
  reviewCount: z.number().int(),
  /** The deal's cap per order (spec 5), else null. */
  purchaseCap: z.number().int().nullable(),
  merchant: z.object({
    id: z.number().int(),
    name: z.string(),
    addressLine1: z.string(),
    town: z.string(),
    postcode: z.string(),
    phone: z.string(),
    website: z.string().nullable(),
    /** When the merchant takes bookings by phone (call-to-book), else null. */
    bookingHours: z.string().nullable(),
  }),
  location: z.object({ shortName: z.string(), name: z.string() }),
  category: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }),
  subCategory: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }).nullable(),
  images: z.array(DealImageSchema),
  /** The deal's video, else null. */
  video: DealVideoSchema.nullable(),
  products: z.array(DealProductDetailSchema),
  /** spec 4/5: every option sold out for a guest. */
  isSoldOut: z.boolean(),
});

/** A published review by a verified customer (spec 9; docs/decisions/046). */
export const ReviewSchema = z.object({
  id: z.number().int(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  /** ISO date-time. */
  createdAt: z.string(),
  /** Always true: every review is written through a redeemed voucher of the author's (decision 046). */
  verifiedPurchase: z.literal(true),
  /** ISO date-time the author's voucher was redeemed. */
  redeemedAt: z.string(),
});

/** GET /api/v1/deal/{id}/reviews?page=n (spec 9: 10 per page). */
export const ReviewPageSchema = z.object({
  dealId: z.number().int(),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
  /** Published reviews of the deal. */
  total: z.number().int(),
  reviews: z.array(ReviewSchema),
});

/** GET /api/v1/complementary-deals?dealId&limit */
export const ComplementaryDealsSchema = z.object({
  dealId: z.number().int(),
  deals: z.array(DealSummarySchema),
});

/**
 * POST /api/v1/deal/sold-out-notification. The same email rule runs in the browser and on the
 * server, with spec 5's wording.
 */
export const SoldOutNotificationEmailSchema = text({ error: MESSAGES.invalidEmail })
  .trim()
  .max(254, { error: MESSAGES.invalidEmail })
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

export const SoldOutNotificationRequestSchema = z.object({
  dealId: z.coerce.number({ error: 'dealId must be a deal id' }).pipe(DbIdSchema),
  email: SoldOutNotificationEmailSchema,
});

export { SIGNED_UP_MESSAGE } from '@/domain/sold-out-signup';

export const SoldOutNotificationResponseSchema = z.object({
  message: z.string(),
  /** False when this email had already signed up for this deal (the call is idempotent). */
  created: z.boolean(),
});

export type DealProductDetail = z.output<typeof DealProductDetailSchema>;
export type DealDetail = z.output<typeof DealDetailSchema>;
export type DealVideo = z.output<typeof DealVideoSchema>;
export type ProductDisplayType = z.output<typeof ProductDisplayTypeSchema>;
export type Review = z.output<typeof ReviewSchema>;
export type ReviewPage = z.output<typeof ReviewPageSchema>;
export type SoldOutNotificationRequest = z.input<typeof SoldOutNotificationRequestSchema>;

/** PostgreSQL integer ids stop here; a larger number names no deal. */
const MAX_DEAL_ID = INT4_MAX;

/**
 * A deal id from a path or query: 'invalid' when not a whole number (a 400), 'unknown' when
 * it is a number no deal can have (a 404), else the id.
 */
export function readDealId(raw: string | undefined | null): number | 'invalid' | 'unknown' {
  if (!raw || !/^\d+$/.test(raw)) return 'invalid';
  const id = Number(raw);
  return id >= 1 && id <= MAX_DEAL_ID ? id : 'unknown';
}

/** GET /api/v1/complementary-deals: the deal to relate to, and how many (default 8, at most 50). */
export const ComplementaryDealsQuerySchema = z.object({
  dealId: text({ error: 'dealId is required' }),
  limit: z.coerce.number().int().min(1).max(50).default(8),
});

/** GET /api/v1/deal/{id}/reviews: a 1-based page of 10 (spec 9). */
export const ReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
