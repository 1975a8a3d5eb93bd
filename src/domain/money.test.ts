import { describe, expect, it } from 'vitest';
import { currencySymbol, discountPercentage, formatMoney, multiplyMoney, pence, sumMoney } from './money';

describe('money (spec 1: GBP, £; € for EUR)', () => {
  it.each([
    [1250, 'GBP', '£12.50'],
    [1200, 'GBP', '£12'],
    [5, 'GBP', '£0.05'],
    [129900, 'GBP', '£1,299'],
    [999, 'EUR', '€9.99'],
  ] as const)('%i %s shows as %s', (amountMinor, currency, shown) => {
    expect(formatMoney({ amountMinor, currency })).toBe(shown);
  });

  it('symbols', () => {
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('EUR')).toBe('€');
  });

  it('money is integer pence', () => {
    expect(pence(499)).toEqual({ amountMinor: 499, currency: 'GBP' });
    expect(() => pence(4.99)).toThrow(RangeError);
  });

  it.each([
    [10000, 2000, 80],
    [5999, 2999, 50],
    [1000, 1000, 0],
    [1000, 1200, 0],
    [0, 0, 0],
  ])('original %i, price %i -> %i%% off', (original, price, pct) => {
    expect(discountPercentage(original, price)).toBe(pct);
  });
});

describe('money arithmetic (basket totals)', () => {
  it('sums amounts of one currency and refuses to mix currencies', () => {
    expect(sumMoney([pence(250), pence(1000)])).toEqual(pence(1250));
    expect(sumMoney([], 'EUR')).toEqual({ amountMinor: 0, currency: 'EUR' });
    expect(() => sumMoney([pence(1, 'EUR')], 'GBP')).toThrow(RangeError);
  });

  it('multiplies by a whole quantity only', () => {
    expect(multiplyMoney(pence(499), 3)).toEqual(pence(1497));
    expect(() => multiplyMoney(pence(499), 1.5)).toThrow(RangeError);
  });
});
