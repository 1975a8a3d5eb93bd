/**
 * spec 7 (decision 029): flights (a deal's departure airports and their supplements), travel/products/deal
 * (its options with the nights on sale) and the evergreen-deals service (the deal an evergreen path
 * shows now; spec 8 "dealIdOverride must be specified on Evergreen path").
 */
import { z } from 'zod';
import { MoneySchema } from './deal';
import { text } from './text';

export const FlightsQuerySchema = z.object({ dealId: text({ error: 'dealId is required' }) });

export const FlightsResponseSchema = z.object({
  dealId: z.number().int(),
  products: z.array(
    z.object({
      productId: z.number().int(),
      airports: z.array(z.object({ code: z.string(), name: z.string(), supplement: MoneySchema })),
    }),
  ),
});

export const TravelProductsQuerySchema = z.object({
  /** The first night to list, YYYY-MM-DD; today when absent. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'from is written YYYY-MM-DD' })
    .optional(),
});

export const TravelProductsResponseSchema = z.object({
  dealId: z.number().int(),
  products: z.array(
    z.object({
      productId: z.number().int(),
      title: z.string(),
      numberOfNights: z.number().int().nullable(),
      price: MoneySchema,
      /** Each night on sale: rooms left and what it adds to the stay's price. */
      nights: z.array(z.object({ night: z.string(), roomsRemaining: z.number().int(), supplement: MoneySchema })),
      /** The check-in days a stay of numberOfNights can start on now. */
      checkInDates: z.array(z.string()),
    }),
  ),
});

export const EvergreenDealQuerySchema = z.object({
  path: text({ error: 'path is required' }).max(500),
  dealIdOverride: z.coerce.number().int().positive().optional(),
});

export const EvergreenDealResponseSchema = z.object({
  path: z.string(),
  dealId: z.number().int(),
  url: z.string(),
});
