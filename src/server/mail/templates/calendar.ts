/**
 * Calendar entries an email carries (decision 042): RFC 5545 iCalendar text that a calendar app adds
 * in one tap. A day or a span of days is an all-day entry (DATE values, the end exclusive); a timed
 * visit is in UK local time with the Europe/London zone it names. CRLF line ends, lines folded at 75
 * octets without splitting a character, text escaped as the RFC asks. Pure: the same events always
 * give the same file, so a retried send attaches the same entry.
 */

/** When an event happens: whole days (YYYY-MM-DD, both inclusive), or a UK local time span. */
export type CalendarWhen = { firstDay: string; lastDay: string } | { start: string; end: string };

export interface CalendarEvent {
  /** Stable for what it describes, so a second copy updates the first. */
  uid: string;
  /** When the entry was made (an ISO moment), written as DTSTAMP in UTC. */
  stampedAt: string;
  when: CalendarWhen;
  summary: string;
  location: string;
  description?: string;
  url?: string;
}

/** The attachment's MIME type. */
export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A YYYY-MM-DD day as an iCalendar DATE (20270305); a day that is not real is refused. */
function dateValue(day: string): string {
  const match = DAY.exec(day);
  if (match === null || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
    throw new RangeError(`a calendar day is YYYY-MM-DD, got ${day}`);
  }
  return `${match[1]}${match[2]}${match[3]}`;
}

/** The day after a YYYY-MM-DD day. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** A UK local time (YYYY-MM-DDTHH:MM[:SS]) as an iCalendar local DATE-TIME (20270705T193000). */
function localValue(time: string): string {
  const match = LOCAL_TIME.exec(time);
  if (match === null) throw new RangeError(`a local time is YYYY-MM-DDTHH:MM, got ${time}`);
  return `${match[1]}${match[2]}${match[3]}T${match[4]}${match[5]}${match[6] ?? '00'}`;
}

/** An ISO moment as an iCalendar UTC DATE-TIME (20270301T093015Z). */
function utcValue(moment: string): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a moment: ${moment}`);
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // A continuation line starts with a space, which counts towards its 75.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/** Europe/London: GMT in winter, BST from the last Sunday of March to the last Sunday of October. */
const EUROPE_LONDON = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The DTSTART and DTEND lines of an event, checked (an end before its start is refused). */
function timeLines(when: CalendarWhen): string[] {
  if ('firstDay' in when) {
    const first = dateValue(when.firstDay);
    const last = dateValue(when.lastDay);
    if (last < first) throw new RangeError('a calendar entry ends before it starts');
    return [`DTSTART;VALUE=DATE:${first}`, `DTEND;VALUE=DATE:${dateValue(nextDay(when.lastDay))}`];
  }
  const start = localValue(when.start);
  const end = localValue(when.end);
  if (end <= start) throw new RangeError('a calendar entry ends before it starts');
  return [`DTSTART;TZID=Europe/London:${start}`, `DTEND;TZID=Europe/London:${end}`];
}

/** The .ics text of some events: UTF-8, CRLF line ends, a final CRLF. */
export function calendarFile(events: readonly CalendarEvent[]): string {
  if (events.length === 0) throw new RangeError('a calendar file needs an event');
  const timed = events.some((event) => 'start' in event.when);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tuppence//Email//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(timed ? EUROPE_LONDON : []),
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${utcValue(event.stampedAt)}`,
      ...timeLines(event.when),
      `SUMMARY:${escapeText(event.summary)}`,
      `LOCATION:${escapeText(event.location)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
