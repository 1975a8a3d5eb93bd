/**
 * spec 3 Logging record: brand, dateTime (DD/MMMM/YYYY HH:mm:ss), basket token, customer token,
 * ip, description, userAgent, pageNotFound and reason. Pure: the shape and the date format; the
 * server's logger (src/server/log.ts) writes it as one JSON line.
 */

export interface LogRecord {
  brand: string;
  /** DD/MMMM/YYYY HH:mm:ss, UK time: "24/November/2026 18:40:05". */
  dateTime: string;
  basketToken: string | null;
  customerToken: string | null;
  ip: string | null;
  description: string;
  userAgent: string | null;
  /** The path of a page that was not found (no query string). */
  pageNotFound: string | null;
  reason: string | null;
}

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** spec 3: DD/MMMM/YYYY HH:mm:ss in UK time. */
export function formatLogDateTime(date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => PARTS.formatToParts(date).find((p) => p.type === type)?.value;
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** The path of a URL-ish string without its query or fragment (those can carry tokens). */
export function pathOnly(value: string): string {
  const cut = value.search(/[?#]/);
  const path = cut === -1 ? value : value.slice(0, cut);
  return path.slice(0, 500);
}
