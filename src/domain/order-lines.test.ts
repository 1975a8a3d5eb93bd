import { describe, expect, it } from 'vitest';
import { checkOrderLine, type OrderLineCheck } from './order-lines';
import { remainingForDayOf } from './purchase-cap';

const line = (over: Partial<OrderLineCheck> = {}): OrderLineCheck => ({
  quantity: 1,
  sale: {
    deal: { status: 'live', closingDate: new Date('2099-01-01T00:00:00Z') },
    option: { disabled: false, visibility: 'visible', vipExclusive: false },
    shopper: { eligibleForVip: false },
    now: new Date('2026-11-23T12:00:00Z'),
  },
  pricePerPerson: false,
  minPeople: 1,
  productCap: null,
  dealCap: null,
  remainingForDay: null,
  userRemaining: null,
  ...over,
});

describe('spec 5: an order line against the purchase cap', () => {
  it.each([
    ['no limits', line({ quantity: 3 }), { ok: true }],
    ['product cap', line({ quantity: 3, productCap: 2 }), { ok: false, available: 2 }],
    ['deal cap', line({ quantity: 5, dealCap: 4 }), { ok: false, available: 4 }],
    ['remaining for day', line({ quantity: 2, remainingForDay: 1 }), { ok: false, available: 1 }],
    ['sold out', line({ remainingForDay: 0 }), { ok: false, available: 0 }],
    ['user max reached', line({ userRemaining: 0 }), { ok: false, available: 0 }],
    ['user max left', line({ quantity: 2, userRemaining: 1 }), { ok: false, available: 1 }],
    [
      'deal closed',
      line({ sale: { ...line().sale, deal: { status: 'closed', closingDate: new Date('2099-01-01') } } }),
      { ok: false, available: 0 },
    ],
    [
      'past its closing date',
      line({ sale: { ...line().sale, deal: { status: 'live', closingDate: new Date('2026-11-23T11:59:59Z') } } }),
      { ok: false, available: 0 },
    ],
    [
      'option disabled',
      line({ sale: { ...line().sale, option: { disabled: true, visibility: 'visible', vipExclusive: false } } }),
      { ok: false, available: 0 },
    ],
    [
      'option hidden',
      line({ sale: { ...line().sale, option: { disabled: false, visibility: 'hidden', vipExclusive: false } } }),
      { ok: false, available: 0 },
    ],
    [
      'spec 6: VIP-only option, shopper not VIP',
      line({ sale: { ...line().sale, option: { disabled: false, visibility: 'visible', vipExclusive: true } } }),
      { ok: false, available: 0 },
    ],
    [
      'spec 6: VIP-only option, VIP shopper',
      line({
        sale: {
          ...line().sale,
          option: { disabled: false, visibility: 'visible', vipExclusive: true },
          shopper: { eligibleForVip: true },
        },
      }),
      { ok: true },
    ],
    ['per-person needs 2', line({ pricePerPerson: true, quantity: 1 }), { ok: false, available: 0 }],
    ['per-person 2 fits', line({ pricePerPerson: true, quantity: 2 }), { ok: true }],
    ['per-person capped at 1', line({ pricePerPerson: true, quantity: 2, productCap: 1 }), { ok: false, available: 0 }],
  ])('%s', (_name, input, verdict) => {
    expect(checkOrderLine(input)).toEqual(verdict);
  });
});

describe('remaining for the day', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    ['no stock row', null, null],
    ['unlimited', { quantityRemaining: null, dailyLimit: null, remainingForDay: null, stockDay: null }, null],
    ['stock only', { quantityRemaining: 7, dailyLimit: null, remainingForDay: null, stockDay: null }, 7],
    ['today allowance', { quantityRemaining: 50, dailyLimit: 10, remainingForDay: 3, stockDay: '2026-11-23' }, 3],
    ['new day resets', { quantityRemaining: 50, dailyLimit: 10, remainingForDay: 0, stockDay: '2026-11-22' }, 10],
    ['stock lower than day', { quantityRemaining: 2, dailyLimit: 10, remainingForDay: 8, stockDay: '2026-11-23' }, 2],
  ])('%s', (_name, stock, expected) => {
    expect(remainingForDayOf(stock, now)).toBe(expected);
  });
});
