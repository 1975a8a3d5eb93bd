/**
 * Shared en-GB formatters. Building an Intl formatter is slow (tens of microseconds), so each is
 * built once per process here rather than in a component's frontmatter, which runs per render.
 */
const COUNT = new Intl.NumberFormat('en-GB');

/** 13749 → "13,749". */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** An object with a `format(number)` method, for callers that pass a formatter around. */
export const countFormat: Pick<Intl.NumberFormat, 'format'> = COUNT;

const SHORT_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** A calendar date (check-in, check-out) as "5 Mar 2027", read in UTC. */
export function formatShortDate(date: Date): string {
  return SHORT_DATE.format(date);
}

/** A moment as "5 March 2027" in UK time. */
export function formatLongDate(date: Date): string {
  return LONG_DATE.format(date);
}

const YEAR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric' });

/** The year in the UK at this moment ("2026"), for the footer's legal line. */
export function formatUkYear(date: Date): string {
  return YEAR.format(date);
}

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A moment as "5 Mar 2027, 14:05" in UK time (the merchant dashboard's audit). */
export function formatUkDateTime(date: Date): string {
  return DATE_TIME.format(date);
}
