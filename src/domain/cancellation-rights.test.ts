import { describe, expect, it } from 'vitest';
import {
  type CancellableLine,
  cancellationRightFor,
  describeCancellationRight,
  formatDay,
} from './cancellation-rights';
import { londonDay } from './format';
import { initialVoucherStatus } from './vouchers';

const line = (over: Partial<CancellableLine> = {}): CancellableLine => ({
  deliveryType: 'e-voucher',
  isTravel: false,
  bookingCalendarOnRedemption: false,
  startDate: null,
  endDate: null,
  ...over,
});

// Bought at 23:30 UK time on 1 June 2026 (22:30 UTC): the UK day is what counts.
const boughtAt = new Date('2026-06-01T22:30:00Z');

describe('decision 042, CCR 2013: the right to cancel each line of an order', () => {
  it.each([
    [
      'a voucher for a service: 14 days from the day of purchase (reg 29(2))',
      line(),
      { kind: 'serviceVoucher', lastDay: '2026-06-15' },
    ],
    [
      'a travel voucher whose date is chosen with the merchant later: a service voucher like any other',
      line({ isTravel: true, deliveryType: 'travel', bookingCalendarOnRedemption: true }),
      { kind: 'serviceVoucher', lastDay: '2026-06-15' },
    ],
    [
      'a product sent by post: 14 days from delivery (reg 29(3))',
      line({ deliveryType: 'postal' }),
      { kind: 'goods', days: 14 },
    ],
    [
      'a stay on fixed dates: no right to cancel (reg 28(1)(b)), and the shop does not refund a Booked voucher',
      line({ isTravel: true, deliveryType: 'travel', startDate: '2026-08-14', endDate: '2026-08-16' }),
      { kind: 'datedLeisure', startDate: '2026-08-14', endDate: '2026-08-16', refundLastDay: null },
    ],
    [
      'a travel package booked at purchase without dates on the line: still no right to cancel',
      line({ isTravel: true, deliveryType: 'travel' }),
      { kind: 'datedLeisure', startDate: null, endDate: null, refundLastDay: null },
    ],
    [
      'an event on a fixed date: no right to cancel, but its Ready voucher is still refunded within 14 days',
      line({ startDate: '2026-07-04' }),
      { kind: 'datedLeisure', startDate: '2026-07-04', endDate: null, refundLastDay: '2026-06-15' },
    ],
  ] as const)('%s', (_story, input, right) => {
    expect(cancellationRightFor(input, boughtAt)).toEqual(right);
  });

  it('agrees with the shop: a line is refundable of its own accord exactly when its voucher starts Ready to Redeem', () => {
    const lines = [
      line(),
      line({ startDate: '2026-07-04' }),
      line({ isTravel: true, startDate: '2026-08-14' }),
      line({ isTravel: true, bookingCalendarOnRedemption: true }),
    ];
    for (const input of lines) {
      const right = cancellationRightFor(input, boughtAt);
      const refundable =
        right.kind === 'serviceVoucher' || (right.kind === 'datedLeisure' && right.refundLastDay !== null);
      const startsReady = initialVoucherStatus(input.isTravel && !input.bookingCalendarOnRedemption) === 'ready';
      expect(refundable).toBe(startsReady);
    }
  });

  it('counts the UK day of purchase, not the UTC one', () => {
    expect(londonDay(new Date('2026-06-01T23:30:00Z'))).toBe('2026-06-02');
    expect(londonDay(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(cancellationRightFor(line(), new Date('2026-06-01T23:30:00Z'))).toEqual({
      kind: 'serviceVoucher',
      lastDay: '2026-06-16',
    });
  });

  it('words each right for the email, with its deadline or the regulation that removes it', () => {
    expect(formatDay('2026-06-15')).toBe('15 June 2026');
    const voucher = describeCancellationRight({ kind: 'serviceVoucher', lastDay: '2026-06-15' });
    expect(voucher.heading).toBe('You can cancel within 14 days');
    expect(voucher.sentences.join(' ')).toContain('until the end of 15 June 2026');
    expect(voucher.sentences.join(' ')).toContain('cancellation form');
    const goods = describeCancellationRight({ kind: 'goods', days: 14 });
    expect(goods.sentences.join(' ')).toContain('14 days after the day it arrives');
    const stay = describeCancellationRight({
      kind: 'datedLeisure',
      startDate: '2026-08-14',
      endDate: '2026-08-16',
      refundLastDay: null,
    });
    expect(stay.heading).toBe('No right to cancel');
    expect(stay.sentences.join(' ')).toContain('from 14 August 2026 to 16 August 2026');
    expect(stay.sentences.join(' ')).toContain('regulation 28(1)(b)');
    const event = describeCancellationRight({
      kind: 'datedLeisure',
      startDate: '2026-07-04',
      endDate: null,
      refundLastDay: '2026-06-15',
    });
    expect(event.sentences.join(' ')).toContain('on 4 July 2026');
    expect(event.sentences.join(' ')).toContain('We will still refund it if you cancel by the end of 15 June 2026');
  });
});
