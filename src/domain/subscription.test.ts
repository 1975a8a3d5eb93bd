import { describe, expect, it } from 'vitest';
import { addOneMonth, isSubscriptionValid, subscriptionStatus, vipFlagValue } from './subscription';

const end = new Date('2026-12-24T10:00:00Z');
const before = new Date('2026-12-24T09:59:59Z');

describe('subscription statuses (spec 3)', () => {
  it.each([
    ['a guest (not looked up)', null, before, false, 'NOT_CHECKED'],
    ['no subscription', null, before, true, 'ELIGIBLE'],
    ['renewing, inside the period', { currentPeriodEnd: end, renews: true, lapsed: false }, before, true, 'ACTIVE'],
    [
      'renewal cancelled, inside the period',
      { currentPeriodEnd: end, renews: false, lapsed: false },
      before,
      true,
      'RENEW',
    ],
    ['renewal cancelled, period over', { currentPeriodEnd: end, renews: false, lapsed: false }, end, true, 'ELIGIBLE'],
    [
      'renewing, period over: the renewal job charges it',
      { currentPeriodEnd: end, renews: true, lapsed: false },
      end,
      true,
      'ACTIVE',
    ],
    ['lapsed', { currentPeriodEnd: end, renews: true, lapsed: true }, before, true, 'ELIGIBLE'],
  ] as const)('%s: %s', (_name, sub, now, checked, status) => {
    expect(subscriptionStatus(sub, now, checked)).toBe(status);
  });

  it('Cancel Renewal keeps VIP until the period ends', () => {
    const cancelled = { currentPeriodEnd: end, renews: false, lapsed: false };
    expect(isSubscriptionValid(cancelled, before)).toBe(true);
    expect(isSubscriptionValid(cancelled, end)).toBe(false);
  });
});

describe('monthly periods', () => {
  it.each([
    ['2026-11-24T21:00:00Z', '2026-12-24T21:00:00Z'],
    ['2027-01-31T08:00:00Z', '2027-02-28T08:00:00Z'],
    ['2028-01-31T08:00:00Z', '2028-02-29T08:00:00Z'],
    ['2026-12-15T00:00:00Z', '2027-01-15T00:00:00Z'],
  ])('%s renews on %s', (from, to) => {
    expect(addOneMonth(new Date(from)).toISOString()).toBe(new Date(to).toISOString());
  });
});

describe('spec 4 VIP flag', () => {
  it('is VIP or Non - VIP, removed (null) when unknown', () => {
    expect(vipFlagValue(true)).toBe('VIP');
    expect(vipFlagValue(false)).toBe('Non - VIP');
    expect(vipFlagValue(null)).toBeNull();
  });
});
