import { afterEach, describe, expect, it } from 'vitest';
import { $basketCount, refreshFromCookie, setBasketCount } from './basket';

describe('$basketCount (spec 5 visible quantity in the header)', () => {
  afterEach(() => setBasketCount(0));

  it('reads the basket_qty cookie', () => {
    refreshFromCookie('site=tuppence; basket_qty=3');
    expect($basketCount.get()).toBe(3);
    refreshFromCookie('site=tuppence');
    expect($basketCount.get()).toBe(0);
  });

  it.each([
    [2, 2],
    [0, 0],
    [-1, 0],
    [2.7, 2],
    [Number.NaN, 0],
  ])('setBasketCount(%s) shows %s', (n, shown) => {
    setBasketCount(n);
    expect($basketCount.get()).toBe(shown);
  });
});
