import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  $bcor,
  $bcorBounds,
  type BcorProduct,
  initBcor,
  resetBcor,
  selectNights,
  selectProduct,
  setQuantity,
  setUserMaxQuantity,
} from './bcor';

function product(id: number, overrides: Partial<BcorProduct> = {}): BcorProduct {
  return {
    id,
    title: `Option ${id}`,
    price: { amountMinor: 1000 * id, currency: 'GBP' },
    numberOfNights: null,
    checkInDate: null,
    checkOutDate: null,
    minPeople: 1,
    purchaseCap: null,
    remainingForDay: null,
    isSoldOut: false,
    vipExclusive: false,
    ...overrides,
  };
}

describe('$bcor (spec 3 "bcor")', () => {
  beforeEach(() => {
    resetBcor();
    keepMount($bcor);
    keepMount($bcorBounds);
  });
  afterEach(() => {
    cleanStores($bcor, $bcorBounds);
  });

  it('starts on the first option with quantity 1 (spec 3: quantity default 1)', () => {
    initBcor({ dealId: 7, products: [product(1), product(2)], pricePerPerson: false, dealPurchaseCap: null });
    expect($bcor.get()).toMatchObject({
      currentDealId: 7,
      selection: 1,
      quantity: 1,
      hasError: false,
      nightOptions: [],
    });
    expect($bcor.get().filteredProducts.map((p) => p.id)).toEqual([1, 2]);
  });

  it('starts on the option named in /deal/{id}/{productId}', () => {
    initBcor({
      dealId: 7,
      products: [product(1), product(2)],
      pricePerPerson: false,
      dealPurchaseCap: null,
      selectedProductId: 2,
    });
    expect($bcor.get().selection).toBe(2);
  });

  it('a product URL naming a VIP-only or sold-out option starts on one a guest can buy', () => {
    const products = [product(1, { vipExclusive: true }), product(2, { isSoldOut: true }), product(3)];
    initBcor({ dealId: 7, products, pricePerPerson: false, dealPurchaseCap: null, selectedProductId: 1 });
    expect($bcor.get().selection).toBe(3);
  });

  it('skips sold-out and VIP-only options when choosing the default', () => {
    initBcor({
      dealId: 7,
      products: [product(1, { isSoldOut: true }), product(2, { vipExclusive: true }), product(3)],
      pricePerPerson: false,
      dealPurchaseCap: null,
    });
    expect($bcor.get().selection).toBe(3);
  });

  it('spec 5: a per-person deal starts at 2 people and never goes below', () => {
    initBcor({ dealId: 8, products: [product(1, { minPeople: 2 })], pricePerPerson: true, dealPurchaseCap: null });
    expect($bcor.get().quantity).toBe(2);
    setQuantity(1);
    expect($bcor.get()).toMatchObject({ quantity: 2, hasError: true });
  });

  it('spec 5: the quantity cannot exceed the lowest of product cap, deal cap and remaining-for-day', () => {
    initBcor({
      dealId: 9,
      products: [product(1, { purchaseCap: 5, remainingForDay: 4 }), product(2, { purchaseCap: 2 })],
      pricePerPerson: false,
      dealPurchaseCap: 3,
    });
    expect($bcorBounds.get()).toEqual({ min: 1, max: 3, canBuy: true });
    setQuantity(3);
    expect($bcor.get()).toMatchObject({ quantity: 3, hasError: false });
    setQuantity(10);
    expect($bcor.get()).toMatchObject({ quantity: 3, hasError: true });
    selectProduct(2);
    expect($bcor.get()).toMatchObject({ selection: 2, quantity: 2, hasError: false });
  });

  it('spec 5: a logged-in user max lowers the cap, and a max of 0 makes it unbuyable', () => {
    initBcor({ dealId: 10, products: [product(1, { purchaseCap: 6 })], pricePerPerson: false, dealPurchaseCap: null });
    setQuantity(5);
    setUserMaxQuantity(2);
    expect($bcor.get().quantity).toBe(2);
    setUserMaxQuantity(0);
    expect($bcorBounds.get().canBuy).toBe(false);
  });

  it('travel: nights narrow the options and move the choice', () => {
    initBcor({
      dealId: 11,
      products: [
        product(1, { numberOfNights: 2, checkInDate: '2027-01-10', checkOutDate: '2027-01-12' }),
        product(2, { numberOfNights: 3 }),
        product(3, { numberOfNights: 2 }),
      ],
      pricePerPerson: false,
      dealPurchaseCap: null,
    });
    expect($bcor.get()).toMatchObject({ nightOptions: [2, 3], selectedNights: 2, selection: 1 });
    expect($bcor.get().filteredProducts.map((p) => p.id)).toEqual([1, 3]);
    selectNights(3);
    expect($bcor.get()).toMatchObject({ selectedNights: 3, selection: 2 });
    selectNights(4);
    expect($bcor.get().selectedNights).toBe(3);
  });

  it('keeps the choice when the same deal initialises again', () => {
    const init = { dealId: 12, products: [product(1), product(2)], pricePerPerson: false, dealPurchaseCap: null };
    initBcor(init);
    selectProduct(2);
    initBcor(init);
    expect($bcor.get().selection).toBe(2);
  });
});
