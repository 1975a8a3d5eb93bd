/**
 * Rooms per night for the seeded hotel stays (docs/decisions/029): standard-travel and calendar travel deals
 * that do not book on redemption are sold by check-in date. Deterministic from the product id (no
 * draw from the deal's random stream, so every other seeded row stays as it was).
 */
import { addDays } from '@/domain/stays';
import type { DealInsert, DealProductFlightInsert, DealProductInsert, DealProductNightInsert } from './rows';

/** How far ahead the seeded stays can be booked. */
export const SEEDED_STAY_DAYS = 60;

/** A small stable hash of two numbers, 0 to 2^31. */
function mix(a: number, b: number): number {
  let h = (a ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = (h + b * 0xc2b2ae35) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0x27d4eb2d) >>> 0;
  return (h ^ (h >>> 16)) & 0x7fffffff;
}

/** True when the deal's stays are chosen by check-in date at purchase. */
export function isSoldByDate(deal: DealInsert): boolean {
  return (
    deal.isTravel === true &&
    (deal.dealType === 'standard-travel' || deal.dealType === 'calendar') &&
    deal.bookingCalendarOnRedemption !== true
  );
}

/**
 * The nights of each dated option from tomorrow: a few rooms a night, some nights full, and Friday and
 * Saturday nights dearer. The option's own fixed dates are cleared: the shopper picks them.
 */
export function buildStayNights(deal: DealInsert, products: DealProductInsert[], now: Date): DealProductNightInsert[] {
  if (!isSoldByDate(deal)) return [];
  const today = now.toISOString().slice(0, 10);
  const rows: DealProductNightInsert[] = [];
  for (const product of products) {
    if (product.numberOfNights === null || product.numberOfNights === undefined) continue;
    product.checkInDate = null;
    product.checkOutDate = null;
    const nights = Math.max(1, product.numberOfNights);
    // A weekend night costs about a tenth of the stay's price per night more, to the nearest pound.
    const weekend = Math.max(500, Math.round(product.priceMinor / nights / 10 / 100) * 100);
    for (let day = 1; day <= SEEDED_STAY_DAYS; day += 1) {
      const night = addDays(today, day);
      const weekday = new Date(`${night}T00:00:00Z`).getUTCDay();
      const roll = mix(product.id, day);
      rows.push({
        productId: product.id,
        night,
        roomsRemaining: roll % 9 === 0 ? 0 : 1 + (roll % 6),
        supplementMinor: weekday === 5 || weekday === 6 ? weekend : 0,
      });
    }
  }
  return rows;
}

/** UK departure airports (IATA code, name) a package with flights may leave from. */
const DEPARTURE_AIRPORTS: ReadonlyArray<readonly [string, string]> = [
  ['LGW', 'London Gatwick'],
  ['MAN', 'Manchester'],
  ['BHX', 'Birmingham'],
  ['STN', 'London Stansted'],
  ['BRS', 'Bristol'],
  ['EDI', 'Edinburgh'],
  ['GLA', 'Glasgow'],
  ['NCL', 'Newcastle'],
];

/**
 * spec 3 flights: an option with flights included (not a choose-your-flight deal, whose options are
 * already one per airport) flies from two to four airports: the first included, the others with a
 * supplement of £15 to £60.
 */
export function buildDepartureAirports(deal: DealInsert, products: DealProductInsert[]): DealProductFlightInsert[] {
  if (deal.dealType === 'choose-your-flight') return [];
  const rows: DealProductFlightInsert[] = [];
  for (const product of products) {
    if (!product.flights) continue;
    const roll = mix(product.id, 7);
    const count = 2 + (roll % 3);
    const start = roll % DEPARTURE_AIRPORTS.length;
    for (let i = 0; i < count; i += 1) {
      const airport = DEPARTURE_AIRPORTS[(start + i) % DEPARTURE_AIRPORTS.length];
      if (!airport) continue;
      rows.push({
        productId: product.id,
        airportCode: airport[0],
        airportName: airport[1],
        supplementMinor: i === 0 ? 0 : 1500 + (mix(product.id, i) % 10) * 500,
        sortOrder: i,
      });
    }
  }
  return rows;
}
