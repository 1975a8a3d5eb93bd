import { describe, expect, it } from 'vitest';
import {
  normaliseSecurityCode,
  normaliseVoucherCode,
  REDEEM_COPY,
  redemptionRefusal,
  refusalMessage,
} from './redemption';

const NOW = new Date('2027-03-01T12:00:00Z');
const LATER = new Date('2027-06-01T12:00:00Z');

describe('reading a voucher code at the till', () => {
  it.each([
    ['TP-7KQ4-M9XD', 'TP-7KQ4-M9XD'],
    ['tp7kq4m9xd', 'TP-7KQ4-M9XD'],
    [' TP 7KQ4 M9XD ', 'TP-7KQ4-M9XD'],
    ['TP--7KQ4-M9XD', 'TP-7KQ4-M9XD'],
  ])('%j reads as %s', (typed, code) => {
    expect(normaliseVoucherCode(typed)).toBe(code);
  });

  it.each(['', 'TP-7KQ4', 'TP-0KQ4-M9XD', 'XX-7KQ4-M9XD', 'TP-7KQ4-M9XD-1'])('%j cannot be a code', (typed) => {
    expect(normaliseVoucherCode(typed)).toBeNull();
  });

  it('a security code is six digits, spaces allowed', () => {
    expect(normaliseSecurityCode('123 456')).toBe('123456');
    expect(normaliseSecurityCode('12345')).toBeNull();
    expect(normaliseSecurityCode('12345a')).toBeNull();
  });
});

describe('which vouchers a merchant may redeem', () => {
  const voucher = (status: string, expiresAt = LATER) => ({ merchantId: 7, status, expiresAt });

  it.each([
    ['ready', null],
    ['booked', null],
    ['redeemed', 'already_redeemed'],
    ['refunded', 'refunded'],
    ['expired', 'expired'],
    ['credit_requested', 'not_redeemable'],
    ['return_requested', 'not_redeemable'],
  ])('a %s voucher: %s', (status, refusal) => {
    expect(redemptionRefusal(voucher(status), 7, NOW)).toBe(refusal);
  });

  it("another merchant's voucher is refused whatever its status", () => {
    expect(redemptionRefusal(voucher('ready'), 8, NOW)).toBe('other_merchant');
  });

  it('a voucher past its expiry is expired even before the hourly job marks it', () => {
    expect(redemptionRefusal(voucher('ready', NOW), 7, NOW)).toBe('expired');
  });

  it('each refusal says why, naming spec 3 status labels', () => {
    expect(refusalMessage('already_redeemed', 'redeemed')).toBe(REDEEM_COPY.alreadyRedeemed);
    expect(refusalMessage('not_redeemable', 'credit_requested')).toBe(
      'This voucher cannot be redeemed: its status is Credit Requested.',
    );
  });
});
