import { describe, expect, it } from 'vitest';
import { checkTransition, eventsFrom, FINAL_STATUSES, VOUCHER_TRANSITIONS, type VoucherEvent } from './voucher-status';
import { VOUCHER_STATUSES } from './vouchers';

const EVENTS: VoucherEvent[] = [
  'redeem',
  'book',
  'requestCredit',
  'processCredit',
  'refund',
  'requestReturn',
  'shipReturn',
  'receiveReturn',
  'expire',
];

describe('the voucher state machine over the spec 3 statuses', () => {
  it.each([
    ['ready', 'redeem', 'merchant', 'redeemed'],
    ['ready', 'book', 'shopper', 'booked'],
    ['booked', 'redeem', 'merchant', 'redeemed'],
    ['ready', 'refund', 'shopper', 'refunded'],
    ['ready', 'requestCredit', 'shopper', 'credit_requested'],
    ['credit_requested', 'processCredit', 'system', 'request_processed'],
    ['ready', 'requestReturn', 'shopper', 'return_requested'],
    ['return_requested', 'shipReturn', 'shopper', 'return_in_transit'],
    ['return_in_transit', 'receiveReturn', 'merchant', 'returned_to_merchant'],
    ['returned_to_merchant', 'refund', 'system', 'refunded'],
    ['ready', 'expire', 'system', 'expired'],
    ['booked', 'expire', 'system', 'expired'],
  ] as const)('%s --%s by %s--> %s', (from, event, actor, to) => {
    expect(checkTransition(from, event, actor)).toEqual({ ok: true, to });
  });

  it('spec 4: nothing leaves Refunded or Expired (nor Redeemed or Request Processed)', () => {
    for (const from of ['refunded', 'expired', 'redeemed', 'request_processed']) {
      for (const event of EVENTS) {
        for (const actor of ['shopper', 'merchant', 'system', 'operator'] as const) {
          expect(checkTransition(from, event, actor)).toEqual({ ok: false, reason: 'final' });
        }
      }
    }
    expect([...FINAL_STATUSES].sort()).toEqual(['expired', 'redeemed', 'refunded', 'request_processed']);
  });

  it('a shopper cannot redeem their own voucher or process their own credit; only the jobs expire', () => {
    expect(checkTransition('ready', 'redeem', 'shopper')).toEqual({ ok: false, reason: 'notYourMove' });
    expect(checkTransition('credit_requested', 'processCredit', 'shopper')).toEqual({
      ok: false,
      reason: 'notYourMove',
    });
    expect(checkTransition('ready', 'expire', 'operator')).toEqual({ ok: false, reason: 'notYourMove' });
  });

  it('a voucher being returned or credited cannot be redeemed or refunded twice over', () => {
    expect(checkTransition('return_requested', 'redeem', 'merchant')).toEqual({ ok: false, reason: 'notAllowed' });
    expect(checkTransition('credit_requested', 'refund', 'shopper')).toEqual({ ok: false, reason: 'notAllowed' });
    expect(checkTransition('return_in_transit', 'refund', 'system')).toEqual({ ok: false, reason: 'notAllowed' });
  });

  it('every status of spec 3 is in the table, and every target is a spec 3 status', () => {
    const named = new Set(VOUCHER_TRANSITIONS.flatMap((t) => [t.from, t.to]));
    expect([...named].sort()).toEqual([...VOUCHER_STATUSES].sort());
  });

  it('a ready voucher offers its shopper the return and credit events', () => {
    expect(eventsFrom('ready', 'shopper').sort()).toEqual(['book', 'refund', 'requestCredit', 'requestReturn']);
    expect(eventsFrom('refunded', 'shopper')).toEqual([]);
  });
});
