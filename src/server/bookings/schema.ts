/**
 * Booking after purchase (issue 24 item 5, issue 23 item 3): a shopper with a voucher of a
 * bookingCalendarOnRedemption deal asks for a date; the merchant confirms (the voucher becomes
 * Booked) or declines (the shopper asks again). Every decision is audited.
 */
import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { merchants } from '../catalog/schema';
import { vouchers } from '../vouchers/schema';

export type BookingStatus = 'requested' | 'confirmed' | 'declined';

export const voucherBookings = pgTable(
  'voucher_bookings',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    requestedDate: date('requested_date').notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('requested'),
    /** What the merchant said when declining (another date to try), shown to the shopper. */
    merchantNote: text('merchant_note'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id),
  },
  (t) => [
    index('voucher_bookings_voucher_idx').on(t.voucherId, t.requestedAt),
    index('voucher_bookings_merchant_idx').on(t.merchantId, t.status),
  ],
);

/** Who did what to a booking, and when (request, confirm, decline). */
export const voucherBookingAudit = pgTable(
  'voucher_booking_audit',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => voucherBookings.id),
    action: text('action').$type<'requested' | 'confirmed' | 'declined'>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voucher_booking_audit_booking_idx').on(t.bookingId)],
);

export type VoucherBookingRow = typeof voucherBookings.$inferSelect;
