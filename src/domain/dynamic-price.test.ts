/**
 * spec 4 test variants, the dynamic price variant (decision 058): a variant only ever lowers a
 * price, rounded down to whole pence, and the shopper is never charged more than the price shown
 * to them (DMCC Act 2024; CMA guidance on personalised pricing).
 */
import { describe, expect, it } from 'vitest';
import {
  DYNAMIC_PRICE_PERCENT_OFF,
  dynamicPriceVariantOf,
  isShownPriceHeld,
  SHOWN_PRICE_HOLD_HOURS,
  shownPriceToKeep,
  variantUnitPrice,
  withVariantPrices,
} from './dynamic-price';
import { type PricingLine, priceLines, pricingLineOf } from './pricing';

const open = { vipExclusive: false, hasDeposit: false };
const HOUR = 3_600_000;

describe('what each variant shows (decision 058: a none, b 2% off, c 5% off, rounded down)', () => {
  it.each([
    ['a', 2599, 2599],
    ['b', 2599, 2547],
    ['c', 2599, 2469],
    ['b', 100, 98],
    ['c', 1, 0],
    ['b', 0, 0],
  ] as const)('variant %s shows %i pence as %i', (variant, catalogue, shown) => {
    expect(variantUnitPrice(catalogue, variant, open)).toBe(shown);
  });

  it.each([
    ['a VIP-only option (members keep their price)', { vipExclusive: true, hasDeposit: false }],
    ['an option paid by a fixed deposit', { vipExclusive: false, hasDeposit: true }],
  ])('%s keeps the catalogue price', (_, option) => {
    expect(variantUnitPrice(2599, 'c', option)).toBe(2599);
  });

  it('no variant ever shows more than the catalogue price', () => {
    for (const variant of ['a', 'b', 'c'] as const) {
      for (let price = 0; price < 3000; price += 7) {
        expect(variantUnitPrice(price, variant, open)).toBeLessThanOrEqual(price);
      }
    }
  });

  it('an unknown or missing cookie is the control, a', () => {
    expect(dynamicPriceVariantOf('c')).toBe('c');
    expect(dynamicPriceVariantOf('B')).toBe('a');
    expect(dynamicPriceVariantOf(undefined)).toBe('a');
    expect(DYNAMIC_PRICE_PERCENT_OFF.a).toBe(0);
  });

  it('the deal page lowers price and shown price (postage included) by the same pence', () => {
    const posted = {
      ...open,
      price: { amountMinor: 2000, currency: 'GBP' as const },
      shownPrice: { amountMinor: 2399, currency: 'GBP' as const },
    };
    const [shown] = withVariantPrices([posted], 'b');
    expect(shown?.price.amountMinor).toBe(1960);
    expect(shown?.shownPrice.amountMinor).toBe(2359);
    expect(withVariantPrices([posted], 'a')[0]).toBe(posted);
  });
});

describe('the price shown is held on the basket line (decision 058)', () => {
  const shownAt = new Date('2026-11-29T10:00:00Z');

  it(`holds for ${SHOWN_PRICE_HOLD_HOURS} hours from when it was shown`, () => {
    const shown = { unitPriceMinor: 2547, shownAt };
    expect(isShownPriceHeld(shown, new Date(shownAt.getTime() + 23 * HOUR))).toBe(true);
    expect(isShownPriceHeld(shown, new Date(shownAt.getTime() + SHOWN_PRICE_HOLD_HOURS * HOUR))).toBe(false);
  });

  it('keeps the lower price when the cookie changes from b to a, and takes a lower one when shown', () => {
    const later = new Date(shownAt.getTime() + HOUR);
    const held = { unitPriceMinor: 2547, shownAt };
    expect(shownPriceToKeep(2599, 2599, held, later)).toEqual(held);
    expect(shownPriceToKeep(2599, 2469, held, later)).toEqual({ unitPriceMinor: 2469, shownAt: later });
    expect(shownPriceToKeep(2599, 2599, null, later)).toBeNull();
  });
});

describe('the pipeline never charges more than the price shown (decision 058)', () => {
  const line = (over: Partial<PricingLine> = {}): PricingLine => ({
    id: 1,
    currency: 'GBP',
    quantity: 2,
    unitPriceMinor: 2599,
    postagePerUnitMinor: 0,
    pricePerPerson: false,
    deposit: { payDeposit: false, hasDeposit: false, depositPriceMinor: null },
    isOnSale: true,
    ...over,
  });

  it.each([
    ['shown lower than the price now: the shown price', { shownUnitPriceMinor: 2547 }, 5094],
    ['the price fell below what was shown: the price now', { unitPriceMinor: 2400, shownUnitPriceMinor: 2547 }, 4800],
    ['nothing shown below the catalogue: the catalogue price', { shownUnitPriceMinor: null }, 5198],
    ['a VIP price below the shown price: the VIP price', { shownUnitPriceMinor: 2547, vipUnitPriceMinor: 2000 }, 4000],
    [
      'a line paying its fixed deposit: the deposit',
      { shownUnitPriceMinor: 2547, deposit: { payDeposit: true, hasDeposit: true, depositPriceMinor: 500 } },
      1000,
    ],
  ])('%s', (_, over, total) => {
    const breakdown = priceLines({ lines: [line(over)] });
    expect(breakdown.totalMinor).toBe(total);
    expect(breakdown.totalMinor).toBeLessThanOrEqual(2 * 2599);
  });

  it('a basket line carries its held shown price into the pipeline, and not once the hold is over', () => {
    const shownPriceAt = new Date('2026-11-29T10:00:00Z');
    const source = {
      line: { id: 1, quantity: 1, payDeposit: false, shownUnitPriceMinor: 2547, shownPriceAt },
      option: { priceMinor: 2599, postagePriceMinor: 0, hasDeposit: false, depositPriceMinor: null },
      deal: { pricePerPerson: false, currency: 'GBP' },
      isOnSale: true,
    };
    const during = pricingLineOf({ ...source, now: new Date('2026-11-29T20:00:00Z') });
    const after = pricingLineOf({ ...source, now: new Date('2026-11-30T10:00:00Z') });
    expect(priceLines({ lines: [during] }).totalMinor).toBe(2547);
    expect(priceLines({ lines: [after] }).totalMinor).toBe(2599);
  });
});
