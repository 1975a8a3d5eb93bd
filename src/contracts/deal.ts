/** The shape of a deal as lists, cards and the read API carry it. */
import { z } from 'zod';

export const MoneySchema = z.object({
  amountMinor: z.number().int(),
  currency: z.enum(['GBP', 'EUR']),
});

export const PriceDisplayModeSchema = z.enum([
  'hidden',
  'show-discount',
  'show-discount-indicative',
  'show-original-price',
  'show-price',
  'show-vip-discount-price',
]);

export const DealImageSchema = z.object({
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
});

export const DealSummarySchema = z.object({
  id: z.number().int(),
  headline: z.string(),
  title: z.string(),
  /** /deal/{id} */
  url: z.string(),
  merchantName: z.string(),
  locationName: z.string(),
  category: z.object({ name: z.string(), shortName: z.string() }),
  subCategory: z.object({ id: z.number().int(), name: z.string(), shortName: z.string() }).nullable(),
  image: DealImageSchema,
  /**
   * What one unit of the from option costs (DMCC Act 2024): on a posted deal its price plus standard
   * postage, what checkout charges with standard delivery (docs/decisions/051 "Shown prices").
   */
  price: MoneySchema,
  /** The from option's original price, with the same postage on a posted deal (like for like). */
  originalPrice: MoneySchema,
  /** A posted deal's standard postage included in `price` (0: free delivery); null when nothing is posted. */
  postage: MoneySchema.nullable(),
  discountPercentage: z.number().int().min(0).max(100),
  priceDisplayMode: PriceDisplayModeSchema,
  pricePerPerson: z.boolean(),
  isTravel: z.boolean(),
  numberOfNights: z.number().int().nullable(),
  isSoldOut: z.boolean(),
  /** Units left when stock is limited (spec 9: limited availability shows up to 50), else null. */
  remaining: z.number().int().nullable(),
  boughtCount: z.number().int(),
  closingDate: z.string(),
  reviewAverage: z.number().nullable(),
  reviewCount: z.number().int(),
  hasVipExclusive: z.boolean(),
});

export type Money = z.output<typeof MoneySchema>;
export type PriceDisplayMode = z.output<typeof PriceDisplayModeSchema>;
export type DealImage = z.output<typeof DealImageSchema>;
export type DealSummary = z.output<typeof DealSummarySchema>;
