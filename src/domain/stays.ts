/**
 * Stays (decision 029): check-in dates and nights on dated travel options, the hotel deep-link
 * parameters (spec 2: arrival, departure, guests, product_id, utm_medium, utm_source) and a deposit's
 * balance due date. Pure: dates are ISO `YYYY-MM-DD` strings read as UTC calendar days, and "today"
 * is passed in (an injectable clock), never read here.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One night an option can be stayed, as the catalogue holds it. */
export interface StayNight {
  night: string;
  roomsRemaining: number;
  supplementMinor: number;
}

/** A check-in date for a stay of some nights: can it be booked, and what it adds to the option's price. */
export interface CheckInDay {
  date: string;
  isAvailable: boolean;
  /** The nights' supplements added up (0 when none, or when not available). */
  supplementMinor: number;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The ISO date `days` after `iso` (negative goes back). */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The nights a stay occupies: check-in and the nights after it, not the check-out day. */
export function nightsOfStay(checkIn: string, nights: number): string[] {
  return Array.from({ length: nights }, (_, i) => addDays(checkIn, i));
}

/**
 * How many rooms a line takes from each night: a per-person deal's people share one room
 * (spec 5: priced per person, at least 2), otherwise each unit bought is a room.
 */
export function roomsFor(quantity: number, pricePerPerson: boolean): number {
  return pricePerPerson ? 1 : quantity;
}

/**
 * Every possible check-in day for a stay of `stayNights` nights, from `today` to the last night on
 * sale: available when each night of the stay is on sale with at least `rooms` rooms left.
 */
export function checkInDays(nights: readonly StayNight[], stayNights: number, today: string, rooms = 1): CheckInDay[] {
  if (nights.length === 0 || stayNights < 1) return [];
  const byNight = new Map(nights.map((n) => [n.night, n]));
  const sorted = [...byNight.keys()].sort();
  const first = sorted[0] ?? today;
  const last = sorted.at(-1) ?? today;
  const start = first < today ? today : first;
  const days: CheckInDay[] = [];
  for (let date = start; date <= last; date = addDays(date, 1)) {
    let supplementMinor = 0;
    let isAvailable = true;
    for (const night of nightsOfStay(date, stayNights)) {
      const found = byNight.get(night);
      if (found === undefined || found.roomsRemaining < rooms) {
        isAvailable = false;
        break;
      }
      supplementMinor += found.supplementMinor;
    }
    days.push({ date, isAvailable, supplementMinor: isAvailable ? supplementMinor : 0 });
  }
  return days;
}

/** The supplement for one check-in, or null when that stay cannot be booked. */
export function staySupplement(
  nights: readonly StayNight[],
  checkIn: string,
  stayNights: number,
  rooms = 1,
): number | null {
  const byNight = new Map(nights.map((n) => [n.night, n]));
  let total = 0;
  for (const night of nightsOfStay(checkIn, stayNights)) {
    const found = byNight.get(night);
    if (found === undefined || found.roomsRemaining < rooms) return null;
    total += found.supplementMinor;
  }
  return total;
}

/** What a hotel deep link asked for, after the bad parts were dropped (spec 2 hotel deep-link parameters). */
export interface StayDeepLink {
  arrival?: string;
  departure?: string;
  /** departure minus arrival, when both are good. */
  nights?: number;
  guests?: number;
  productId?: number;
  utmMedium?: string;
  utmSource?: string;
  /** Why a parameter was ignored, in words for the shopper. */
  notes: string[];
}

/** The most guests a deep link may ask for; more is ignored as a typo. */
export const MAX_DEEP_LINK_GUESTS = 20;
const UTM_VALUE = /^[\w.\- ]{1,100}$/;

export const DEEP_LINK_NOTES = {
  badDates: 'We couldn’t read the dates in your link, so please choose your dates below.',
  pastDates: 'The dates in your link have passed, so please choose new dates below.',
  departureBeforeArrival:
    'The departure date in your link is not after the arrival date, so please choose your dates below.',
  badGuests: 'We couldn’t read the number of guests in your link, so please choose it below.',
} as const;

/**
 * Reads arrival, departure, guests, product_id, utm_medium and utm_source from a deal URL's query.
 * Bad or past dates are dropped with a note (never an error); a bad product id is dropped silently
 * (the page shows its default option).
 */
export function readStayDeepLink(query: URLSearchParams, today: string): StayDeepLink {
  const link: StayDeepLink = { notes: [] };
  const arrival = query.get('arrival')?.trim();
  const departure = query.get('departure')?.trim();
  if (arrival || departure) {
    if (!arrival || !isIsoDate(arrival) || (departure !== undefined && departure !== '' && !isIsoDate(departure))) {
      link.notes.push(DEEP_LINK_NOTES.badDates);
    } else if (arrival < today) {
      link.notes.push(DEEP_LINK_NOTES.pastDates);
    } else if (departure && departure <= arrival) {
      link.notes.push(DEEP_LINK_NOTES.departureBeforeArrival);
    } else {
      link.arrival = arrival;
      if (departure) {
        link.departure = departure;
        link.nights = daysBetween(arrival, departure);
      }
    }
  }
  const guests = query.get('guests')?.trim();
  if (guests) {
    const n = Number(guests);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_DEEP_LINK_GUESTS) link.guests = n;
    else link.notes.push(DEEP_LINK_NOTES.badGuests);
  }
  const productId = Number(query.get('product_id'));
  if (Number.isSafeInteger(productId) && productId > 0) link.productId = productId;
  const medium = query.get('utm_medium')?.trim();
  const source = query.get('utm_source')?.trim();
  if (medium && UTM_VALUE.test(medium)) link.utmMedium = medium;
  if (source && UTM_VALUE.test(source)) link.utmSource = source;
  return link;
}

/** What the deal offers for a deep link's arrival (spec 4 travel deep links). */
export interface DeepLinkDateMatch {
  /** A buyable option with fixed dates checks in on the arrival (it is the one preselected). */
  fixedDateOption: boolean;
  /** The night-by-night option shown sells that check-in, for the link's nights when it names them. */
  checkInOnSale: boolean;
}

/**
 * spec 4 travel deep links: "those dates are not available" is said only when the link asked for an
 * arrival and no option gives it: neither a fixed-date option checking in that day nor a check-in on
 * sale. A fixed-date option the arrival preselects is an answer, not an unavailable date.
 */
export function deepLinkDatesUnavailable(arrival: string | undefined, match: DeepLinkDateMatch): boolean {
  return arrival !== undefined && !match.fixedDateOption && !match.checkInOnSale;
}

/** How long before check-in a deposit's balance falls due (a UK package holiday norm: 6 weeks). */
export const BALANCE_DUE_DAYS_BEFORE_CHECK_IN = 42;
/** Without a check-in date the balance falls due this long after purchase. */
export const BALANCE_DUE_DAYS_AFTER_PURCHASE = 30;

/**
 * When a deposit's balance is due: 6 weeks before check-in, but never before the purchase day;
 * 30 days after purchase when the stay has no date yet.
 */
export function balanceDueDate(purchasedOn: string, checkIn: string | null): string {
  if (checkIn === null) return addDays(purchasedOn, BALANCE_DUE_DAYS_AFTER_PURCHASE);
  const due = addDays(checkIn, -BALANCE_DUE_DAYS_BEFORE_CHECK_IN);
  return due < purchasedOn ? purchasedOn : due;
}
