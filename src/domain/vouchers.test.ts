import { describe, expect, it } from 'vitest';
import {
  asSentence,
  describeVoucherStatus,
  initialVoucherStatus,
  isRedeemable,
  redeemInstructions,
  securityCodeFrom,
  VOUCHER_CODE_PATTERN,
  VOUCHER_STATUSES,
  voucherCodeFrom,
  voucherExpiry,
} from './vouchers';

describe('spec 3 voucher statuses read as their labels and descriptions', () => {
  it.each([
    ['ready', 'Ready to Redeem', 'print and use it'],
    ['redeemed', 'Redeemed', null],
    ['booked', 'Booked', 'travel documents expected from the merchant within 3 working days'],
    ['credit_requested', 'Credit Requested', null],
    ['request_processed', 'Request Processed', 'redeemed for credit or towards another deal'],
    ['return_requested', 'Return Requested', null],
    ['return_in_transit', 'Return in Transit', null],
    ['returned_to_merchant', 'Returned to the Merchant', null],
    ['refunded', 'Refunded', null],
    ['expired', 'Expired', null],
  ])('%s is "%s"', (status, label, description) => {
    expect(describeVoucherStatus(status)).toEqual({ label, description });
  });

  it('covers every stored status', () => {
    expect(VOUCHER_STATUSES).toHaveLength(10);
  });

  it('reads an unknown stored value as itself rather than failing', () => {
    expect(describeVoucherStatus('lost')).toEqual({ label: 'lost', description: null });
  });
});

describe('which vouchers can still be used', () => {
  it.each([
    ['ready', true],
    ['booked', true],
    ['redeemed', false],
    ['expired', false],
    ['refunded', false],
  ])('%s: %s', (status, expected) => {
    expect(isRedeemable(status)).toBe(expected);
  });

  it('spec 3: a travel voucher starts Booked, any other Ready to Redeem', () => {
    expect(initialVoucherStatus(true)).toBe('booked');
    expect(initialVoucherStatus(false)).toBe('ready');
  });
});

describe('voucher codes', () => {
  it.each([
    [[0, 0, 0, 0, 0, 0, 0, 0], 'TP-AAAA-AAAA'],
    [[31, 30, 29, 28, 27, 26, 25, 24], 'TP-9876-5432'],
    [[255, 32, 8, 13, 21, 100, 200, 7], 'TP-9AJP-XEJH'],
  ])('bytes %j make %s', (bytes, code) => {
    expect(voucherCodeFrom(Uint8Array.from(bytes))).toBe(code);
  });

  it('never uses 0, O, 1 or I, whatever the bytes', () => {
    for (let b = 0; b < 256; b += 1) {
      const code = voucherCodeFrom(Uint8Array.from([b, b, b, b, b, b, b, b]));
      expect(code).toMatch(VOUCHER_CODE_PATTERN);
      expect(code.slice(3)).not.toMatch(/[01OI]/);
    }
  });

  it.each([
    [0, '000000'],
    [42, '000042'],
    [999999, '999999'],
  ])('security code from %i is %s', (value, code) => {
    expect(securityCodeFrom(value)).toBe(code);
  });

  it('refuses a security code out of range', () => {
    expect(() => securityCodeFrom(1_000_000)).toThrow(RangeError);
  });
});

describe('voucher expiry and instructions', () => {
  it('expires the deal validity days after purchase', () => {
    expect(voucherExpiry(new Date('2027-03-01T12:00:00Z'), 30).toISOString()).toBe('2027-03-31T12:00:00.000Z');
    expect(() => voucherExpiry(new Date(), 0)).toThrow(RangeError);
  });

  it.each([
    [
      'ready',
      [
        'Print and use it.',
        'Contact the merchant to book, quoting your voucher code.',
        'Show this voucher (printed or on your phone) to the merchant when you arrive.',
        'The merchant checks the security code, so keep it to yourself until then.',
      ],
    ],
    [
      'booked',
      [
        'Travel documents expected from the merchant within 3 working days.',
        'If nothing has arrived after 3 working days, contact the merchant quoting your voucher code.',
      ],
    ],
    ['expired', []],
    ['redeemed', []],
  ])('a %s voucher says %j', (status, lines) => {
    expect(redeemInstructions(status)).toEqual(lines);
  });

  it('makes a spec description a sentence', () => {
    expect(asSentence('print and use it')).toBe('Print and use it.');
    expect(asSentence('Done.')).toBe('Done.');
  });
});
