import { describe, expect, it } from 'vitest';
import { clampQuantity, minimumQuantity, type PurchaseCapInput, purchaseCap, quantityBounds } from './purchase-cap';

describe('spec 5: the purchase cap is the minimum of product cap, deal cap, remaining-for-day and the user max', () => {
  const cases: Array<[string, PurchaseCapInput, number | null, boolean]> = [
    ['nothing limits a guest', { productCap: null, dealCap: null, remainingForDay: null }, null, false],
    ['the product cap alone', { productCap: 4, dealCap: null, remainingForDay: null }, 4, false],
    ['the deal cap is lower', { productCap: 4, dealCap: 2, remainingForDay: null }, 2, false],
    ['remaining-for-day is lowest', { productCap: 4, dealCap: 6, remainingForDay: 3 }, 3, false],
    [
      'a guest has no user max',
      { productCap: 5, dealCap: null, remainingForDay: 9, userMaxQuantity: undefined },
      5,
      false,
    ],
    ['a logged-in user max is lowest', { productCap: 5, dealCap: 8, remainingForDay: 9, userMaxQuantity: 1 }, 1, false],
    [
      'a user max above the others changes nothing',
      { productCap: 2, dealCap: null, remainingForDay: null, userMaxQuantity: 10 },
      2,
      false,
    ],
    ['spec 5: sold out when the cap is 0', { productCap: 3, dealCap: null, remainingForDay: 0 }, 0, true],
    ['spec 5: sold out when the deal cap is 0', { productCap: null, dealCap: 0, remainingForDay: 5 }, 0, true],
    [
      'spec 5: sold out when the user max is 0',
      { productCap: null, dealCap: null, remainingForDay: null, userMaxQuantity: 0 },
      0,
      true,
    ],
    ['negative stock counts as none', { productCap: null, dealCap: null, remainingForDay: -2 }, 0, true],
  ];
  it.each(cases)('%s', (_name, input, cap, isSoldOut) => {
    expect(purchaseCap(input)).toEqual({ cap, isSoldOut });
  });
});

describe('spec 5: a per-person-priced deal always has at least 2 people', () => {
  it.each([
    [false, 1, 1],
    [true, 1, 2],
    [true, 2, 2],
    [false, 2, 2],
    [true, 4, 4],
  ])('per person %s, option minimum %i: at least %i', (perPerson, minPeople, expected) => {
    expect(minimumQuantity(perPerson, minPeople)).toBe(expected);
  });
});

describe('quantity bounds and clamping', () => {
  const cases: Array<[string, boolean, number | null, number, number, boolean]> = [
    ['a wanted 3 under a cap of 2 becomes 2', false, 2, 3, 2, true],
    ['a wanted 0 becomes the minimum 1', false, null, 0, 1, true],
    ['per person starts at 2 (spec 5)', true, null, 1, 2, true],
    ['per person capped at 6 keeps 5', true, 6, 5, 5, true],
    ['per person capped at 1 cannot be bought', true, 1, 1, 2, false],
    ['fractions are rounded down', false, 10, 2.7, 2, true],
  ];
  it.each(cases)('%s', (_name, perPerson, cap, wanted, expected, canBuy) => {
    const bounds = quantityBounds(perPerson, 1, { cap, isSoldOut: cap === 0 });
    expect(bounds.canBuy).toBe(canBuy);
    if (canBuy) expect(clampQuantity(wanted, bounds)).toBe(expected);
  });

  it('nonsense input becomes the minimum', () => {
    expect(clampQuantity(Number.NaN, { min: 2, max: 5, canBuy: true })).toBe(2);
  });

  it('a sold-out option cannot be bought', () => {
    expect(quantityBounds(false, 1, { cap: 0, isSoldOut: true }).canBuy).toBe(false);
  });
});
