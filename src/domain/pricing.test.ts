import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_ORDER,
  depositRule,
  type PricingLine,
  type PricingRule,
  postageRule,
  priceLines,
  pricingLineOf,
  walletRule,
} from './pricing';

const line = (over: Partial<PricingLine> = {}): PricingLine => ({
  id: 1,
  currency: 'GBP',
  quantity: 1,
  unitPriceMinor: 2500,
  postagePerUnitMinor: 0,
  pricePerPerson: false,
  deposit: { payDeposit: false, hasDeposit: false, depositPriceMinor: null },
  isOnSale: true,
  ...over,
});

const deposit = (depositPriceMinor: number | null, payDeposit = true, hasDeposit = true) => ({
  deposit: { payDeposit, hasDeposit, depositPriceMinor },
});

describe('one pricing pipeline (spec 3 prices, spec 9 money in whole pence)', () => {
  it.each([
    ['one voucher', [line()], { subtotal: 2500, postage: 0, total: 2500 }],
    ['spec 3: three of an option', [line({ quantity: 3 })], { subtotal: 7500, postage: 0, total: 7500 }],
    [
      'odd pence stay exact (spec 9: no rounding drift)',
      [line({ quantity: 3, unitPriceMinor: 1999 })],
      { subtotal: 5997, postage: 0, total: 5997 },
    ],
    [
      'spec 5: per person, 2 people pay twice the price',
      [line({ pricePerPerson: true, quantity: 2, unitPriceMinor: 3450 })],
      { subtotal: 6900, postage: 0, total: 6900 },
    ],
    [
      'spec 5: per person, 4 people',
      [line({ pricePerPerson: true, quantity: 4, unitPriceMinor: 3450 })],
      { subtotal: 13800, postage: 0, total: 13800 },
    ],
    [
      'postage is charged per voucher',
      [line({ quantity: 2, postagePerUnitMinor: 399 })],
      { subtotal: 5000, postage: 798, total: 5798 },
    ],
    [
      'spec 3 payDeposit: the deposit is paid now',
      [line({ quantity: 2, unitPriceMinor: 40000, ...deposit(5000) })],
      { subtotal: 10000, postage: 0, total: 10000 },
    ],
    [
      'spec 3: a deposit asked of an option without one is the full price',
      [line({ unitPriceMinor: 40000, ...deposit(5000, true, false) })],
      { subtotal: 40000, postage: 0, total: 40000 },
    ],
    [
      'spec 3: a deposit option with no deposit price is the full price',
      [line({ unitPriceMinor: 40000, ...deposit(null) })],
      { subtotal: 40000, postage: 0, total: 40000 },
    ],
    [
      'spec 3: a deposit not asked for is the full price',
      [line({ unitPriceMinor: 40000, ...deposit(5000, false) })],
      { subtotal: 40000, postage: 0, total: 40000 },
    ],
    [
      'deposit and postage together',
      [line({ unitPriceMinor: 40000, postagePerUnitMinor: 299, ...deposit(5000) })],
      { subtotal: 5000, postage: 299, total: 5299 },
    ],
    [
      'several options of several deals (multi-option)',
      [
        line({ id: 1, quantity: 2 }),
        line({ id: 2, unitPriceMinor: 1299, postagePerUnitMinor: 199 }),
        line({ id: 3, pricePerPerson: true, quantity: 2, unitPriceMinor: 4000 }),
      ],
      { subtotal: 5000 + 1299 + 8000, postage: 199, total: 5000 + 1299 + 8000 + 199 },
    ],
    [
      'spec 5: a line not on sale (sold out, capped) is shown but not charged',
      [line({ id: 1 }), line({ id: 2, isOnSale: false, unitPriceMinor: 9999 })],
      { subtotal: 2500, postage: 0, total: 2500 },
    ],
    ['an empty basket costs nothing', [], { subtotal: 0, postage: 0, total: 0 }],
  ])('%s', (_name, lines, expected) => {
    const breakdown = priceLines({ lines });
    expect({ subtotal: breakdown.subtotalMinor, postage: breakdown.postageMinor, total: breakdown.totalMinor }).toEqual(
      expected,
    );
    // Without the wallet the card pays everything.
    expect(breakdown.paidBy).toEqual({ walletMinor: 0, cashMinor: expected.total });
    // The lines add up to the total.
    const counted = breakdown.lines.filter((l) => l.counts);
    expect(counted.reduce((sum, l) => sum + l.totalMinor, 0)).toBe(breakdown.totalMinor);
  });

  it('spec 3 payDeposit: the line shows the deposit as its unit price, and the deposit is an adjustment', () => {
    const breakdown = priceLines({ lines: [line({ id: 7, quantity: 2, unitPriceMinor: 40000, ...deposit(5000) })] });
    expect(breakdown.lines[0]).toMatchObject({
      listUnitMinor: 40000,
      unitPriceMinor: 5000,
      priceMinor: 10000,
      paysDeposit: true,
    });
    expect(breakdown.adjustments).toEqual([{ kind: 'deposit', effect: 'price', lineId: 7, amountMinor: -70000 }]);
  });

  it('a line not on sale still shows what it would cost, its deposit included', () => {
    const breakdown = priceLines({
      lines: [
        line({
          id: 4,
          isOnSale: false,
          quantity: 2,
          unitPriceMinor: 40000,
          postagePerUnitMinor: 100,
          ...deposit(5000),
        }),
      ],
    });
    expect(breakdown.lines[0]).toMatchObject({
      counts: false,
      unitPriceMinor: 5000,
      priceMinor: 10000,
      postageMinor: 200,
    });
    expect(breakdown.totalMinor).toBe(0);
    expect(breakdown.adjustments).toEqual([]);
  });

  it.each([
    ['wallet off', { use: false, balance: 10000 }, { walletMinor: 0, cashMinor: 5798 }],
    ['wallet on, covers part', { use: true, balance: 1000 }, { walletMinor: 1000, cashMinor: 4798 }],
    ['wallet on, covers all', { use: true, balance: 10000 }, { walletMinor: 5798, cashMinor: 0 }],
    ['wallet on, exactly the total', { use: true, balance: 5798 }, { walletMinor: 5798, cashMinor: 0 }],
    ['wallet on, empty', { use: true, balance: 0 }, { walletMinor: 0, cashMinor: 5798 }],
    ['wallet on, a negative balance pays nothing', { use: true, balance: -50 }, { walletMinor: 0, cashMinor: 5798 }],
  ])('spec 3 payment data, %s: walletUsed + cashAmount = totalOrderAmount', (_name, wallet, paidBy) => {
    const breakdown = priceLines({
      lines: [line({ quantity: 2, postagePerUnitMinor: 399 })],
      wallet: { use: wallet.use, balances: [{ currency: 'GBP', balanceMinor: wallet.balance }] },
    });
    expect(breakdown.totalMinor).toBe(5798);
    expect(breakdown.paidBy).toEqual(paidBy);
    expect(breakdown.paidBy.walletMinor + breakdown.paidBy.cashMinor).toBe(breakdown.totalMinor);
  });

  it('the wallet pays from the balance in the order currency only', () => {
    const breakdown = priceLines({
      lines: [line({ currency: 'EUR' })],
      wallet: { use: true, balances: [{ currency: 'GBP', balanceMinor: 10000 }] },
    });
    expect(breakdown.currency).toBe('EUR');
    expect(breakdown.paidBy).toEqual({ walletMinor: 0, cashMinor: 2500 });
  });

  it('the adjustments come in ADJUSTMENT_ORDER: deposit, then postage, then wallet', () => {
    const breakdown = priceLines({
      lines: [line({ id: 1, unitPriceMinor: 40000, postagePerUnitMinor: 299, ...deposit(5000) })],
      wallet: { use: true, balances: [{ currency: 'GBP', balanceMinor: 100 }] },
    });
    expect(breakdown.adjustments.map((a) => a.kind)).toEqual(['deposit', 'postage', 'wallet']);
    expect(ADJUSTMENT_ORDER.indexOf('deposit')).toBeLessThan(ADJUSTMENT_ORDER.indexOf('postage'));
  });

  it('a later rule plugs in at its place in the order, and the wallet pays what it leaves', () => {
    // A made-up order-wide discount, only to show the seam (the real promotion rule is per line).
    const tenOff: PricingRule = {
      kind: 'promotionCode',
      effect: 'price',
      apply: () => [{ lineId: null, amountMinor: -1000 }],
    };
    const breakdown = priceLines(
      { lines: [line()], wallet: { use: true, balances: [{ currency: 'GBP', balanceMinor: 99999 }] } },
      [walletRule, tenOff, postageRule, depositRule],
    );
    expect(breakdown.adjustments.map((a) => a.kind)).toEqual(['promotionCode', 'wallet']);
    expect(breakdown.totalMinor).toBe(1500);
    expect(breakdown.paidBy).toEqual({ walletMinor: 1500, cashMinor: 0 });
  });

  it.each([
    ['a fractional price', line({ unitPriceMinor: 12.5 })],
    ['a fractional quantity', line({ quantity: 1.5 })],
  ])('spec 9 money is whole pence: %s is refused', (_name, bad) => {
    expect(() => priceLines({ lines: [bad] })).toThrow(RangeError);
  });

  it('lines in two currencies cannot be added', () => {
    expect(() => priceLines({ lines: [line({ id: 1 }), line({ id: 2, currency: 'EUR' })] })).toThrow(RangeError);
  });
});

describe('the VIP price is one adjustment (spec 1, 6: VIP users get extra discounts)', () => {
  it('a VIP member pays the VIP price per unit, first in the order, and the wallet pays from the lower total', () => {
    const breakdown = priceLines({
      lines: [line({ quantity: 2, unitPriceMinor: 2500, postagePerUnitMinor: 150, vipUnitPriceMinor: 2250 })],
      wallet: { use: true, balances: [{ currency: 'GBP', balanceMinor: 1000 }] },
    });
    expect(breakdown.adjustments.map((a) => [a.kind, a.amountMinor])).toEqual([
      ['vipPrice', -500],
      ['postage', 300],
      ['wallet', 1000],
    ]);
    expect(breakdown.lines[0]).toMatchObject({ listPriceMinor: 5000, priceMinor: 4500, unitPriceMinor: 2250 });
    expect(breakdown.totalMinor).toBe(4800);
    expect(breakdown.paidBy).toEqual({ walletMinor: 1000, cashMinor: 3800 });
  });

  it('without a VIP price (or not VIP: null) nothing changes, and a VIP price above the price is ignored', () => {
    for (const vipUnitPriceMinor of [null, undefined, 2600]) {
      const breakdown = priceLines({ lines: [line({ vipUnitPriceMinor })] });
      expect(breakdown.adjustments).toEqual([]);
      expect(breakdown.totalMinor).toBe(2500);
    }
  });

  it('a line paying a deposit keeps its deposit', () => {
    const breakdown = priceLines({
      lines: [line({ unitPriceMinor: 40000, vipUnitPriceMinor: 36000, ...deposit(5000) })],
    });
    expect(breakdown.adjustments.map((a) => a.kind)).toEqual(['deposit']);
    expect(breakdown.totalMinor).toBe(5000);
  });

  it('pricingLineOf gives the VIP price only to a basket eligible for VIP', () => {
    const source = {
      line: { id: 1, quantity: 1, payDeposit: false },
      option: {
        priceMinor: 2500,
        postagePriceMinor: 0,
        hasDeposit: false,
        depositPriceMinor: null,
        vipPriceMinor: 2300,
      },
      deal: { pricePerPerson: false, currency: 'GBP' },
      isOnSale: true,
    };
    expect(pricingLineOf({ ...source, eligibleForVip: true }).vipUnitPriceMinor).toBe(2300);
    expect(pricingLineOf({ ...source, eligibleForVip: false }).vipUnitPriceMinor).toBeNull();
    expect(priceLines({ lines: [pricingLineOf({ ...source, eligibleForVip: true })] }).totalMinor).toBe(2300);
  });
});
