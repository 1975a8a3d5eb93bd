import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  chosenMethod,
  DELIVERY_LIMIT_DAYS,
  daysBetween,
  deliveryOptionsFor,
  deliveryPromise,
  describeArrival,
  isNearDispatchLimit,
  isOverdue,
  postageFor,
  shownPriceMinor,
  trackingLink,
} from './delivery';
import { londonDay } from './format';

const prices = { postagePriceMinor: 499, nextDayPostageMinor: 799 };

describe('delivery options and postage (docs/decisions/051)', () => {
  it('offers standard always and next day only when priced', () => {
    expect(deliveryOptionsFor(prices).map((o) => [o.method, o.priceMinor])).toEqual([
      ['standard', 499],
      ['next-day', 799],
    ]);
    expect(deliveryOptionsFor({ postagePriceMinor: 0, nextDayPostageMinor: null }).map((o) => o.method)).toEqual([
      'standard',
    ]);
  });

  it('falls back to standard when next day is asked for but not offered', () => {
    expect(chosenMethod('next-day', prices)).toBe('next-day');
    expect(chosenMethod('next-day', { postagePriceMinor: 499, nextDayPostageMinor: null })).toBe('standard');
    expect(chosenMethod('by-pigeon', prices)).toBe('standard');
    expect(postageFor('next-day', { postagePriceMinor: 499, nextDayPostageMinor: null })).toBe(499);
  });

  it('shows a posted product’s price with its standard postage (DMCC Act 2024)', () => {
    expect(shownPriceMinor(13700, 'postal', 499)).toBe(14199);
    expect(shownPriceMinor(13700, 'e-voucher', 499)).toBe(13700);
  });
});

describe('the delivery promise (Consumer Rights Act 2015 s28)', () => {
  it('counts working days, skipping weekends', () => {
    expect(addWorkingDays('2026-12-04', 1)).toBe('2026-12-07'); // Friday + 1 = Monday
    expect(addWorkingDays('2026-12-05', 0)).toBe('2026-12-07'); // Saturday: the next working day
  });

  it('dispatches standard within the deal’s working days and delivers 2–4 working days later', () => {
    const promise = deliveryPromise(new Date('2026-12-01T10:00:00Z'), 'standard', 3);
    expect(promise).toEqual({
      method: 'standard',
      dispatchBy: '2026-12-04',
      deliverFrom: '2026-12-08',
      deliverBy: '2026-12-10',
    });
    expect(describeArrival(promise)).toBe('Arrives Tue 8 Dec – Thu 10 Dec');
  });

  it('sends next day the same working day before 14:00 London time, else the next', () => {
    expect(deliveryPromise(new Date('2026-12-01T13:59:00Z'), 'next-day', 3)).toMatchObject({
      dispatchBy: '2026-12-01',
      deliverBy: '2026-12-02',
    });
    expect(deliveryPromise(new Date('2026-12-01T14:00:00Z'), 'next-day', 3)).toMatchObject({
      dispatchBy: '2026-12-02',
      deliverBy: '2026-12-03',
    });
    // British Summer Time: 13:30 UTC is 14:30 in London.
    expect(deliveryPromise(new Date('2026-06-02T13:30:00Z'), 'next-day', 3).dispatchBy).toBe('2026-06-03');
    // Saturday: dispatched Monday, delivered Tuesday.
    expect(deliveryPromise(new Date('2026-12-05T09:00:00Z'), 'next-day', 3)).toMatchObject({
      dispatchBy: '2026-12-07',
      deliverBy: '2026-12-08',
    });
  });

  it('never promises delivery later than 30 days after the order', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const promise = deliveryPromise(now, 'standard', 40);
    expect(daysBetween(londonDay(now), promise.deliverBy)).toBeLessThanOrEqual(DELIVERY_LIMIT_DAYS);
  });

  it('is overdue only when undispatched past its dispatch day, and near its limit two days before', () => {
    const at = (iso: string) => new Date(`${iso}T12:00:00Z`);
    expect(isOverdue('ordered', '2026-12-04', at('2026-12-04'))).toBe(false);
    expect(isOverdue('ordered', '2026-12-04', at('2026-12-05'))).toBe(true);
    expect(isOverdue('dispatched', '2026-12-04', at('2026-12-09'))).toBe(false);
    expect(isNearDispatchLimit('ordered', '2026-12-04', at('2026-12-02'))).toBe(true);
    expect(isNearDispatchLimit('ordered', '2026-12-04', at('2026-12-01'))).toBe(false);
    expect(isNearDispatchLimit('ordered', '2026-12-04', at('2026-12-05'))).toBe(false);
  });
});

describe('tracking links', () => {
  it('links a known carrier’s tracking page and none for another courier', () => {
    expect(trackingLink('royal-mail', ' AB123456789GB ')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(trackingLink('other', 'X1')).toBeNull();
    expect(trackingLink('dpd', '')).toBeNull();
  });
});
