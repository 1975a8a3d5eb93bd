/**
 * Booking a date after purchase (spec 4 calendar booking: calendarStepTwo is the
 * shopper choosing the date, bcorStepOne the merchant's answer). Pure: the wording and which dates
 * may be asked for.
 */
import { addDays, isIsoDate } from './stays';

export const BOOKING_COPY = {
  notFound: 'We couldn’t find that booking.',
  notBookable: 'This voucher is used without booking a date through us.',
  notReady: 'Only a voucher that is Ready to Redeem can be booked.',
  alreadyRequested: 'You have already asked for a date. The merchant will confirm it or suggest another.',
  alreadyDecided: 'This booking has already been answered.',
  badDate: 'Choose a date, written as a day, month and year.',
  tooSoon: 'Choose a date from tomorrow onwards, so the merchant has time to confirm.',
  afterExpiry: 'Choose a date before your voucher expires.',
  requested: 'Thanks: we’ve sent your date to the merchant. We’ll show their answer here.',
  confirmed: 'Booking confirmed. The voucher is now Booked.',
  declined: 'Booking declined. The customer will be asked to choose another date.',
  proposed: 'Date proposed. The customer will be asked to accept it or choose another.',
  accepted: 'Thanks: your booking is confirmed and your voucher is now Booked.',
  noProposal: 'There is no proposed date waiting for your answer.',
  sameDate: 'Propose a different date from the one the customer asked for, or confirm theirs.',
} as const;

/**
 * Where a booking stands: the shopper asked (requested), the merchant answered (confirmed, declined,
 * or proposed another date, which the shopper accepts, making it confirmed, or passes over by asking
 * for another date: passed). A booking whose merchant closed is cancelled with its voucher's refund
 * (cancelled, docs/decisions/045).
 */
export type BookingStatus = 'requested' | 'confirmed' | 'declined' | 'proposed' | 'passed' | 'cancelled';

/** The date a booking is for: a proposal the shopper accepted, else the date they asked for. */
export function bookedDate(booking: {
  status: BookingStatus;
  requestedDate: string;
  proposedDate: string | null;
}): string {
  return booking.status === 'confirmed' && booking.proposedDate !== null ? booking.proposedDate : booking.requestedDate;
}

/** The first date a shopper may ask for: tomorrow (UTC calendar day). */
export function firstBookableDate(now: Date): string {
  return addDays(now.toISOString().slice(0, 10), 1);
}

/** The last date a shopper may ask for: the voucher's expiry day. */
export function lastBookableDate(expiresAt: Date): string {
  return expiresAt.toISOString().slice(0, 10);
}

/** Why a date cannot be asked for, or null when it can. */
export function bookableDateProblem(date: string, now: Date, expiresAt: Date): string | null {
  if (!isIsoDate(date)) return BOOKING_COPY.badDate;
  if (date < firstBookableDate(now)) return BOOKING_COPY.tooSoon;
  if (date > lastBookableDate(expiresAt)) return BOOKING_COPY.afterExpiry;
  return null;
}
