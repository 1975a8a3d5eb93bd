/**
 * True urgency only (docs/decisions/048): every scarcity or time claim a shopper reads comes from data
 * the shop holds. "Only N left" from the live stock, and only at or under a threshold; "N bought" from
 * the vouchers actually sold; a countdown only to a real end (the deal's closing date, a campaign
 * window's last day), the same on every load, never a timer started per visit; and no claim the data
 * cannot show ("X people are looking at this"). Pure: the catalogue supplies the numbers, the pages the
 * clock.
 */
import { LIMITED_AVAILABILITY_MAX } from './availability';
import { SEASON_WINDOWS, type Season, type SeasonWindow } from './brands';
import { londonDayParts, londonHour } from './format';

/** spec 9 "limited availability max 50": "Only N left" shows at this many or fewer (and more than none). */
export const FEW_LEFT_THRESHOLD = LIMITED_AVAILABILITY_MAX;

/** How long a page may trust a live stock answer before asking again (the short-lived fetch). */
export const LIVE_STOCK_MAX_AGE_SECONDS = 15;

/** "Only N left" for a live count, or null: unlimited, sold out, none left, or more than the threshold. */
export function fewLeftText(remaining: number | null | undefined, isSoldOut = false): string | null {
  if (isSoldOut || remaining === null || remaining === undefined || !Number.isSafeInteger(remaining)) return null;
  if (remaining < 1 || remaining > FEW_LEFT_THRESHOLD) return null;
  return `Only ${remaining} left`;
}

/** What a live stock answer may say: the count when it is under the threshold, else nothing. */
export function fewLeftCount(remaining: number | null | undefined, isSoldOut = false): number | null {
  return fewLeftText(remaining, isSoldOut) === null ? null : (remaining as number);
}

const countFormat = new Intl.NumberFormat('en-GB');

/** "1,204 bought" from the vouchers actually sold (the catalogue counts every order's units); null for none. */
export function boughtText(soldCount: number): string | null {
  if (!Number.isSafeInteger(soldCount) || soldCount <= 0) return null;
  return `${countFormat.format(soldCount)} bought`;
}

/** A countdown a page may show: what ends, and the real instant it ends. */
export interface Countdown {
  label: string;
  /** ISO date-time of the end: the same on every load, whoever loads it. */
  endsAt: string;
}

const SEASON_LABELS: Record<Season, string> = {
  'black-friday': 'Black Friday deals',
  christmas: 'Christmas deals',
};

/** Midnight in London at the start of this calendar day (UTC offset of that day: GMT or BST). */
function londonMidnight(year: number, month: number, day: number): Date {
  const utcGuess = Date.UTC(year, month - 1, day);
  return new Date(utcGuess - londonHour(new Date(utcGuess)) * 3_600_000);
}

/**
 * spec 4 campaign windows (decision 003: every year): the countdown to the end of the window in force
 * (the end of its last UK day), or null outside every window. Two loads at any moments inside the window
 * answer the same end.
 */
export function campaignCountdown(now: Date, windows: readonly SeasonWindow[] = SEASON_WINDOWS): Countdown | null {
  const today = londonDayParts(now);
  const key = today.month * 100 + today.day;
  for (const window of windows) {
    if (key < window.from.month * 100 + window.from.day || key > window.to.month * 100 + window.to.day) continue;
    const lastDay = new Date(Date.UTC(today.year, window.to.month - 1, window.to.day + 1));
    const endsAt = londonMidnight(lastDay.getUTCFullYear(), lastDay.getUTCMonth() + 1, lastDay.getUTCDate());
    if (endsAt.getTime() <= now.getTime()) return null;
    return { label: SEASON_LABELS[window.season], endsAt: endsAt.toISOString() };
  }
  return null;
}

/** A deal's countdown: to its closing date, only while that is still ahead. */
export function dealCountdown(closingDate: string | Date | null, now: Date, label = 'This deal'): Countdown | null {
  if (closingDate === null) return null;
  const ends = new Date(closingDate);
  if (Number.isNaN(ends.getTime()) || ends.getTime() <= now.getTime()) return null;
  return { label, endsAt: ends.toISOString() };
}
