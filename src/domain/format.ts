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

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The UK calendar date of an instant, "YYYY-MM-DD" (GMT or BST, as that day has it). */
export function londonDay(at: Date): string {
  return LONDON_DAY.format(at);
}

/** The UK calendar date of an instant as numbers (month 1–12). */
export function londonDayParts(at: Date): { year: number; month: number; day: number } {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = londonDay(at).split('-').map(Number);
  return { year, month, day };
}

const LONDON_HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' });

/** The UK hour (0–23) of an instant. */
export function londonHour(at: Date): number {
  return Number(LONDON_HOUR.format(at));
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
