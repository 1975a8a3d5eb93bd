/**
 * The travel service (docs/decisions/029): rooms per night for dated options, departure airports of
 * choose-your-flight options, what a basket line's chosen stay and flight add to its price, taking
 * rooms inside the order transaction, and the evergreen mapping. Callers import only this module.
 */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { addDays, isIsoDate, nightsOfStay, roomsFor, type StayNight, staySupplement } from '@/domain/stays';
import { dealProducts, deals } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { dealProductFlights, dealProductNights, evergreenDeals } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;

/** spec 7 flights: a departure airport and what it adds per unit. */
export interface DepartureAirport {
  code: string;
  name: string;
  supplementMinor: number;
}

/** The nights on sale from `from` on, per option (options without dated stock are absent). */
export async function listStayNights(
  db: DbOrTx,
  productIds: readonly number[],
  from: string,
): Promise<Map<number, StayNight[]>> {
  const nights = new Map<number, StayNight[]>();
  if (productIds.length === 0) return nights;
  const rows = await db
    .select()
    .from(dealProductNights)
    .where(and(inArray(dealProductNights.productId, [...productIds]), gte(dealProductNights.night, from)))
    .orderBy(asc(dealProductNights.productId), asc(dealProductNights.night));
  for (const row of rows) {
    const list = nights.get(row.productId) ?? [];
    list.push({ night: row.night, roomsRemaining: row.roomsRemaining, supplementMinor: row.supplementMinor });
    nights.set(row.productId, list);
  }
  return nights;
}

/** The options among these that are sold by date (they have nights on sale or sold). */
export async function listDatedProductIds(db: DbOrTx, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ productId: dealProductNights.productId })
    .from(dealProductNights)
    .where(inArray(dealProductNights.productId, [...productIds]));
  return new Set(rows.map((row) => row.productId));
}

/** The departure airports per option, cheapest first (options without flights are absent). */
export async function listDepartureAirports(
  db: DbOrTx,
  productIds: readonly number[],
): Promise<Map<number, DepartureAirport[]>> {
  const airports = new Map<number, DepartureAirport[]>();
  if (productIds.length === 0) return airports;
  const rows = await db
    .select()
    .from(dealProductFlights)
    .where(inArray(dealProductFlights.productId, [...productIds]))
    .orderBy(asc(dealProductFlights.productId), asc(dealProductFlights.sortOrder), asc(dealProductFlights.id));
  for (const row of rows) {
    const list = airports.get(row.productId) ?? [];
    list.push({ code: row.airportCode, name: row.airportName, supplementMinor: row.supplementMinor });
    airports.set(row.productId, list);
  }
  return airports;
}

/** A basket line as far as its stay and flight go. */
export interface StayLine {
  id: number;
  dealProductId: number;
  checkInDate: string | null;
  numberOfNights: number | null;
  departureAirport: string | null;
}

/** What a line's chosen stay and flight add per unit, and the airport's name. */
export interface StayExtra {
  supplementMinor: number;
  airportName: string | null;
}

/**
 * Per line: the nights' supplements for its check-in and nights (priced whether or not rooms are
 * left: the order transaction is what refuses a stay that sold out) plus its airport's supplement.
 * Lines with neither are absent. The basket view and the order both price from this.
 */
export async function retrieveStayExtras(db: DbOrTx, lines: readonly StayLine[]): Promise<Map<number, StayExtra>> {
  const extras = new Map<number, StayExtra>();
  const dated = lines.filter((line) => line.checkInDate !== null && line.numberOfNights !== null);
  const flying = lines.filter((line) => line.departureAirport !== null);
  if (dated.length === 0 && flying.length === 0) return extras;
  const earliest = dated.map((line) => line.checkInDate ?? '').sort()[0] ?? '0001-01-01';
  const [nights, airports] = await Promise.all([
    listStayNights(
      db,
      dated.map((line) => line.dealProductId),
      earliest,
    ),
    listDepartureAirports(
      db,
      flying.map((line) => line.dealProductId),
    ),
  ]);
  for (const line of lines) {
    let supplementMinor = 0;
    let airportName: string | null = null;
    const stay = nights.get(line.dealProductId);
    if (stay && line.checkInDate !== null && line.numberOfNights !== null) {
      supplementMinor += staySupplement(stay, line.checkInDate, line.numberOfNights, 0) ?? 0;
    }
    const airport = airports.get(line.dealProductId)?.find((a) => a.code === line.departureAirport);
    if (airport) {
      supplementMinor += airport.supplementMinor;
      airportName = airport.name;
    }
    if (supplementMinor !== 0 || airportName !== null) extras.set(line.id, { supplementMinor, airportName });
  }
  return extras;
}

/**
 * Takes `rooms` from each night of a stay, inside the order transaction: one conditional UPDATE, so
 * a concurrent buyer of the same night waits on the row lock and then finds too few rooms. Answers
 * false (the caller rolls the order back) unless every night had enough.
 */
export async function takeNightStock(
  tx: Tx,
  stay: { productId: number; checkInDate: string; nights: number; rooms: number },
): Promise<boolean> {
  const nights = nightsOfStay(stay.checkInDate, stay.nights);
  const taken = await tx
    .update(dealProductNights)
    .set({ roomsRemaining: sql`${dealProductNights.roomsRemaining} - ${stay.rooms}` })
    .where(
      and(
        eq(dealProductNights.productId, stay.productId),
        inArray(dealProductNights.night, nights),
        gte(dealProductNights.roomsRemaining, stay.rooms),
      ),
    )
    .returning({ night: dealProductNights.night });
  if (taken.length === nights.length) return true;
  if (taken.length > 0) return false;
  // Nothing taken: a stay on an option not sold by date (no nights at all) needs no rooms.
  const [any] = await tx
    .select({ night: dealProductNights.night })
    .from(dealProductNights)
    .where(eq(dealProductNights.productId, stay.productId))
    .limit(1);
  return any === undefined;
}

/**
 * spec 2 evergreen: the deal an evergreen slug shows now, the first live one by position, or null.
 */
export async function resolveEvergreenDeal(db: DbOrTx, slug: string, now = new Date()): Promise<number | null> {
  const [row] = await db
    .select({ dealId: evergreenDeals.dealId })
    .from(evergreenDeals)
    .innerJoin(deals, eq(deals.id, evergreenDeals.dealId))
    .where(and(eq(evergreenDeals.slug, slug), eq(deals.status, 'live'), gte(deals.closingDate, now)))
    .orderBy(asc(evergreenDeals.position), asc(evergreenDeals.id))
    .limit(1);
  return row?.dealId ?? null;
}

/** Points an evergreen slug at a deal (operators; tests and the seed). */
export async function addEvergreenDeal(
  db: DbOrTx,
  entry: { slug: string; dealId: number; position?: number },
): Promise<void> {
  await db
    .insert(evergreenDeals)
    .values({ slug: entry.slug, dealId: entry.dealId, position: entry.position ?? 0 })
    .onConflictDoNothing();
}

/** Why a stay chosen on the deal page cannot go in the basket (wording in domain/basket-copy). */
export type StayProblem = 'chooseDates' | 'datesUnavailable' | 'chooseAirport';

/**
 * Checks the check-in date and departure airport sent with "Buy now" against the option: a dated
 * option needs a check-in whose nights all have rooms; an option with airports needs one of them.
 * Answers the check-out date to keep, or the problem.
 */
export async function checkStayChoice(
  db: DbOrTx,
  choice: {
    productId: number;
    checkInDate: string | undefined;
    nights: number | null;
    quantity: number;
    departureAirport: string | undefined;
    today: string;
  },
): Promise<
  { ok: true; checkOutDate: string | null; numberOfNights: number | null } | { ok: false; problem: StayProblem }
> {
  const [nights, airports] = await Promise.all([
    listStayNights(db, [choice.productId], choice.today),
    listDepartureAirports(db, [choice.productId]),
  ]);
  const options = airports.get(choice.productId) ?? [];
  if (options.length > 0 && !options.some((a) => a.code === choice.departureAirport)) {
    return { ok: false, problem: 'chooseAirport' };
  }
  const dated = (await listDatedProductIds(db, [choice.productId])).has(choice.productId);
  if (!dated) return { ok: true, checkOutDate: null, numberOfNights: choice.nights };
  // A dated option's stay is its own number of nights, whatever the form says.
  const [option] = await db
    .select({ pricePerPerson: deals.pricePerPerson, nights: dealProducts.numberOfNights })
    .from(dealProducts)
    .innerJoin(deals, eq(deals.id, dealProducts.dealId))
    .where(eq(dealProducts.id, choice.productId));
  const stayNights = option?.nights ?? choice.nights;
  const checkIn = choice.checkInDate;
  if (checkIn === undefined || !isIsoDate(checkIn) || stayNights === null || checkIn < choice.today) {
    return { ok: false, problem: 'chooseDates' };
  }
  const rooms = roomsFor(choice.quantity, option?.pricePerPerson ?? false);
  const supplement = staySupplement(nights.get(choice.productId) ?? [], checkIn, stayNights, rooms);
  if (supplement === null) return { ok: false, problem: 'datesUnavailable' };
  return { ok: true, checkOutDate: addDays(checkIn, stayNights), numberOfNights: stayNights };
}
