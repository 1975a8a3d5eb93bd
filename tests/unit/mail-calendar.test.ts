/** The calendar entry an email carries (decision 042): RFC 5545 text a calendar app reads in one tap. */
import { describe, expect, it } from 'vitest';
import { type CalendarEvent, calendarFile } from '@/server/mail/templates/calendar';

const booking: CalendarEvent = {
  uid: 'booking-42@tuppence.co.uk',
  stampedAt: '2027-03-01T09:30:15.123Z',
  when: { firstDay: '2027-03-05', lastDay: '2027-03-05' },
  summary: 'Afternoon tea for two at The Ivy Tea Rooms',
  location: 'The Ivy Tea Rooms, 12 High Street, Leeds, LS1 4AP',
};

/** The file's lines without their CRLF endings, folded lines joined again. */
const unfolded = (file: string) => file.replace(/\r\n /g, '').split('\r\n');

describe('calendarFile', () => {
  it('writes a published calendar with CRLF lines and a final CRLF', () => {
    const file = calendarFile([booking]);
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfolded(file);
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Tuppence//Email//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
    ]);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('a one-day booking is an all-day entry ending (exclusively) the next day, stamped in UTC', () => {
    const lines = unfolded(calendarFile([booking]));
    expect(lines).toContain('UID:booking-42@tuppence.co.uk');
    expect(lines).toContain('DTSTAMP:20270301T093015Z');
    expect(lines).toContain('DTSTART;VALUE=DATE:20270305');
    expect(lines).toContain('DTEND;VALUE=DATE:20270306');
    expect(lines).toContain('SUMMARY:Afternoon tea for two at The Ivy Tea Rooms');
    expect(lines).toContain('LOCATION:The Ivy Tea Rooms\\, 12 High Street\\, Leeds\\, LS1 4AP');
    expect(lines).not.toContain('BEGIN:VTIMEZONE');
  });

  it.each([
    ['a stay over a month end', '2027-01-30', '2027-02-01', '20270130', '20270202'],
    ['a stay over a year end', '2027-12-30', '2027-12-31', '20271230', '20280101'],
    ['a leap day', '2028-02-29', '2028-02-29', '20280229', '20280301'],
  ])('%s: DTSTART %s, DTEND the day after %s', (_name, firstDay, lastDay, start, end) => {
    const lines = unfolded(calendarFile([{ ...booking, when: { firstDay, lastDay } }]));
    expect(lines).toContain(`DTSTART;VALUE=DATE:${start}`);
    expect(lines).toContain(`DTEND;VALUE=DATE:${end}`);
  });

  it('a timed visit is in UK local time, with the Europe/London zone it names', () => {
    const lines = unfolded(
      calendarFile([{ ...booking, when: { start: '2027-07-05T19:30', end: '2027-07-05T21:00' } }]),
    );
    expect(lines).toContain('DTSTART;TZID=Europe/London:20270705T193000');
    expect(lines).toContain('DTEND;TZID=Europe/London:20270705T210000');
    expect(lines).toContain('BEGIN:VTIMEZONE');
    expect(lines).toContain('TZID:Europe/London');
    expect(lines.indexOf('END:VTIMEZONE')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
  });

  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    const summary = `Spa day; massage, “facial” and lunch\\tea ${'é'.repeat(60)}`;
    const file = calendarFile([{ ...booking, summary, description: 'Bring:\nthe voucher' }]);
    for (const line of file.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const lines = unfolded(file);
    expect(lines).toContain(`SUMMARY:Spa day\\; massage\\, “facial” and lunch\\\\tea ${'é'.repeat(60)}`);
    expect(lines).toContain('DESCRIPTION:Bring:\\nthe voucher');
  });

  it('is the same file for the same events (a retried send attaches the same entry)', () => {
    expect(calendarFile([booking])).toBe(calendarFile([{ ...booking }]));
  });

  it.each([
    ['no events', []],
    ['a last day before the first', [{ ...booking, when: { firstDay: '2027-03-05', lastDay: '2027-03-04' } }]],
    ['an end before the start', [{ ...booking, when: { start: '2027-03-05T19:00', end: '2027-03-05T18:00' } }]],
    ['a day that is not ISO', [{ ...booking, when: { firstDay: '5/3/2027', lastDay: '5/3/2027' } }]],
  ])('refuses %s', (_name, events) => {
    expect(() => calendarFile(events as CalendarEvent[])).toThrow(RangeError);
  });
});
