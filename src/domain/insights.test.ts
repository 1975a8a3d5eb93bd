import { describe, expect, it } from 'vitest';
import { EXPIRING_SOON_DAYS, expiringSoonBy, summariseInsights, type VoucherTallyRow } from './insights';

const row = (
  status: VoucherTallyRow['status'],
  vouchers: number,
  paidMinor: number,
  savedMinor: number,
): VoucherTallyRow => ({
  status,
  currency: 'GBP',
  vouchers,
  paidMinor,
  savedMinor,
});

describe('spec 2 insights: a shopper’s vouchers summed up (decision 052)', () => {
  it.each([
    ['nothing bought: no saving, no counts', [], { saved: [], paid: [], used: 0, unused: 0, expired: 0, givenBack: 0 }],
    [
      'used and still usable vouchers count their saving',
      [row('redeemed', 2, 4000, 3000), row('ready', 1, 2000, 1000), row('booked', 1, 5000, 0)],
      {
        saved: [{ currency: 'GBP', amountMinor: 4000 }],
        paid: [{ currency: 'GBP', amountMinor: 11000 }],
        used: 2,
        unused: 2,
        expired: 0,
        givenBack: 0,
      },
    ],
    [
      'expired and given-back vouchers are counted but saved nothing',
      [
        row('expired', 1, 2000, 1500),
        row('refunded', 1, 2000, 1500),
        row('request_processed', 1, 900, 100),
        row('return_in_transit', 1, 900, 100),
      ],
      { saved: [], paid: [], used: 0, unused: 0, expired: 1, givenBack: 3 },
    ],
    [
      'bought at the original price: paid shows, no saving',
      [row('ready', 1, 2000, 0)],
      { saved: [], paid: [{ currency: 'GBP', amountMinor: 2000 }], used: 0, unused: 1, expired: 0, givenBack: 0 },
    ],
  ])('%s', (_story, rows, expected) => {
    const insights = summariseInsights(rows, 0);
    expect(insights.saved).toEqual(expected.saved);
    expect(insights.paid).toEqual(expected.paid);
    expect(insights.counts).toEqual({
      used: expected.used,
      unused: expected.unused,
      expired: expected.expired,
      givenBack: expected.givenBack,
    });
  });

  it('keeps each currency apart, pounds first', () => {
    const insights = summariseInsights(
      [{ ...row('ready', 1, 1000, 500), currency: 'EUR' }, row('redeemed', 1, 1000, 200)],
      2,
    );
    expect(insights.saved).toEqual([
      { currency: 'GBP', amountMinor: 200 },
      { currency: 'EUR', amountMinor: 500 },
    ]);
    expect(insights.expiringSoon).toBe(2);
    expect(insights.totalVouchers).toBe(2);
  });

  it(`a voucher expiring within ${EXPIRING_SOON_DAYS} days expires soon`, () => {
    const now = new Date('2027-01-01T00:00:00Z');
    expect(expiringSoonBy(now).getTime() - now.getTime()).toBe(EXPIRING_SOON_DAYS * 86_400_000);
  });
});
