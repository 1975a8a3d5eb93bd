/**
 * Dispatch of posted products (docs/decisions/051): what the merchant's shipping list says about a
 * parcel's dispatch day, what a tracking number may be, and the CSV a merchant uploads to mark many
 * parcels dispatched at once. Pure: no I/O.
 */
import { CARRIERS, type Carrier, daysBetween, type ShipmentStatus } from './delivery';
import { londonDay } from './format';

/** What the shipping page, its forms and the CSV report say. */
export const DISPATCH_COPY = {
  dispatched: 'Marked as dispatched. We have emailed the customer their tracking details.',
  delivered: 'Marked as delivered.',
  noSuchShipment: 'We could not find that parcel among your orders.',
  cancelled: 'This order was cancelled, so it cannot be dispatched.',
  alreadyDispatched: 'This parcel is already marked as dispatched.',
  notDispatched: 'Only a dispatched parcel can be marked as delivered.',
  alreadyDelivered: 'This parcel is already marked as delivered.',
  carrier: 'Choose the carrier from the list.',
  trackingNumber: 'Enter the tracking number: 4 to 40 letters, digits, spaces or dashes.',
  csvFile: 'Choose a CSV file of up to 200 KB.',
  csvHeader:
    'The first row must name the columns: a shipment or order reference, carrier and tracking number (e.g. "order,carrier,tracking number").',
  csvEmpty: 'The file has no rows to dispatch under its header row.',
  csvTooMany: 'Upload at most 500 rows at a time.',
  csvReference: 'Give a shipment number (like S12) or an order number.',
  csvNoParcel: 'No parcel of yours waits for dispatch in this order.',
} as const;

/** The shipping list's filters, the first the default. */
export const DISPATCH_FILTERS = [
  { value: 'to-ship', label: 'To ship', statuses: ['ordered'] },
  { value: 'dispatched', label: 'Dispatched', statuses: ['dispatched'] },
  { value: 'all', label: 'All', statuses: null },
] as const satisfies readonly { value: string; label: string; statuses: readonly ShipmentStatus[] | null }[];
export type DispatchFilter = (typeof DISPATCH_FILTERS)[number]['value'];

/** The filter a query string names, else "to ship". */
export function readDispatchFilter(value: string | null | undefined): DispatchFilter {
  return DISPATCH_FILTERS.find((filter) => filter.value === value)?.value ?? 'to-ship';
}

/** How urgent an undispatched parcel is: past its dispatch day, due today, or neither. */
export type DispatchUrgency = 'overdue' | 'due-today' | null;

/** Days from today (London) to the dispatch day: negative when overdue. */
export function daysToDispatch(dispatchBy: string, now: Date): number {
  return daysBetween(londonDay(now), dispatchBy);
}

/** Consumer Rights Act 2015 s28: an undispatched parcel past its promised day is overdue. */
export function dispatchUrgency(status: ShipmentStatus, dispatchBy: string, now: Date): DispatchUrgency {
  if (status !== 'ordered') return null;
  const left = daysToDispatch(dispatchBy, now);
  if (left < 0) return 'overdue';
  return left === 0 ? 'due-today' : null;
}

/** "Overdue by 2 days", "Due today", "3 days left". */
export function describeDaysLeft(daysLeft: number): string {
  if (daysLeft < 0) return `Overdue by ${-daysLeft} ${-daysLeft === 1 ? 'day' : 'days'}`;
  if (daysLeft === 0) return 'Due today';
  return `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left`;
}

/** The shipment reference a merchant reads and writes in a CSV: "S" and its number. */
export function shipmentReference(shipmentId: number): string {
  return `S${shipmentId}`;
}

const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/;

/** A tracking number as typed (trimmed, upper case), or null when it cannot be one. */
export function normaliseTrackingNumber(value: string): string | null {
  const trimmed = value.trim().replace(/\s+/g, ' ').toUpperCase();
  return TRACKING_NUMBER.test(trimmed) ? trimmed : null;
}

/** A carrier by its key ("royal-mail") or its name ("Royal Mail"), in any case; null when unknown. */
export function readCarrier(value: string): Carrier | null {
  const wanted = value.trim().toLowerCase();
  for (const [key, carrier] of Object.entries(CARRIERS)) {
    if (key === wanted || carrier.name.toLowerCase() === wanted) return key as Carrier;
  }
  return null;
}

/** The largest CSV accepted, and the most rows in it. */
export const DISPATCH_CSV_MAX_BYTES = 200_000;
export const DISPATCH_CSV_MAX_ROWS = 500;

/** One data row of a dispatch CSV, as read: a parcel (by shipment) or every waiting parcel of an order. */
export type DispatchCsvRow =
  | {
      line: number;
      reference: string;
      target: { shipmentId: number } | { orderId: number };
      carrier: Carrier;
      trackingNumber: string;
    }
  | { line: number; reference: string; refused: string };

/** Splits CSV text into rows of fields (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
export function splitCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

const HEADER_NAMES = {
  shipment: ['shipment', 'shipment id', 'shipment reference', 'parcel'],
  order: ['order', 'order id', 'order number', 'order reference', 'reference'],
  carrier: ['carrier', 'courier'],
  tracking: ['tracking number', 'tracking', 'tracking no', 'tracking id'],
} as const;

/**
 * Reads a dispatch CSV: a header row naming a shipment or order column, the carrier and the tracking
 * number (any order, any case), then one parcel or order a row. Each row is read on its own, so one
 * bad row is refused with its reason and the others go ahead. Throws the message for a file that
 * cannot be read at all (no header, no rows, too many).
 */
export function parseDispatchCsv(text: string): DispatchCsvRow[] {
  const [header, ...rows] = splitCsv(text);
  if (header === undefined) throw new Error(DISPATCH_COPY.csvHeader);
  const names = header.map((cell) => cell.trim().toLowerCase().replace(/[_-]+/g, ' '));
  const find = (wanted: readonly string[]) => names.findIndex((name) => wanted.includes(name));
  const shipmentColumn = find(HEADER_NAMES.shipment);
  const orderColumn = find(HEADER_NAMES.order);
  const carrierColumn = find(HEADER_NAMES.carrier);
  const trackingColumn = find(HEADER_NAMES.tracking);
  if ((shipmentColumn < 0 && orderColumn < 0) || carrierColumn < 0 || trackingColumn < 0) {
    throw new Error(DISPATCH_COPY.csvHeader);
  }
  if (rows.length === 0) throw new Error(DISPATCH_COPY.csvEmpty);
  if (rows.length > DISPATCH_CSV_MAX_ROWS) throw new Error(DISPATCH_COPY.csvTooMany);
  return rows.map((cells, index) => {
    const line = index + 2;
    const cell = (column: number) => (column < 0 ? '' : (cells[column] ?? '').trim());
    const shipmentCell = cell(shipmentColumn);
    const orderCell = cell(orderColumn);
    const reference = shipmentCell || orderCell;
    const shipmentId = /^s?\d{1,9}$/i.test(shipmentCell) ? Number(shipmentCell.replace(/^s/i, '')) : null;
    const orderId = /^#?\d{1,9}$/.test(orderCell) ? Number(orderCell.replace(/^#/, '')) : null;
    const target = shipmentId !== null ? { shipmentId } : orderId !== null ? { orderId } : null;
    if (target === null) return { line, reference, refused: DISPATCH_COPY.csvReference };
    const carrier = readCarrier(cell(carrierColumn));
    if (carrier === null) return { line, reference, refused: DISPATCH_COPY.carrier };
    const trackingNumber = normaliseTrackingNumber(cell(trackingColumn));
    if (trackingNumber === null) return { line, reference, refused: DISPATCH_COPY.trackingNumber };
    return { line, reference, target, carrier, trackingNumber };
  });
}
