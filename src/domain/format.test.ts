import { describe, expect, it } from 'vitest';
import { formatCount, formatLongDate, formatShortDate, formatUkYear } from './format';

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
