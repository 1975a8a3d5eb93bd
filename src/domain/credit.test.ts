import { describe, expect, it } from 'vitest';
import {
  parseCreditValidation,
  promotionalCreditFor,
  promotionalCreditPerItem,
  REFERRAL_CAP_MINOR,
  referralCreditAmount,
  referralCreditDueAt,
} from './credit';
import { creditAlreadyReceivedMessage, creditAppliedMessage } from './messages';
import { formatMoney } from './money';

describe('spec 1 and 9: promotional credit is 10% up to 5 pounds per eligible item', () => {
  it.each([
    ['an item at £0.01 earns nothing (0.1p)', 1, 0],
    ['an item at £0.04 earns nothing (0.4p)', 4, 0],
    ['an item at £0.05 rounds half up to 1p', 5, 1],
    ['an item at £0.15 earns 2p (1.5p up)', 15, 2],
    ['an item at £9.99 earns £1.00 (99.9p)', 999, 100],
    ['an item at £25.00 earns £2.50', 2500, 250],
    ['an item at £49.99 earns £5.00', 4999, 500],
    ['an item at £50.00 earns £5.00', 5000, 500],
    ['an item at £50.10 earns the £5.00 cap', 5010, 500],
    ['an item at £1,000 earns the £5.00 cap', 100000, 500],
    ['a free item earns nothing', 0, 0],
  ])('%s', (_name, paidMinor, creditMinor) => {
    expect(promotionalCreditPerItem(paidMinor)).toBe(creditMinor);
  });

  it('each unit of a line is an item of its own', () => {
    expect(
      promotionalCreditFor([
        { unitPaidMinor: 100000, quantity: 3 },
        { unitPaidMinor: 999, quantity: 2 },
      ]),
    ).toBe(3 * 500 + 2 * 100);
  });
});

describe('spec 5: the credit_validation value must be digits only, else it is ignored', () => {
  it.each([
    ['123', '123'],
    ['0042', '0042'],
    ['12a', null],
    ['', null],
    [' 123', null],
    ['-5', null],
    ['1.5', null],
    [null, null],
  ])('%j', (value, expected) => {
    expect(parseCreditValidation(value)).toBe(expected);
  });
});

describe('spec 8: credit toasts carry £ for GBP, else €', () => {
  it.each([
    [
      { amountMinor: 500, currency: 'GBP' as const },
      "Your £5 credit has been applied to your account. You'll see it when you get to checkout!",
    ],
    [
      { amountMinor: 250, currency: 'GBP' as const },
      "Your £2.50 credit has been applied to your account. You'll see it when you get to checkout!",
    ],
    [
      { amountMinor: 1000, currency: 'EUR' as const },
      "Your €10 credit has been applied to your account. You'll see it when you get to checkout!",
    ],
  ])('%j', (money, message) => {
    expect(creditAppliedMessage(formatMoney(money))).toBe(message);
  });

  it('the repeat claim', () => {
    expect(creditAlreadyReceivedMessage('£5')).toBe("You've already received your £5 credit from this offer.");
  });
});

describe('spec 1 and 4: referral credit is 10 pounds after the 14-day refund window, up to 200 pounds', () => {
  it('is due 14 days after the order', () => {
    expect(referralCreditDueAt(new Date('2026-11-01T10:00:00Z')).toISOString()).toBe('2026-11-15T10:00:00.000Z');
  });

  it.each([
    [0, 1000],
    [18_000, 1000],
    [19_000, 1000],
    [19_500, 500],
    [REFERRAL_CAP_MINOR, 0],
    [25_000, 0],
  ])('with £%d p already earned the next referral pays %d p', (earned, pays) => {
    expect(referralCreditAmount(earned)).toBe(pays);
  });
});
