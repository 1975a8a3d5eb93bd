/**
 * Booking a date for a voucher (docs/decisions/029-travel-dates-flights-and-every-deal-path.md; spec 4
 * calendarStepTwo and bcorStepOne): the voucher's owner asks for a date or accepts one the merchant
 * proposed; a merchant member confirms, declines or proposes another. Each side is emailed.
 */

import { defineAction } from 'astro:actions';
import { BookingAcceptFormSchema, BookingDecisionFormSchema, BookingRequestFormSchema } from '@/contracts/booking';
import {
  acceptProposedDate,
  confirmBooking,
  declineBooking,
  proposeBookingDate,
  requestBooking,
} from '@/server/bookings';
import { getDb } from '@/server/db';
import { requireSignedIn } from '@/server/http';
import { requireMembership } from '@/server/merchants';
import { flushOutbox, publicOrigin } from '@/server/runtime';
import { answer } from './answer';

export const bookingActions = {
  /** The voucher's owner asks the merchant for a date. */
  requestBooking: defineAction({
    accept: 'form',
    input: BookingRequestFormSchema,
    handler: ({ voucherId, date }, context) =>
      answer('bookings', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const booking = await requestBooking(db, {
          voucherId,
          userId: user.id,
          date,
          now: new Date(),
          origin: publicOrigin(),
        });
        await flushOutbox();
        return { voucherId, bookingId: booking.id, requestedDate: booking.requestedDate };
      }),
  }),

  /** The voucher's owner accepts the date the merchant proposed; the voucher becomes Booked. */
  acceptBookingDate: defineAction({
    accept: 'form',
    input: BookingAcceptFormSchema,
    handler: ({ voucherId }, context) =>
      answer('bookings', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const booking = await acceptProposedDate(db, {
          voucherId,
          userId: user.id,
          now: new Date(),
          origin: publicOrigin(),
        });
        await flushOutbox();
        return { voucherId, bookingId: booking.id, date: booking.date };
      }),
  }),

  /** A merchant member confirms a requested date (the voucher becomes Booked), declines it with a note, or proposes another. */
  decideBooking: defineAction({
    accept: 'form',
    input: BookingDecisionFormSchema,
    handler: ({ merchantId, bookingId, intent, note, date }, context) =>
      answer('bookings', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        await requireMembership(db, user.id, merchantId);
        const decision = { merchantId, bookingId, userId: user.id, now: new Date(), origin: publicOrigin() };
        const said = note === '' ? null : note;
        const booking =
          intent === 'confirm'
            ? await confirmBooking(db, decision)
            : intent === 'propose'
              ? await proposeBookingDate(db, { ...decision, date, note: said })
              : await declineBooking(db, { ...decision, note: said });
        await flushOutbox();
        return { bookingId: booking.id, status: booking.status };
      }),
  }),
};
