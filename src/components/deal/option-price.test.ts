import { describe, expect, it } from 'vitest';
import type { PriceDisplayMode } from '@/contracts/deal';
import { optionPriceView } from './option-price';

const option = {
  price: { amountMinor: 2500, currency: 'GBP' as const },
  originalPrice: { amountMinor: 5000, currency: 'GBP' as const },
  discountPercentage: 50,
};

describe('spec 3: price display modes on a deal option', () => {
  const cases: Array<[PriceDisplayMode, object]> = [
    ['hidden', { kind: 'hidden' }],
    ['show-discount', { price: '£25', was: '£50', saving: '-50%', prefix: null, isVip: false }],
    ['show-discount-indicative', { price: '£25', was: null, saving: '-50%', prefix: 'from' }],
    ['show-original-price', { price: '£25', was: '£50', saving: null }],
    ['show-price', { price: '£25', was: null, saving: null }],
    ['show-vip-discount-price', { price: '£25', was: '£50', saving: null, isVip: true }],
  ];
  it.each(cases)('%s', (mode, expected) => {
    expect(optionPriceView(option, mode)).toMatchObject(expected);
  });

  it('shows no saving when nothing is saved', () => {
    expect(
      optionPriceView({ ...option, originalPrice: option.price, discountPercentage: 0 }, 'show-discount'),
    ).toMatchObject({
      was: null,
      saving: null,
    });
  });

  it('DMCC Act 2024: a posted option shows its price and "was" price with standard postage, its saving its own', () => {
    const posted = { ...option, postage: { amountMinor: 499, currency: 'GBP' as const } };
    expect(optionPriceView(posted, 'show-discount')).toMatchObject({
      price: '£29.99',
      was: '£54.99',
      saving: '-50%',
      delivery: 'incl. £4.99 delivery',
    });
    expect(optionPriceView({ ...option, postage: { amountMinor: 0, currency: 'GBP' } }, 'show-price')).toMatchObject({
      price: '£25',
      delivery: 'Free delivery',
    });
    expect(optionPriceView(option, 'show-price')).toMatchObject({ price: '£25', delivery: null });
  });
});
