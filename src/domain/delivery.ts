/**
 * Posted products (docs/decisions/051-posted-products.md): how a product that ships is delivered,
 * what each delivery option costs and when it promises to arrive, and the 30-day limit the
 * Consumer Rights Act 2015 s28 sets. Pure: no I/O; dates are UK calendar dates ("YYYY-MM-DD",
 * Europe/London), because a promise a shopper reads is a day, not an instant.
 */
import { londonDay, londonHour } from './format';

/** A product ships when its deal's spec 3 deliveryType is postal. */
export const POSTAL_DELIVERY_TYPE = 'postal';

/** The delivery options a posted product may offer (spec 3 productDeliveryOptions for goods). */
export const SHIPPING_METHODS = ['standard', 'next-day'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

/** Consumer Rights Act 2015 s28: goods are delivered within 30 days unless agreed otherwise. */
export const DELIVERY_LIMIT_DAYS = 30;
/** The most working days a merchant may promise to dispatch in (the promise then stays inside 30 days). */
export const MAX_DISPATCH_DAYS = 15;
/** Standard delivery arrives this many working days after dispatch (Royal Mail 2nd class, 48-hour couriers). */
export const STANDARD_TRANSIT_DAYS = { min: 2, max: 4 } as const;
/** A next-day order placed before this London hour is dispatched the same working day. */
export const NEXT_DAY_CUT_OFF_HOUR = 14;
/** A merchant is reminded of an undispatched order this many days before its dispatch date passes. */
export const DISPATCH_REMINDER_DAYS = 2;

/** The labels a shopper reads for each option. */
export const SHIPPING_METHOD_LABELS: Record<ShippingMethod, string> = {
  standard: 'Standard delivery',
  'next-day': 'Next day delivery',
};

/** What a product offers: standard postage always (possibly free), next day when priced. */
export interface ShippingPrices {
  postagePriceMinor: number;
  nextDayPostageMinor: number | null;
}

export interface DeliveryOption {
  method: ShippingMethod;
  label: string;
  /** Per unit, like spec 3 postagePrice. */
  priceMinor: number;
}

/** The options a posted product offers, standard first (the one every displayed price includes). */
export function deliveryOptionsFor(prices: ShippingPrices): DeliveryOption[] {
  const options: DeliveryOption[] = [
    { method: 'standard', label: SHIPPING_METHOD_LABELS.standard, priceMinor: prices.postagePriceMinor },
  ];
  if (prices.nextDayPostageMinor !== null) {
    options.push({
      method: 'next-day',
      label: SHIPPING_METHOD_LABELS['next-day'],
      priceMinor: prices.nextDayPostageMinor,
    });
  }
  return options;
}

/** The method a line ships by: the one asked for when the product offers it, else standard. */
export function chosenMethod(asked: string | null | undefined, prices: ShippingPrices): ShippingMethod {
  return asked === 'next-day' && prices.nextDayPostageMinor !== null ? 'next-day' : 'standard';
}

/** Postage per unit for a method (standard when the product does not offer the one asked for). */
export function postageFor(method: ShippingMethod, prices: ShippingPrices): number {
  return method === 'next-day' && prices.nextDayPostageMinor !== null
    ? prices.nextDayPostageMinor
    : prices.postagePriceMinor;
}

/**
 * DMCC Act 2024: the price shown for a posted product includes its mandatory charge, the standard
 * postage, so the figure on a card is what one unit costs at checkout with standard delivery.
 */
export function shownPriceMinor(priceMinor: number, deliveryType: string, postagePriceMinor: number): number {
  return deliveryType === POSTAL_DELIVERY_TYPE ? priceMinor + postagePriceMinor : priceMinor;
}

function parseDay(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Adds calendar days to a "YYYY-MM-DD" date. */
export function addDays(day: string, days: number): string {
  const date = parseDay(day);
  date.setUTCDate(date.getUTCDate() + days);
  return formatDay(date);
}

function isWorkingDay(day: string): boolean {
  const weekday = parseDay(day).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The date `n` working days (Monday to Friday) after `day`; 0 is `day` itself or the next working day. */
export function addWorkingDays(day: string, n: number): string {
  let current = day;
  while (!isWorkingDay(current)) current = addDays(current, 1);
  let left = n;
  while (left > 0) {
    current = addDays(current, 1);
    if (isWorkingDay(current)) left -= 1;
  }
  return current;
}

/** Whole days from `from` to `to` (both "YYYY-MM-DD"). */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / 86_400_000);
}

/** What an order of a posted product promises: dispatched by one day, delivered within a range. */
export interface DeliveryPromise {
  method: ShippingMethod;
  /** The last day the merchant may dispatch on; past it the shopper may cancel for a full refund. */
  dispatchBy: string;
  deliverFrom: string;
  deliverBy: string;
}

/**
 * The promise an order placed at `now` makes: next day dispatches the same working day before the
 * cut-off (else the next) and arrives the working day after; standard dispatches within the deal's
 * working days and arrives 2–4 working days later. Never later than 30 days after the order.
 */
export function deliveryPromise(now: Date, method: ShippingMethod, dispatchDays: number): DeliveryPromise {
  const today = londonDay(now);
  const limit = addDays(today, DELIVERY_LIMIT_DAYS);
  const capped = (day: string) => (day > limit ? limit : day);
  if (method === 'next-day') {
    const sameDay = isWorkingDay(today) && londonHour(now) < NEXT_DAY_CUT_OFF_HOUR;
    const dispatchBy = sameDay ? today : addWorkingDays(addDays(today, 1), 0);
    const arrives = addWorkingDays(dispatchBy, 1);
    return { method, dispatchBy, deliverFrom: arrives, deliverBy: arrives };
  }
  const days = Math.min(Math.max(0, dispatchDays), MAX_DISPATCH_DAYS);
  const dispatchBy = capped(addWorkingDays(today, days));
  return {
    method,
    dispatchBy,
    deliverFrom: capped(addWorkingDays(dispatchBy, STANDARD_TRANSIT_DAYS.min)),
    deliverBy: capped(addWorkingDays(dispatchBy, STANDARD_TRANSIT_DAYS.max)),
  };
}

const DELIVERY_DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Thu 3 Dec" — a promised day as a shopper reads it. */
export function formatDeliveryDay(day: string): string {
  return DELIVERY_DAY.format(parseDay(day));
}

/** "Arrives Thu 3 Dec – Tue 8 Dec" or "Arrives Thu 3 Dec". */
export function describeArrival(promise: Pick<DeliveryPromise, 'deliverFrom' | 'deliverBy'>): string {
  return promise.deliverFrom === promise.deliverBy
    ? `Arrives ${formatDeliveryDay(promise.deliverFrom)}`
    : `Arrives ${formatDeliveryDay(promise.deliverFrom)} – ${formatDeliveryDay(promise.deliverBy)}`;
}

/** The states a shipment moves through (the shopper's order page shows them in this order). */
export const SHIPMENT_STATUSES = ['ordered', 'dispatched', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** Consumer Rights Act 2015 s28: past its dispatch day, an undispatched shipment may be cancelled for a full refund. */
export function isOverdue(status: ShipmentStatus, dispatchBy: string, now: Date): boolean {
  return status === 'ordered' && londonDay(now) > dispatchBy;
}

/** An undispatched shipment whose dispatch day is at most DISPATCH_REMINDER_DAYS away (or today). */
export function isNearDispatchLimit(status: ShipmentStatus, dispatchBy: string, now: Date): boolean {
  if (status !== 'ordered') return false;
  const left = daysBetween(londonDay(now), dispatchBy);
  return left >= 0 && left <= DISPATCH_REMINDER_DAYS;
}

/** The carriers a merchant picks from when marking a parcel dispatched, with their tracking pages. */
export const CARRIERS = {
  'royal-mail': { name: 'Royal Mail', trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/' },
  dpd: { name: 'DPD', trackingUrl: 'https://track.dpd.co.uk/parcels/' },
  evri: { name: 'Evri', trackingUrl: 'https://www.evri.com/track/parcel/' },
  dhl: { name: 'DHL', trackingUrl: 'https://www.dhl.com/gb-en/home/tracking.html?tracking-id=' },
  parcelforce: { name: 'Parcelforce', trackingUrl: 'https://www.parcelforce.com/track-trace?trackNumber=' },
  ups: { name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum=' },
  other: { name: 'Other courier', trackingUrl: '' },
} as const;
export type Carrier = keyof typeof CARRIERS;

/** The carrier's tracking page for a number, or null (an "other" courier has none we know). */
export function trackingLink(carrier: string, trackingNumber: string): string | null {
  const known = (CARRIERS as Record<string, { trackingUrl: string }>)[carrier];
  if (known === undefined || known.trackingUrl === '' || trackingNumber.trim() === '') return null;
  return `${known.trackingUrl}${encodeURIComponent(trackingNumber.trim())}`;
}
