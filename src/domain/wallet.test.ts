import { describe, expect, it } from 'vitest';
import {
  addMonths,
  allocateDebit,
  type CreditRemaining,
  expiredVoucherCreditExpiry,
  type LedgerEntry,
  remainingCredits,
  soonestExpiringCredit,
  walletBalances,
  walletCreditExpiry,
} from './wallet';

const NOW = new Date('2027-03-01T12:00:00Z');
const at = (iso: string) => new Date(iso);

function credit(
  id: number,
  remainingMinor: number,
  kind: CreditRemaining['kind'] = 'cash',
  expiresAt: string | null = null,
  currency: CreditRemaining['currency'] = 'GBP',
): CreditRemaining {
  return { id, currency, kind, remainingMinor, expiresAt: expiresAt === null ? null : at(expiresAt) };
}

describe('spec 3 wallet ledger: what is left of each credit', () => {
  it('subtracts the debits that name a credit from it', () => {
    const entries: LedgerEntry[] = [
      { id: 1, currency: 'GBP', kind: 'cash', amountMinor: 1000, creditId: null, expiresAt: null },
      {
        id: 2,
        currency: 'GBP',
        kind: 'marketing',
        amountMinor: 500,
        creditId: null,
        expiresAt: at('2027-04-01T00:00:00Z'),
      },
      { id: 3, currency: 'GBP', kind: 'cash', amountMinor: -300, creditId: 1, expiresAt: null },
      { id: 4, currency: 'GBP', kind: 'marketing', amountMinor: -500, creditId: 2, expiresAt: null },
    ];
    expect(remainingCredits(entries).map((c) => [c.id, c.remainingMinor])).toEqual([
      [1, 700],
      [2, 0],
    ]);
  });
});

describe('spec 3 wallet balances per currency (balance, marketingBalance, refundableBalance)', () => {
  const cases: Array<[string, CreditRemaining[], ReturnType<typeof walletBalances>]> = [
    ['an empty wallet has no entries', [], []],
    [
      'cash, marketing and refundable add up; the parts are shown beside the total',
      [credit(1, 1000), credit(2, 250, 'marketing', '2027-06-01T00:00:00Z'), credit(3, 99, 'refundable')],
      [{ currency: 'GBP', balance: 1349, marketingBalance: 250, refundableBalance: 99 }],
    ],
    [
      'spec 4: expired credit is not in the balance',
      [credit(1, 1000, 'cash', '2027-03-01T11:59:59Z'), credit(2, 300)],
      [{ currency: 'GBP', balance: 300, marketingBalance: 0, refundableBalance: 0 }],
    ],
    ['credit expiring exactly now has expired', [credit(1, 1000, 'marketing', '2027-03-01T12:00:00Z')], []],
    [
      'each currency is its own entry',
      [credit(1, 500, 'cash', null, 'EUR'), credit(2, 700)],
      [
        { currency: 'EUR', balance: 500, marketingBalance: 0, refundableBalance: 0 },
        { currency: 'GBP', balance: 700, marketingBalance: 0, refundableBalance: 0 },
      ],
    ],
  ];
  it.each(cases)('%s', (_name, credits, expected) => {
    expect(walletBalances(credits, NOW)).toEqual(expected);
  });
});

describe('wallet debit allocation: soonest expiry first, marketing before cash, split as needed', () => {
  const cases: Array<[string, CreditRemaining[], number, ReturnType<typeof allocateDebit>]> = [
    [
      'marketing credit expiring soonest goes first',
      [credit(1, 1000, 'cash', '2027-12-01T00:00:00Z'), credit(2, 500, 'marketing', '2027-04-01T00:00:00Z')],
      400,
      { ok: true, takes: [{ creditId: 2, amountMinor: 400 }] },
    ],
    [
      'a debit larger than one credit is split across credits',
      [credit(1, 1000, 'cash'), credit(2, 500, 'marketing', '2027-04-01T00:00:00Z')],
      1200,
      {
        ok: true,
        takes: [
          { creditId: 2, amountMinor: 500 },
          { creditId: 1, amountMinor: 700 },
        ],
      },
    ],
    [
      'on the same expiry marketing is spent before refundable before cash',
      [
        credit(1, 100, 'cash', '2027-05-01T00:00:00Z'),
        credit(2, 100, 'refundable', '2027-05-01T00:00:00Z'),
        credit(3, 100, 'marketing', '2027-05-01T00:00:00Z'),
      ],
      250,
      {
        ok: true,
        takes: [
          { creditId: 3, amountMinor: 100 },
          { creditId: 2, amountMinor: 100 },
          { creditId: 1, amountMinor: 50 },
        ],
      },
    ],
    [
      'credit that never expires is spent last',
      [credit(1, 500, 'marketing'), credit(2, 500, 'cash', '2027-09-01T00:00:00Z')],
      600,
      {
        ok: true,
        takes: [
          { creditId: 2, amountMinor: 500 },
          { creditId: 1, amountMinor: 100 },
        ],
      },
    ],
    [
      'spec 4: expired credit is not spendable',
      [credit(1, 5000, 'marketing', '2027-02-28T00:00:00Z'), credit(2, 300)],
      400,
      { ok: false, availableMinor: 300 },
    ],
    [
      'another currency does not pay',
      [credit(1, 5000, 'cash', null, 'EUR'), credit(2, 300)],
      301,
      { ok: false, availableMinor: 300 },
    ],
    [
      'a used-up credit is skipped',
      [credit(1, 0), credit(2, 300)],
      300,
      { ok: true, takes: [{ creditId: 2, amountMinor: 300 }] },
    ],
    ['nothing to pay takes nothing', [credit(1, 300)], 0, { ok: true, takes: [] }],
  ];
  it.each(cases)('%s', (_name, credits, amount, expected) => {
    expect(allocateDebit(credits, 'GBP', amount, NOW)).toEqual(expected);
  });

  it('refuses a debit that is not whole pence', () => {
    expect(() => allocateDebit([credit(1, 300)], 'GBP', 1.5, NOW)).toThrow(RangeError);
    expect(() => allocateDebit([credit(1, 300)], 'GBP', -1, NOW)).toThrow(RangeError);
  });
});

describe('the credit that expires soonest', () => {
  it('adds credits that expire at the same moment and ignores credit that never expires', () => {
    const credits = [
      credit(1, 900),
      credit(2, 200, 'marketing', '2027-04-01T00:00:00Z'),
      credit(3, 300, 'cash', '2027-04-01T00:00:00Z'),
      credit(4, 400, 'cash', '2027-08-01T00:00:00Z'),
    ];
    expect(soonestExpiringCredit(credits, 'GBP', NOW)).toEqual({
      amountMinor: 500,
      expiresAt: at('2027-04-01T00:00:00Z'),
    });
    expect(soonestExpiringCredit([credit(1, 900)], 'GBP', NOW)).toBeNull();
  });
});

describe('spec 4 expiry rules', () => {
  it.each([
    ['2027-03-01T12:00:00Z', '2028-03-01T12:00:00Z'],
    ['2028-02-29T09:30:00Z', '2029-02-28T09:30:00Z'],
    ['2027-12-31T23:00:00Z', '2028-12-31T23:00:00Z'],
  ])('wallet credit redeemed at %s expires 12 months later, at %s', (redeemed, expires) => {
    expect(walletCreditExpiry(at(redeemed)).toISOString()).toBe(at(expires).toISOString());
  });

  it.each([
    ['2027-03-01T00:00:00Z', '2027-03-15T00:00:00Z'],
    ['2027-12-25T18:00:00Z', '2028-01-08T18:00:00Z'],
  ])('credit from a voucher that expired at %s is valid until %s (14 days)', (voucherExpiry, creditExpiry) => {
    expect(expiredVoucherCreditExpiry(at(voucherExpiry)).toISOString()).toBe(at(creditExpiry).toISOString());
  });

  it('adds calendar months, clamped to the end of a shorter month', () => {
    expect(addMonths(at('2027-01-31T10:00:00Z'), 1).toISOString()).toBe('2027-02-28T10:00:00.000Z');
  });
});
