import { describe, expect, it } from 'vitest';
import { POSTAL_DELIVERY_TYPE, shownPriceMinor } from './delivery';
import { deliveryNote } from './shown-price';

describe('DMCC Act 2024: a posted product shows its price with standard delivery (decision 051)', () => {
  it.each([
    {
      priceMinor: 13_700,
      deliveryType: POSTAL_DELIVERY_TYPE,
      postageMinor: 499,
      shown: 14_199,
      note: 'incl. £4.99 delivery',
    },
    {
      priceMinor: 2_000,
      deliveryType: POSTAL_DELIVERY_TYPE,
      postageMinor: 500,
      shown: 2_500,
      note: 'incl. £5 delivery',
    },
    { priceMinor: 2_000, deliveryType: POSTAL_DELIVERY_TYPE, postageMinor: 0, shown: 2_000, note: 'Free delivery' },
  ])(
    '$priceMinor + $postageMinor postage shows $shown, "$note"',
    ({ priceMinor, deliveryType, postageMinor, shown, note }) => {
      expect(shownPriceMinor(priceMinor, deliveryType, postageMinor)).toBe(shown);
      expect(deliveryNote({ amountMinor: postageMinor, currency: 'GBP' })).toBe(note);
    },
  );

  it('an e-voucher shows its price alone', () => {
    expect(shownPriceMinor(2_000, 'e-voucher', 0)).toBe(2_000);
  });
});
