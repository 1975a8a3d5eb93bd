/**
 * Booking after purchase (spec 4 calendar booking; decisions 024, 029): the shopper's date request from the
 * voucher, and the merchant's answer from the dashboard. Plain form posts (Astro Actions).
 */
import { z } from 'zod';
import { blankable, DbIdInputSchema, text } from './text';

/** The voucher page's "Request this date" form. The date is checked by domain/bookings. */
export const BookingRequestFormSchema = z.object({
  voucherId: DbIdInputSchema,
  date: blankable(text().max(20)),
});

/**
 * The merchant's answer to a waiting request: confirm it, decline it (an optional note), or propose
 * another date (the date, checked by domain/bookings, and an optional note).
 */
export const BookingDecisionFormSchema = z.object({
  merchantId: DbIdInputSchema,
  bookingId: DbIdInputSchema,
  intent: z.enum(['confirm', 'decline', 'propose']),
  note: blankable(text().trim().max(300)),
  date: blankable(text().max(20)),
});

/** The voucher page's "Accept {date}": the shopper takes the date the merchant proposed. */
export const BookingAcceptFormSchema = z.object({
  voucherId: DbIdInputSchema,
});
