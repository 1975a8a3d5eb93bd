/**
 * Dispatch rules (docs/decisions/051): a parcel's urgency against its promised dispatch day
 * (Consumer Rights Act 2015 s28), tracking numbers and carriers as merchants type them, and the CSV.
 */
import { describe, expect, it } from 'vitest';
import {
  DISPATCH_COPY,
  describeDaysLeft,
  dispatchUrgency,
  normaliseTrackingNumber,
  parseDispatchCsv,
  readCarrier,
  readDispatchFilter,
  splitCsv,
} from './dispatch';

describe('dispatch urgency (CRA 2015 s28: the promised dispatch day)', () => {
  const now = new Date('2026-12-03T10:00:00Z');
  it.each([
    ['ordered', '2026-12-02', 'overdue'],
    ['ordered', '2026-12-03', 'due-today'],
    ['ordered', '2026-12-04', null],
    ['dispatched', '2026-12-01', null],
    ['cancelled', '2026-12-01', null],
  ] as const)('%s, dispatch by %s: %s', (status, dispatchBy, expected) => {
    expect(dispatchUrgency(status, dispatchBy, now)).toBe(expected);
  });
  it.each([
    [-2, 'Overdue by 2 days'],
    [-1, 'Overdue by 1 day'],
    [0, 'Due today'],
    [1, '1 day left'],
    [3, '3 days left'],
  ])('%i days: %s', (days, said) => {
    expect(describeDaysLeft(days)).toBe(said);
  });
});

describe('what a merchant types', () => {
  it.each([
    [' ab 1234 5678 gb ', 'AB 1234 5678 GB'],
    ['15501234567890', '15501234567890'],
    ['abc', null],
    ['<script>', null],
    ['x'.repeat(41), null],
  ])('tracking number %j reads %j', (typed, read) => {
    expect(normaliseTrackingNumber(typed)).toBe(read);
  });
  it.each([
    ['royal-mail', 'royal-mail'],
    ['Royal Mail', 'royal-mail'],
    ['dpd', 'dpd'],
    ['Other courier', 'other'],
    ['Pigeon', null],
  ])('carrier %j is %j', (typed, carrier) => {
    expect(readCarrier(typed)).toBe(carrier);
  });
  it('filters: known values, else "to ship"', () => {
    expect(readDispatchFilter('all')).toBe('all');
    expect(readDispatchFilter('nonsense')).toBe('to-ship');
    expect(readDispatchFilter(null)).toBe('to-ship');
  });
});

describe('the dispatch CSV', () => {
  it('splits quoted fields, doubled quotes, CRLF and a byte-order mark', () => {
    expect(splitCsv('\uFEFFa,"b, c","say ""hi"""\r\n1,2,3\n\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ]);
  });
  it('reads each row on its own: a bad row refused with its reason, the rest kept', () => {
    const rows = parseDispatchCsv(
      'Tracking Number,Carrier,Order\nAB123456789GB,Royal Mail,#41\nAB1,dpd,42\nXY99887766,Pigeon,43\nXY99887766,evri,x\n',
    );
    expect(rows).toEqual([
      { line: 2, reference: '#41', target: { orderId: 41 }, carrier: 'royal-mail', trackingNumber: 'AB123456789GB' },
      { line: 3, reference: '42', refused: DISPATCH_COPY.trackingNumber },
      { line: 4, reference: '43', refused: DISPATCH_COPY.carrier },
      { line: 5, reference: 'x', refused: DISPATCH_COPY.csvReference },
    ]);
  });
  it('takes a shipment reference', () => {
    expect(parseDispatchCsv('shipment,carrier,tracking\nS12,ups,1Z999AA10123456784')[0]).toMatchObject({
      target: { shipmentId: 12 },
      carrier: 'ups',
    });
  });
  it.each([
    ['', DISPATCH_COPY.csvHeader],
    ['order,carrier\n1,dpd', DISPATCH_COPY.csvHeader],
    ['order,carrier,tracking number\n', DISPATCH_COPY.csvEmpty],
    [`order,carrier,tracking number\n${'1,dpd,ABCD1234\n'.repeat(501)}`, DISPATCH_COPY.csvTooMany],
  ])('refuses a file it cannot read whole', (text, message) => {
    expect(() => parseDispatchCsv(text)).toThrow(message);
  });
});
