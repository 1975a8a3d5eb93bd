import { describe, expect, it } from 'vitest';
import { DeliveryAddressSchema } from '@/contracts/delivery';
import { ADDRESS_MESSAGES, checkDeliveryAddress } from '@/domain/delivery-address';

const good = { name: ' Ada Lovelace ', line1: '12 Mill Lane', line2: '', town: 'Leeds', postcode: 'ls14ap', phone: '' };

describe('a UK delivery address (docs/decisions/051)', () => {
  it('trims the fields and formats the postcode the Royal Mail way', () => {
    expect(checkDeliveryAddress(good)).toEqual({
      ok: true,
      address: { ...good, name: 'Ada Lovelace', postcode: 'LS1 4AP' },
    });
  });

  it('says what is wrong beside each field (spec 5: "Enter a valid postcode")', () => {
    expect(checkDeliveryAddress({ ...good, name: ' ', postcode: 'LS1', phone: 'call me' })).toEqual({
      ok: false,
      errors: { name: ADDRESS_MESSAGES.name, postcode: 'Enter a valid postcode', phone: ADDRESS_MESSAGES.phone },
    });
  });

  it('agrees with the server’s schema on every sample, so the browser never passes what the server refuses', () => {
    const samples = [
      good,
      { ...good, postcode: 'SW1A 1AA', phone: '+44 (0)20 7946 0000' },
      { ...good, postcode: 'NOT A CODE' },
      { ...good, town: '' },
      { ...good, line1: 'x'.repeat(121) },
      { ...good, line2: 'y'.repeat(121) },
      { ...good, phone: '12' },
      { ...good, postcode: 'EC1A 1BB extra' },
    ];
    for (const sample of samples) {
      const checked = checkDeliveryAddress(sample);
      const parsed = DeliveryAddressSchema.safeParse(sample);
      expect(checked.ok, JSON.stringify(sample)).toBe(parsed.success);
      if (checked.ok && parsed.success) expect(checked.address).toEqual(parsed.data);
      if (!checked.ok && !parsed.success) {
        const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
        expect(new Set(Object.keys(checked.errors))).toEqual(fields);
      }
    }
  });
});
