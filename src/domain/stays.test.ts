import { describe, expect, it } from 'vitest';
import {
  addDays,
  balanceDueDate,
  checkInDays,
  DEEP_LINK_NOTES,
  deepLinkDatesUnavailable,
  readStayDeepLink,
  roomsFor,
  staySupplement,
} from './stays';

const TODAY = '2026-11-24';
const nights = [
  { night: '2026-11-27', roomsRemaining: 2, supplementMinor: 0 },
  { night: '2026-11-28', roomsRemaining: 1, supplementMinor: 2000 },
  { night: '2026-11-29', roomsRemaining: 0, supplementMinor: 0 },
  { night: '2026-11-30', roomsRemaining: 3, supplementMinor: 0 },
];

describe('check-in days for a stay of some nights', () => {
  it('a day is bookable only when every night of the stay has a room, priced with their supplements', () => {
    const days = checkInDays(nights, 2, TODAY);
    expect(days).toEqual([
      { date: '2026-11-27', isAvailable: true, supplementMinor: 2000 },
      { date: '2026-11-28', isAvailable: false, supplementMinor: 0 },
      { date: '2026-11-29', isAvailable: false, supplementMinor: 0 },
      { date: '2026-11-30', isAvailable: false, supplementMinor: 0 },
    ]);
  });

  it('two rooms need two on each night; past nights are not offered', () => {
    expect(
      checkInDays(nights, 1, TODAY, 2)
        .filter((d) => d.isAvailable)
        .map((d) => d.date),
    ).toEqual(['2026-11-27', '2026-11-30']);
    expect(checkInDays(nights, 1, '2026-11-29').map((d) => d.date)).toEqual(['2026-11-29', '2026-11-30']);
  });

  it('the supplement of one check-in, or null when it cannot be booked', () => {
    expect(staySupplement(nights, '2026-11-27', 2)).toBe(2000);
    expect(staySupplement(nights, '2026-11-28', 2)).toBeNull();
    // Priced whether or not rooms are left (rooms 0): the order transaction refuses a sold-out stay.
    expect(staySupplement(nights, '2026-11-28', 2, 0)).toBe(2000);
  });

  it('a per-person deal’s people share one room; otherwise each unit is a room', () => {
    expect(roomsFor(4, true)).toBe(1);
    expect(roomsFor(3, false)).toBe(3);
  });
});

describe('spec 2 hotel deep-link parameters', () => {
  const read = (query: string) => readStayDeepLink(new URLSearchParams(query), TODAY);

  it('arrival, departure, guests and product_id preselect the stay', () => {
    expect(read('arrival=2026-12-01&departure=2026-12-03&guests=2&product_id=50000001')).toEqual({
      arrival: '2026-12-01',
      departure: '2026-12-03',
      nights: 2,
      guests: 2,
      productId: 50000001,
      notes: [],
    });
  });

  it('bad, impossible or past dates are ignored with a note, never an error', () => {
    expect(read('arrival=tomorrow')).toEqual({ notes: [DEEP_LINK_NOTES.badDates] });
    expect(read('arrival=2026-02-30')).toEqual({ notes: [DEEP_LINK_NOTES.badDates] });
    expect(read('arrival=2026-01-01&departure=2026-01-03')).toEqual({ notes: [DEEP_LINK_NOTES.pastDates] });
    expect(read('arrival=2026-12-03&departure=2026-12-01')).toEqual({
      notes: [DEEP_LINK_NOTES.departureBeforeArrival],
    });
    expect(read('guests=lots')).toEqual({ notes: [DEEP_LINK_NOTES.badGuests] });
  });

  it('utm_medium and utm_source are read for campaign attribution', () => {
    expect(read('utm_medium=email&utm_source=hotel-partner')).toMatchObject({
      utmMedium: 'email',
      utmSource: 'hotel-partner',
    });
  });
});

describe('spec 4 travel deep links: when the requested dates are not available', () => {
  const arrival = '2026-12-01';

  it('a fixed-date option checking in on the arrival is preselected, never "not available"', () => {
    expect(deepLinkDatesUnavailable(arrival, { fixedDateOption: true, checkInOnSale: false })).toBe(false);
  });

  it('a check-in on sale for the option shown is available', () => {
    expect(deepLinkDatesUnavailable(arrival, { fixedDateOption: false, checkInOnSale: true })).toBe(false);
    expect(deepLinkDatesUnavailable(arrival, { fixedDateOption: true, checkInOnSale: true })).toBe(false);
  });

  it('dates that match no option are not available', () => {
    expect(deepLinkDatesUnavailable(arrival, { fixedDateOption: false, checkInOnSale: false })).toBe(true);
  });

  it('a link without an arrival asks for no dates', () => {
    expect(deepLinkDatesUnavailable(undefined, { fixedDateOption: false, checkInOnSale: false })).toBe(false);
  });
});

describe('a deposit’s balance due date', () => {
  it('is 6 weeks before check-in, never before the purchase day, and 30 days on without a date', () => {
    expect(balanceDueDate(TODAY, '2027-03-01')).toBe(addDays('2027-03-01', -42));
    expect(balanceDueDate(TODAY, '2026-12-01')).toBe(TODAY);
    expect(balanceDueDate(TODAY, null)).toBe('2026-12-24');
  });
});
