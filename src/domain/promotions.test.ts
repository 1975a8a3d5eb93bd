import { describe, expect, it } from 'vitest';
import { type PricingLine, priceLines } from './pricing';
import {
  evaluatePromoCode,
  PROMO_MESSAGES,
  type PromoCodeRule,
  type PromoLine,
  type PromoRefusal,
  promotionDiscounts,
} from './promotions';

const NOW = new Date('2026-11-24T12:00:00Z');
const rule = (over: Partial<PromoCodeRule> = {}): PromoCodeRule => ({
  id: 7,
  code: 'SAVE20',
  kind: 'percent',
  percentOff: 20,
  amountOffMinor: null,
  currency: 'GBP',
  minSpendMinor: 0,
  maxUses: 100,
  usesCount: 0,
  perUserLimit: 1,
  startsAt: new Date('2026-11-01T00:00:00Z'),
  endsAt: new Date('2026-12-01T00:00:00Z'),
  endedAt: null,
  categoryIds: [],
  subCategoryIds: [],
  firstOrderOnly: false,
  ...over,
});
const promoLine = (over: Partial<PromoLine> = {}): PromoLine => ({
  id: 1,
  categoryId: 3,
  subCategoryId: 31,
  currency: 'GBP',
  priceMinor: 5000,
  ...over,
});
const shopper = { userId: 5, usesByShopper: 0, ordersPlaced: 0 };

/** spec 5: promo code messages are classed by containing these words. */
const CLASS_WORDS: Record<PromoRefusal, string> = {
  expired: 'expired',
  invalid: 'invalid',
  alreadyUsed: 'already used',
  notApplicable: 'not applicable',
  notEligible: 'not eligible',
};

describe('promotion codes (spec 3 promoCode, spec 5 promo code messages)', () => {
  it('a 20% code applies to an eligible basket and names its lines', () => {
    const verdict = evaluatePromoCode(rule(), [promoLine(), promoLine({ id: 2 })], shopper, NOW);
    expect(verdict).toMatchObject({ ok: true, message: 'Promo code SAVE20 applied: 20% off.' });
    expect(verdict.ok && verdict.promotion.lineIds).toEqual([1, 2]);
  });

  it.each<[string, PromoCodeRule | null, PromoLine[], typeof shopper, PromoRefusal]>([
    ['an unknown code', null, [promoLine()], shopper, 'invalid'],
    [
      'a code before it starts',
      rule({ startsAt: new Date('2026-11-25T00:00:00Z') }),
      [promoLine()],
      shopper,
      'invalid',
    ],
    ['a code past its end date', rule({ endsAt: new Date('2026-11-24T11:59:59Z') }), [promoLine()], shopper, 'expired'],
    ['a code ended exactly now', rule({ endsAt: NOW }), [promoLine()], shopper, 'expired'],
    [
      'a code an operator ended',
      rule({ endedAt: new Date('2026-11-20T00:00:00Z') }),
      [promoLine()],
      shopper,
      'expired',
    ],
    ['a code with every use taken', rule({ maxUses: 100, usesCount: 100 }), [promoLine()], shopper, 'alreadyUsed'],
    ['a code the shopper used already', rule(), [promoLine()], { ...shopper, usesByShopper: 1 }, 'alreadyUsed'],
    [
      'a first-order code on a second order',
      rule({ firstOrderOnly: true }),
      [promoLine()],
      { ...shopper, ordersPlaced: 1 },
      'notEligible',
    ],
    ['a code for another sub-category', rule({ subCategoryIds: [99] }), [promoLine()], shopper, 'notApplicable'],
    ['a code for another category', rule({ categoryIds: [4] }), [promoLine()], shopper, 'notApplicable'],
    ['a basket under the minimum spend', rule({ minSpendMinor: 6000 }), [promoLine()], shopper, 'notApplicable'],
    ['a euro basket for a pound code', rule(), [promoLine({ currency: 'EUR' })], shopper, 'notApplicable'],
    ['an empty basket', rule(), [], shopper, 'notApplicable'],
  ])('%s is refused with a message of its spec 5 class', (_name, promo, lines, who, refusal) => {
    const verdict = evaluatePromoCode(promo, lines, who, NOW);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.refusal).toBe(refusal);
    expect(verdict.message.toLowerCase()).toContain(CLASS_WORDS[refusal]);
  });

  it('the minimum spend message names the amount', () => {
    const verdict = evaluatePromoCode(rule({ minSpendMinor: 2000 }), [promoLine({ priceMinor: 1999 })], shopper, NOW);
    expect(verdict.message).toBe('This promo code is not applicable to orders under £20.');
  });

  it('a sub-category code applies to its lines only', () => {
    const verdict = evaluatePromoCode(
      rule({ subCategoryIds: [31] }),
      [promoLine({ id: 1 }), promoLine({ id: 2, subCategoryId: 40 })],
      shopper,
      NOW,
    );
    expect(verdict.ok && verdict.promotion.lineIds).toEqual([1]);
  });

  it('a guest is told about limits that need an account when they pay, not before', () => {
    const verdict = evaluatePromoCode(
      rule({ firstOrderOnly: true }),
      [promoLine()],
      { userId: null, usesByShopper: 0, ordersPlaced: 0 },
      NOW,
    );
    expect(verdict.ok).toBe(true);
  });

  it('every refusal message contains exactly its own class', () => {
    for (const message of Object.values(PROMO_MESSAGES)) {
      const classes = Object.values(CLASS_WORDS).filter((word) => message.toLowerCase().includes(word));
      expect(classes).toHaveLength(1);
    }
  });
});

describe('promotion discounts to the penny (spec 9 money)', () => {
  it.each([
    ['20% of £50.00', { kind: 'percent', percentOff: 20, amountOffMinor: 0 }, [{ id: 1, priceMinor: 5000 }], [1000]],
    [
      '20% of £0.01 rounds to nothing',
      { kind: 'percent', percentOff: 20, amountOffMinor: 0 },
      [{ id: 1, priceMinor: 1 }],
      [],
    ],
    [
      '20% of £0.03 rounds half up to 1p',
      { kind: 'percent', percentOff: 20, amountOffMinor: 0 },
      [{ id: 1, priceMinor: 3 }],
      [1],
    ],
    [
      '15% of 3 × £9.99 is per unit',
      { kind: 'percent', percentOff: 15, amountOffMinor: 0 },
      [{ id: 1, priceMinor: 2997, quantity: 3 }],
      [450],
    ],
    [
      '100% of £1,000',
      { kind: 'percent', percentOff: 100, amountOffMinor: 0 },
      [{ id: 1, priceMinor: 100000 }],
      [100000],
    ],
    ['£10 off one line', { kind: 'fixed', percentOff: 0, amountOffMinor: 1000 }, [{ id: 1, priceMinor: 5000 }], [1000]],
    [
      '£10 off never more than the line',
      { kind: 'fixed', percentOff: 0, amountOffMinor: 1000 },
      [{ id: 1, priceMinor: 600 }],
      [600],
    ],
    [
      '£10 shared by price, pennies to the dearest',
      { kind: 'fixed', percentOff: 0, amountOffMinor: 1000 },
      [
        { id: 1, priceMinor: 1000 },
        { id: 2, priceMinor: 1000 },
        { id: 3, priceMinor: 1000 },
      ],
      [334, 333, 333],
    ],
  ] as const)('%s', (_name, promotion, lines, expected) => {
    const discounts = promotionDiscounts(promotion, lines);
    expect(discounts.map((d) => d.discountMinor)).toEqual(expected);
  });
});

describe('the promotion is one adjustment in the pricing pipeline', () => {
  const line = (over: Partial<PricingLine> = {}): PricingLine => ({
    id: 1,
    currency: 'GBP',
    quantity: 1,
    unitPriceMinor: 5000,
    postagePerUnitMinor: 0,
    pricePerPerson: false,
    deposit: { payDeposit: false, hasDeposit: false, depositPriceMinor: null },
    isOnSale: true,
    ...over,
  });
  const twenty = { promoCodeId: 7, code: 'SAVE20', kind: 'percent' as const, percentOff: 20, amountOffMinor: 0 };

  it('20% off the eligible line, not postage, before the wallet pays', () => {
    const breakdown = priceLines({
      lines: [line({ id: 1, postagePerUnitMinor: 299 }), line({ id: 2, unitPriceMinor: 1000 })],
      promotion: { ...twenty, lineIds: [1] },
      wallet: { use: true, balances: [{ currency: 'GBP', balanceMinor: 1000 }] },
    });
    expect(breakdown.adjustments.map((a) => [a.kind, a.lineId, a.amountMinor])).toEqual([
      ['promotionCode', 1, -1000],
      ['postage', 1, 299],
      ['wallet', null, 1000],
    ]);
    expect(breakdown.totalMinor).toBe(5000 - 1000 + 299 + 1000);
    expect(breakdown.paidBy).toEqual({ walletMinor: 1000, cashMinor: 4299 });
    expect(breakdown.promotion).toEqual({ promoCodeId: 7, code: 'SAVE20', discountMinor: 1000 });
    expect(breakdown.lines[0]).toMatchObject({ priceMinor: 4000, unitPriceMinor: 4000, postageMinor: 299 });
  });

  it('a deposit line is discounted on the deposit paid now', () => {
    const breakdown = priceLines({
      lines: [line({ deposit: { payDeposit: true, hasDeposit: true, depositPriceMinor: 1000 } })],
      promotion: { ...twenty, lineIds: [1] },
    });
    expect(breakdown.totalMinor).toBe(800);
  });

  it('a line not on sale gets no discount', () => {
    const breakdown = priceLines({
      lines: [line({ isOnSale: false })],
      promotion: { ...twenty, lineIds: [1] },
    });
    expect(breakdown.adjustments).toEqual([]);
    expect(breakdown.promotion?.discountMinor).toBe(0);
  });
});
