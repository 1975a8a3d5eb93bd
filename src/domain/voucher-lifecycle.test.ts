import { describe, expect, it } from 'vitest';
import {
  addonPriceMinor,
  extendedExpiry,
  extensionMonthsLeft,
  isWithinRefundWindow,
  redemptionEventsFor,
  returnRefusal,
  splitRefund,
} from './voucher-lifecycle';

const at = (iso: string) => new Date(iso);
const bought = at('2027-03-01T10:00:00Z');
const voucher = (over: Partial<Parameters<typeof returnRefusal>[0]> = {}) => ({
  status: 'ready',
  createdAt: bought,
  expiresAt: at('2027-09-01T10:00:00Z'),
  isProtected: false,
  ...over,
});

describe('spec 1, spec 4: the 14-day return window and Protect my voucher', () => {
  it.each([
    ['2027-03-01T10:00:00Z', true],
    ['2027-03-15T09:59:59Z', true],
    ['2027-03-15T10:00:00Z', false],
  ])('bought 1 March 10:00, at %s inside the window: %s', (now, inside) => {
    expect(isWithinRefundWindow(bought, at(now))).toBe(inside);
  });

  it.each([
    [{}, '2027-03-10T00:00:00Z', null],
    [{}, '2027-04-01T00:00:00Z', 'windowClosed'],
    [{ isProtected: true }, '2027-04-01T00:00:00Z', null],
    [{ isProtected: true }, '2027-09-02T00:00:00Z', 'expired'],
    [{ status: 'refunded' }, '2027-03-02T00:00:00Z', 'alreadyRefunded'],
    [{ status: 'expired' }, '2027-03-02T00:00:00Z', 'expired'],
    [{ status: 'redeemed' }, '2027-03-02T00:00:00Z', 'notReturnable'],
    [{ status: 'booked' }, '2027-03-02T00:00:00Z', 'notReturnable'],
  ] as const)('%o at %s: %s', (over, now, refusal) => {
    expect(returnRefusal(voucher(over), at(now))).toBe(refusal);
  });
});

describe('spec 9: extensions of up to 3 months, priced by the deal', () => {
  it('prices an extension at 10% of the voucher per month (at least 99p) and protection at 10% once', () => {
    expect(addonPriceMinor('VVE', 4000, 1)).toBe(400);
    expect(addonPriceMinor('VVE', 4000, 3)).toBe(1200);
    expect(addonPriceMinor('VVE', 500, 2)).toBe(198);
    expect(addonPriceMinor('DVP', 4999)).toBe(500);
    expect(() => addonPriceMinor('VVE', 4000, 4)).toThrow(RangeError);
  });

  it('counts down the 3 months and moves expiry by calendar months', () => {
    expect([0, 1, 2, 3, 5].map(extensionMonthsLeft)).toEqual([3, 2, 1, 0, 0]);
    expect(extendedExpiry(at('2027-01-31T12:00:00Z'), 1).toISOString()).toBe('2027-02-28T12:00:00.000Z');
  });
});

describe('refunds: the card gets back what it paid, the wallet the rest', () => {
  it.each([
    [2500, { cashAmountMinor: 5000, cashRefundedMinor: 0 }, 'card', { cardMinor: 2500, walletMinor: 0 }],
    [2500, { cashAmountMinor: 5000, cashRefundedMinor: 4000 }, 'card', { cardMinor: 1000, walletMinor: 1500 }],
    [2500, { cashAmountMinor: 0, cashRefundedMinor: 0 }, 'card', { cardMinor: 0, walletMinor: 2500 }],
    [2500, { cashAmountMinor: 5000, cashRefundedMinor: 0 }, 'wallet', { cardMinor: 0, walletMinor: 2500 }],
  ] as const)('%i pence, order %o, to %s', (value, order, to, split) => {
    expect(splitRefund(value, order, to)).toEqual(split);
  });
});

describe('spec 4 redemption event keys as a voucher page offers them', () => {
  const now = at('2027-03-05T00:00:00Z');
  it.each([
    [{}, ['redeem', 'gifting', 'return', 'help']],
    [{ status: 'booked' }, ['redeem', 'help']],
    [{ status: 'return_requested' }, ['progress', 'help']],
    [{ status: 'refunded' }, ['help', 'closed']],
    [{ status: 'expired', expiresAt: at('2027-03-04T00:00:00Z') }, ['help', 'closed']],
  ] as const)('%o: %o', (over, keys) => {
    expect(redemptionEventsFor(voucher(over), now)).toEqual(keys);
  });
});
