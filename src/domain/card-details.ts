/**
 * Card details as the shopper types them (PAYMENTS.md "Cards"): the brand from the number's
 * prefix, the Luhn check, MM/YY expiry, the CVV length and the number's display groups. Pure:
 * the card form (src/stores/card-form.ts) checks with it before tokenising, and the sandbox
 * gateway applies the same rules, as a real provider's hosted fields and gateway both would.
 */
import { MESSAGES } from './messages';
import { parsePostcode } from './postcode';

/** The brands the shop knows; `CARD_BRANDS_ACCEPTED` picks which of them it takes. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'jcb' | 'maestro' | 'diners' | 'unknown';

/** Every brand the shop can take, in the order the form lists them (the switch's default). */
export const ACCEPTABLE_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'maestro'] as const;

/** How each brand is named to shoppers and in provider answers (Braintree's card types). */
export const BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  maestro: 'Maestro',
  diners: 'Diners Club',
  unknown: 'Unknown',
};

/** Only digits: spaces and dashes typed between groups are dropped. */
export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The brand a number belongs to, from its prefix (IIN ranges); works on a partly typed number. */
export function detectBrand(input: string): CardBrand {
  const n = cardDigits(input);
  if (!/^\d+$/.test(n)) return 'unknown';
  const first4 = Number(n.slice(0, 4).padEnd(4, '0'));
  const first6 = Number(n.slice(0, 6).padEnd(6, '0'));
  if (n.startsWith('4')) return 'visa';
  if (/^3[47]/.test(n)) return 'amex';
  if (/^3(0[0-5]|[689])/.test(n)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(n)) return 'jcb';
  // Maestro's ranges sit beside Mastercard's and Discover's, so they are looked at first.
  if (/^(5018|5020|5038|5893|6304|6759|676[1-3]|0604|6390)/.test(n)) return 'maestro';
  if (/^5[1-5]/.test(n) || (n.length >= 4 && first4 >= 2221 && first4 <= 2720)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(n) || (n.length >= 6 && first6 >= 622126 && first6 <= 622925)) return 'discover';
  return 'unknown';
}

/** The Luhn (mod 10) check every card number passes. */
export function isLuhnValid(input: string): boolean {
  const n = cardDigits(input);
  if (!/^\d{12,19}$/.test(n)) return false;
  let sum = 0;
  for (let i = 0; i < n.length; i += 1) {
    let digit = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** How many digits a brand's numbers have (the form stops there). */
export function maxNumberLength(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 19;
}

/** The number in its display groups: 4-6-5 for Amex and Diners, fours for the rest. */
export function formatCardNumber(input: string): string {
  const brand = detectBrand(input);
  const n = cardDigits(input).replace(/\D/g, '').slice(0, maxNumberLength(brand));
  if (brand === 'amex' || brand === 'diners') {
    return [n.slice(0, 4), n.slice(4, 10), n.slice(10)].filter(Boolean).join(' ');
  }
  return (n.match(/.{1,4}/g) ?? []).join(' ');
}

/** The CVV length a brand asks for: 4 on the front of an Amex, 3 on the back of the others. */
export function cvvLength(brand: CardBrand): 3 | 4 {
  return brand === 'amex' ? 4 : 3;
}

export interface CardExpiry {
  /** 1-12 */
  month: number;
  /** Four digits. */
  year: number;
}

/** Reads "MM/YY" (also "MM / YY", "MMYY", "MM/YYYY"); null when it is not a month and year. */
export function parseExpiry(input: string): CardExpiry | null {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(input.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const rawYear = match[2] ?? '';
  const year = rawYear.length === 2 ? 2000 + Number(rawYear) : Number(rawYear);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** "MM/YY" as typed so far: the slash goes in after the month. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits.length === 2 && input.endsWith('/') ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** A card is good until the end of its expiry month (UK time is close enough: months end the same day). */
export function isExpired(expiry: CardExpiry, now: Date): boolean {
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  return expiry.year < nowYear || (expiry.year === nowYear && expiry.month < nowMonth);
}

/** True when the CVV has the brand's number of digits (any 3 or 4 while the brand is unknown). */
export function isCvvShapeValid(cvv: string, brand: CardBrand): boolean {
  if (brand === 'unknown') return /^\d{3,4}$/.test(cvv);
  return new RegExp(`^\\d{${cvvLength(brand)}}$`).test(cvv);
}

/** The card form's fields, as typed. */
export interface CardFormFields {
  number: string;
  /** MM/YY */
  expiry: string;
  cvv: string;
  postcode: string;
}

export type CardFormField = keyof CardFormFields;

/** The form's own wording for a field typed wrongly (spec 8: "card number ... typed incorrectly"). */
export const CARD_FIELD_MESSAGES = {
  numberInvalid: 'Enter a valid card number.',
  expiryInvalid: 'Enter the expiry date as MM/YY.',
  cardExpired: 'This card has expired. Please add a new card or try PayPal.',
  cvvInvalid: 'Enter the 3-digit security code from the back of your card.',
  cvvInvalidAmex: 'Enter the 4-digit security code from the front of your card.',
  checkDetails: 'Please check the card details marked above.',
} as const;

/**
 * The message for one field, or null when it is fine: required, Luhn, MM/YY not in the past,
 * CVV 3 digits (4 for Amex), UK postcode shape (spec 5 "Required field", "Enter a valid postcode").
 */
export function cardFieldError(field: CardFormField, fields: CardFormFields, now: Date): string | null {
  const value = fields[field].trim();
  if (!value) return MESSAGES.requiredField;
  switch (field) {
    case 'number':
      return isLuhnValid(value) ? null : CARD_FIELD_MESSAGES.numberInvalid;
    case 'expiry': {
      const expiry = parseExpiry(value);
      if (!expiry) return CARD_FIELD_MESSAGES.expiryInvalid;
      return isExpired(expiry, now) ? CARD_FIELD_MESSAGES.cardExpired : null;
    }
    case 'cvv': {
      const brand = detectBrand(fields.number);
      if (isCvvShapeValid(value, brand)) return null;
      return brand === 'amex' ? CARD_FIELD_MESSAGES.cvvInvalidAmex : CARD_FIELD_MESSAGES.cvvInvalid;
    }
    case 'postcode':
      // A full postcode: the bank checks it against the card's billing address.
      return parsePostcode(value)?.inward ? null : MESSAGES.enterValidPostcode;
  }
}
