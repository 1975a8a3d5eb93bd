import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  discountPercentage,
  formatMoney,
  formatRoundedMoney,
  multiplyMoney,
  pence,
  sumMoney,
} from './money';

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

describe('long prices on small screens (spec 9: long values are rounded; decision 057)', () => {
  it.each([
    // [pence, full text, rounded text on small screens or null when not long]
    [123450, '£1,234.50', '£1,235'],
    [123449, '£1,234.49', '£1,234'],
    [100001, '£1,000.01', '£1,000'],
    [999999, '£9,999.99', '£10,000'],
    [1234567, '£12,345.67', '£12,346'],
    [123400, '£1,234', null],
    [99999, '£999.99', null],
    [1250, '£12.50', null],
  ])('%i pence shows %s, rounded to %s', (amountMinor, full, rounded) => {
    expect(formatMoney(pence(amountMinor))).toBe(full);
    expect(formatRoundedMoney(pence(amountMinor))).toBe(rounded);
  });

  it('rounds euros the same way', () => {
    expect(formatRoundedMoney(pence(250050, 'EUR'))).toBe('€2,501');
  });
});
