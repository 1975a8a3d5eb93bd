import { describe, expect, it } from 'vitest';
import {
  CARD_FIELD_MESSAGES,
  type CardFormField,
  type CardFormFields,
  cardFieldError,
  detectBrand,
  formatCardNumber,
  formatExpiry,
  isCvvShapeValid,
  isExpired,
  isLuhnValid,
  parseExpiry,
} from './card-details';
import { MESSAGES } from './messages';

describe('PAYMENTS.md cards: brand from the prefix, Luhn', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['4005519200000004', 'visa'],
    ['4012888888881881', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223000048400011', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011000991300009', 'discover'],
    ['3530111333300000', 'jcb'],
    ['6304000000000000', 'maestro'],
    ['4000111111111115', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['378734493671000', 'amex'],
    ['6011000990139424', 'discover'],
    ['4000111111111511', 'visa'],
    ['4000000000002701', 'visa'],
    ['5200000000002235', 'mastercard'],
    ['4000000000002925', 'visa'],
    ['4000000000002313', 'visa'],
    ['30569309025904', 'diners'],
    ['38520000023237', 'diners'],
  ])('test card %s is a %s card and passes Luhn', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
    expect(isLuhnValid(number)).toBe(true);
  });

  it.each([
    ['4111 1111 1111 1112', false],
    ['4111 1111 1111 1111', true],
    ['4111-1111-1111-1111', true],
    ['41111111', false],
    ['', false],
    ['4111x11111111111', false],
  ])('Luhn check of %j is %s', (number, valid) => {
    expect(isLuhnValid(number)).toBe(valid);
  });

  it.each([
    ['4', 'visa'],
    ['34', 'amex'],
    ['51', 'mastercard'],
    ['2720', 'mastercard'],
    ['2721', 'unknown'],
    ['9999', 'unknown'],
    ['', 'unknown'],
  ])('a partly typed %j already reads as %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });
});

describe('card number display groups', () => {
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['41111', '4111 1'],
    ['378282246310005', '3782 822463 10005'],
    ['3782822463100059999', '3782 822463 10005'],
    ['4111 1111abc', '4111 1111'],
  ])('%j shows as %j', (typed, shown) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });
});

describe('expiry MM/YY', () => {
  it.each([
    ['12/30', { month: 12, year: 2030 }],
    ['1/27', { month: 1, year: 2027 }],
    ['06 / 2031', { month: 6, year: 2031 }],
    ['0630', { month: 6, year: 2030 }],
    ['13/30', null],
    ['00/30', null],
    ['12-30', null],
    ['', null],
  ])('%j reads as %j', (typed, expiry) => {
    expect(parseExpiry(typed)).toEqual(expiry);
  });

  it.each([
    ['1', '1'],
    ['12', '12'],
    ['12/', '12/'],
    ['123', '12/3'],
    ['1230', '12/30'],
    ['12/305', '12/30'],
  ])('typing %j shows %j', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  const now = new Date('2026-05-15T12:00:00Z');
  it.each([
    [{ month: 5, year: 2026 }, false],
    [{ month: 4, year: 2026 }, true],
    [{ month: 12, year: 2025 }, true],
    [{ month: 1, year: 2027 }, false],
  ])('in May 2026 a card ending %j is expired: %s', (expiry, expired) => {
    expect(isExpired(expiry, now)).toBe(expired);
  });
});

describe('CVV: 4 digits for Amex, 3 for the others', () => {
  it.each([
    ['123', 'visa', true],
    ['1234', 'visa', false],
    ['1234', 'amex', true],
    ['123', 'amex', false],
    ['12a', 'visa', false],
    ['1234', 'unknown', true],
  ] as const)('%s on %s is %s', (cvv, brand, valid) => {
    expect(isCvvShapeValid(cvv, brand)).toBe(valid);
  });
});

describe('card form checks (spec 5 "Required field", "Enter a valid postcode")', () => {
  const now = new Date('2026-05-15T12:00:00Z');
  const good: CardFormFields = { number: '4111 1111 1111 1111', expiry: '05/26', cvv: '123', postcode: 'LS1 4AP' };

  it.each<[CardFormField, Partial<CardFormFields>, string | null]>([
    ['number', {}, null],
    ['number', { number: '' }, MESSAGES.requiredField],
    ['number', { number: '   ' }, MESSAGES.requiredField],
    ['number', { number: '4111 1111 1111 1112' }, CARD_FIELD_MESSAGES.numberInvalid],
    ['expiry', {}, null],
    ['expiry', { expiry: '13/30' }, CARD_FIELD_MESSAGES.expiryInvalid],
    ['expiry', { expiry: '04/26' }, CARD_FIELD_MESSAGES.cardExpired],
    ['cvv', {}, null],
    ['cvv', { cvv: '12' }, CARD_FIELD_MESSAGES.cvvInvalid],
    ['cvv', { number: '3782 822463 10005', cvv: '123' }, CARD_FIELD_MESSAGES.cvvInvalidAmex],
    ['cvv', { number: '3782 822463 10005', cvv: '1234' }, null],
    ['postcode', {}, null],
    ['postcode', { postcode: 'ls14ap' }, null],
    ['postcode', { postcode: 'LS1' }, MESSAGES.enterValidPostcode],
    ['postcode', { postcode: '20000' }, MESSAGES.enterValidPostcode],
  ])('%s with %j -> %j', (field, change, message) => {
    expect(cardFieldError(field, { ...good, ...change }, now)).toBe(message);
  });
});
