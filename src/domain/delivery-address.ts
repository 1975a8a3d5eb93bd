/**
 * The rules of a UK delivery address (docs/decisions/051), pure so the checkout can check an address
 * in the browser without loading zod, and the server's DeliveryAddressSchema
 * (src/contracts/delivery.ts) applies the very same limits, messages and postcode rule.
 */
import { parsePostcode } from './postcode';

/** What each address field says when it is missing or wrong (shown beside the field). */
export const ADDRESS_MESSAGES = {
  name: "Enter the recipient's name",
  line1: 'Enter the first line of the address',
  line2: 'Keep the second line to 120 characters',
  town: 'Enter the town or city',
  postcode: 'Enter a valid postcode',
  phone: 'Enter a UK phone number, like 07700 900123',
} as const;

/** The longest each field may be. */
export const ADDRESS_LIMITS = { name: 100, line1: 120, line2: 120, town: 80, postcode: 10, phone: 20 } as const;

const PHONE = /^\+?[0-9 ()-]{7,20}$/;

/** A courier's phone number: empty (it is optional) or digits, spaces, brackets, dashes, a leading +. */
export function isCourierPhone(value: string): boolean {
  return value === '' || PHONE.test(value);
}

/** A full UK postcode formatted the Royal Mail way ("LS1 4AP"), or null when it is not one. */
export function fullPostcode(value: string): string | null {
  const parsed = parsePostcode(value);
  return parsed?.inward == null ? null : parsed.formatted;
}

export type AddressField = 'name' | 'line1' | 'line2' | 'town' | 'postcode' | 'phone';

export interface CheckedAddress {
  name: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
  phone: string;
}

/** The address trimmed and its postcode formatted, or each wrong field's message. */
export function checkDeliveryAddress(
  input: Partial<Record<AddressField, string>>,
): { ok: true; address: CheckedAddress } | { ok: false; errors: Partial<Record<AddressField, string>> } {
  const value = (field: AddressField) => (input[field] ?? '').trim();
  const errors: Partial<Record<AddressField, string>> = {};
  for (const field of ['name', 'line1', 'town'] as const) {
    const text = value(field);
    if (text === '' || text.length > ADDRESS_LIMITS[field]) errors[field] = ADDRESS_MESSAGES[field];
  }
  if (value('line2').length > ADDRESS_LIMITS.line2) errors.line2 = ADDRESS_MESSAGES.line2;
  const postcode = value('postcode').length > ADDRESS_LIMITS.postcode ? null : fullPostcode(value('postcode'));
  if (postcode === null) errors.postcode = ADDRESS_MESSAGES.postcode;
  const phone = value('phone');
  if (phone.length > ADDRESS_LIMITS.phone || !isCourierPhone(phone)) errors.phone = ADDRESS_MESSAGES.phone;
  if (Object.keys(errors).length > 0 || postcode === null) return { ok: false, errors };
  return {
    ok: true,
    address: {
      name: value('name'),
      line1: value('line1'),
      line2: value('line2'),
      town: value('town'),
      postcode,
      phone,
    },
  };
}
