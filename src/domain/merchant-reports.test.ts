import { describe, expect, it } from 'vitest';
import {
  COMMISSION_PERCENT,
  csvField,
  merchantShareMinor,
  reportCsv,
  reportTotals,
  summariseVouchers,
} from './merchant-reports';

const v = (over: Partial<Parameters<typeof summariseVouchers>[0][number]> = {}) => ({
  dealId: 1,
  dealHeadline: 'Afternoon tea for two',
  month: '2027-03',
  status: 'ready',
  paidMinor: 2000,
  isPastExpiry: false,
  ...over,
});

describe('merchant reports by deal and month', () => {
  it(`the merchant earns ${100 - COMMISSION_PERCENT}% of what was paid, rounded down to the penny`, () => {
    expect(merchantShareMinor(2000)).toBe(1400);
    expect(merchantShareMinor(999)).toBe(699);
  });

  it('counts sold, redeemed and outstanding; refunds are not sold; expired vouchers are not outstanding', () => {
    const rows = summariseVouchers([
      v({ status: 'redeemed' }),
      v({ status: 'ready' }),
      v({ status: 'booked' }),
      v({ status: 'ready', isPastExpiry: true }),
      v({ status: 'expired' }),
      v({ status: 'refunded' }),
    ]);
    expect(rows).toEqual([
      {
        dealId: 1,
        dealHeadline: 'Afternoon tea for two',
        month: '2027-03',
        sold: 5,
        redeemed: 1,
        outstanding: 2,
        salesMinor: 10000,
        owedMinor: 1400,
      },
    ]);
  });

  it('groups by month (newest first) and deal, with totals', () => {
    const rows = summariseVouchers([
      v({ month: '2027-02' }),
      v({ dealId: 2, dealHeadline: 'Spa day', status: 'redeemed', paidMinor: 5000 }),
      v({ month: '2027-03' }),
    ]);
    expect(rows.map((row) => [row.month, row.dealId])).toEqual([
      ['2027-03', 1],
      ['2027-03', 2],
      ['2027-02', 1],
    ]);
    expect(reportTotals(rows)).toEqual({ sold: 3, redeemed: 1, outstanding: 2, salesMinor: 9000, owedMinor: 3500 });
  });

  it('writes CSV with pounds, quoted fields and formulas made inert', () => {
    expect(csvField('Tea, cake and "fizz"')).toBe('"Tea, cake and ""fizz"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    const csv = reportCsv(summariseVouchers([v({ status: 'redeemed', dealHeadline: 'Tea, for two' })]));
    expect(csv).toBe(
      'Month,Deal id,Deal,Sold,Redeemed,Outstanding,Sales (GBP),Owed to merchant (GBP)\r\n' +
        '2027-03,1,"Tea, for two",1,1,0,20.00,14.00\r\n',
    );
  });
});
