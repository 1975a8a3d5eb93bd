import { describe, expect, it } from 'vitest';
import { readNoScriptCheckout } from './no-script-checkout';

/** The checkout form as a browser without JavaScript posts it (docs/decisions/051). */
function posted(fields: Record<string, string>): Request {
  return new Request('http://shop.test/checkout', { method: 'POST', body: new URLSearchParams(fields) });
}

describe('the checkout form posted without JavaScript (docs/decisions/051)', () => {
  it('reads the delivery address, the postcode to look up and the button pressed', async () => {
    const read = await readNoScriptCheckout(
      posted({
        intent: 'find',
        lookupPostcode: ' SW3 4AB ',
        'delivery-name': 'Ada Lovelace',
        'delivery-line1': '20 Charlotte Street',
        'delivery-town': 'London',
        'delivery-postcode': 'SW3 4AB',
      }),
    );
    expect(read).toMatchObject({
      intent: 'find',
      lookupPostcode: 'SW3 4AB',
      pickAddress: null,
      fields: { name: 'Ada Lovelace', line1: '20 Charlotte Street', line2: '', town: 'London', postcode: 'SW3 4AB' },
    });
  });

  it('keeps only delivery options a posted line can have, by basket line id', async () => {
    const read = await readNoScriptCheckout(
      posted({ intent: 'shipping', 'shipping-12': 'next-day', 'shipping-13': 'teleport', 'shipping-x': 'standard' }),
    );
    expect(read?.shipping).toEqual([[12, 'next-day']]);
  });

  it('a body that is not a form is nothing to read', async () => {
    const request = new Request('http://shop.test/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(await readNoScriptCheckout(request)).toBeNull();
  });
});
