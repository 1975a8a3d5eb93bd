/**
 * Booking after purchase (docs/decisions/029): a shopper with a voucher of a
 * bookingCalendarOnRedemption deal asks for a date; the merchant confirms (the voucher becomes
 * Booked), declines (the shopper asks again) or proposes another date (the shopper accepts it or asks
 * again). Every step is audited.
 */
import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { BookingStatus } from '../../domain/bookings';
import { users } from '../accounts/schema';
import { merchants } from '../catalog/schema';
import { vouchers } from '../vouchers/schema';

export type { BookingStatus };

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
    /** The date the merchant proposed instead (status proposed; kept once the shopper accepts it). */
    proposedDate: date('proposed_date'),
    /** What the merchant said when declining or proposing, shown to the shopper. */
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

/** Who did what to a booking, and when (request, confirm, decline, propose, the shopper's accept or pass). */
export const voucherBookingAudit = pgTable(
  'voucher_booking_audit',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => voucherBookings.id),
    action: text('action')
      .$type<'requested' | 'confirmed' | 'declined' | 'proposed' | 'accepted' | 'passed'>()
      .notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voucher_booking_audit_booking_idx').on(t.bookingId)],
);

export type VoucherBookingRow = typeof voucherBookings.$inferSelect;
