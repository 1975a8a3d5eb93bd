import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatLongDate,
  formatShortDate,
  formatUkYear,
  londonDay,
  londonDayParts,
  londonHour,
} from './format';

describe('en-GB formatting', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [13749, '13,749'],
    [1234567, '1,234,567'],
  ])('counts: %i reads %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });

  it('dates read day month year, travel dates in UTC and moments in UK time', () => {
    expect(formatShortDate(new Date('2027-03-05'))).toBe('5 Mar 2027');
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(formatLongDate(new Date('2027-06-30T23:30:00Z'))).toBe('1 July 2027');
  });
});

describe('the footer year', () => {
  it('is the year in the UK, which a late New Year’s Eve in UTC already shares', () => {
    expect(formatUkYear(new Date('2026-12-31T23:59:00Z'))).toBe('2026');
    expect(formatUkYear(new Date('2027-01-01T00:00:00Z'))).toBe('2027');
  });
});

describe('the UK calendar day and hour of an instant', () => {
  it('is the London day: British Summer Time moves a late UTC evening to the next day, winter does not', () => {
    expect(londonDay(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonDay(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(londonDay(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
    expect(londonDayParts(new Date('2026-06-30T23:30:00Z'))).toEqual({ year: 2026, month: 7, day: 1 });
    expect(londonDayParts(new Date('2026-11-05T09:00:00Z'))).toEqual({ year: 2026, month: 11, day: 5 });
  });

  it('is the London hour, across the spring change of the clocks (01:00 GMT becomes 02:00 BST)', () => {
    expect(londonHour(new Date('2026-03-29T00:30:00Z'))).toBe(0);
    expect(londonHour(new Date('2026-03-29T01:30:00Z'))).toBe(2);
    expect(londonHour(new Date('2026-10-25T23:59:00Z'))).toBe(23);
  });
});
