import { describe, expect, it } from 'vitest';
import { BOOKING_COPY, bookableDateProblem, bookedDate, firstBookableDate } from './bookings';

const NOW = new Date('2026-11-24T15:00:00Z');
const EXPIRES = new Date('2027-05-24T15:00:00Z');

describe('spec 4 calendar booking: which dates a voucher holder may ask for', () => {
  it('from tomorrow to the voucher’s expiry day', () => {
    expect(firstBookableDate(NOW)).toBe('2026-11-25');
    expect(bookableDateProblem('2026-11-25', NOW, EXPIRES)).toBeNull();
    expect(bookableDateProblem('2027-05-24', NOW, EXPIRES)).toBeNull();
  });

  it('refuses today, a date after expiry and a date that is not one', () => {
    expect(bookableDateProblem('2026-11-24', NOW, EXPIRES)).toBe(BOOKING_COPY.tooSoon);
    expect(bookableDateProblem('2027-05-25', NOW, EXPIRES)).toBe(BOOKING_COPY.afterExpiry);
    expect(bookableDateProblem('25/11/2026', NOW, EXPIRES)).toBe(BOOKING_COPY.badDate);
  });
});

describe('spec 4 calendar booking: the date a booking is for', () => {
  const asked = { requestedDate: '2026-12-05', proposedDate: '2026-12-06' };
  it('is the merchant’s proposed date once the shopper accepted it (confirmed)', () => {
    expect(bookedDate({ ...asked, status: 'confirmed' })).toBe('2026-12-06');
  });
  it('stays the date asked for while a proposal waits, and when the merchant confirmed it', () => {
    expect(bookedDate({ ...asked, status: 'proposed' })).toBe('2026-12-05');
    expect(bookedDate({ ...asked, proposedDate: null, status: 'confirmed' })).toBe('2026-12-05');
  });
});
