import { describe, expect, it } from 'vitest';
import { bookingGuide } from './travel-copy';

const base = {
  bookingCalendarOnRedemption: false,
  merchantName: 'Seaview Hotel',
  merchantPhone: '01234 567890',
  bookingHours: 'Monday to Friday, 9am to 5.30pm',
  isSoldByDate: false,
};

describe('spec 3 deal types: how booking works', () => {
  it('call-to-book gives the merchant’s phone number and hours', () => {
    const text = bookingGuide({ ...base, dealType: 'call-to-book' })?.lines.join(' ');
    expect(text).toContain('01234 567890');
    expect(text).toContain('Monday to Friday, 9am to 5.30pm');
  });

  it('mystery travel says what the shopper gets and when the destination is known', () => {
    expect(bookingGuide({ ...base, dealType: 'mystery-travel' })?.heading).toBe('What you get');
  });

  it('a deal booked on redemption says the date is chosen from the voucher', () => {
    const guide = bookingGuide({ ...base, dealType: 'calendar', bookingCalendarOnRedemption: true });
    expect(guide?.lines[0]).toMatch(/choose your date later, from the voucher/);
  });

  it('a standard deal has no booking guide; a dated stay has one only when sold by date', () => {
    expect(bookingGuide({ ...base, dealType: 'standard' })).toBeNull();
    expect(bookingGuide({ ...base, dealType: 'standard-travel' })).toBeNull();
    expect(bookingGuide({ ...base, dealType: 'standard-travel', isSoldByDate: true })).not.toBeNull();
  });
});
