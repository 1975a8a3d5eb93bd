/**
 * The merchant's reports (decision 024): how vouchers sold, redeemed and outstanding add up per
 * deal and per month, and what the merchant has earned. Pure: the merchant service reads the rows.
 */

/**
 * What Tuppence keeps of each voucher's price. The merchant earns the rest when the voucher is
 * redeemed (the customer has had what they paid for); an unredeemed voucher earns nothing yet, a
 * refunded one nothing at all. Written down in docs/decisions/024.
 */
export const COMMISSION_PERCENT = 30;

/** The merchant's share of a price paid, in pence, rounded down (the odd penny stays with the shop). */
export function merchantShareMinor(paidMinor: number): number {
  return Math.floor((paidMinor * (100 - COMMISSION_PERCENT)) / 100);
}

/** One voucher as the reports see it. */
export interface ReportVoucher {
  dealId: number;
  dealHeadline: string;
  /** UTC month of purchase, YYYY-MM. */
  month: string;
  status: string;
  paidMinor: number;
  /** Past its expiry (the hourly job may not have marked it yet). */
  isPastExpiry: boolean;
}

export interface ReportRow {
  dealId: number;
  dealHeadline: string;
  month: string;
  sold: number;
  redeemed: number;
  outstanding: number;
  /** What customers paid for the vouchers sold (refunds taken off). */
  salesMinor: number;
  /** The merchant's share of the redeemed vouchers. */
  owedMinor: number;
}

const OUTSTANDING = new Set(['ready', 'booked']);

/** Groups vouchers by deal and month, newest month first, then by deal headline. */
export function summariseVouchers(rows: readonly ReportVoucher[]): ReportRow[] {
  const groups = new Map<string, ReportRow>();
  for (const row of rows) {
    const key = `${row.month}|${row.dealId}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        dealId: row.dealId,
        dealHeadline: row.dealHeadline,
        month: row.month,
        sold: 0,
        redeemed: 0,
        outstanding: 0,
        salesMinor: 0,
        owedMinor: 0,
      };
      groups.set(key, group);
    }
    if (row.status === 'refunded') continue;
    group.sold += 1;
    group.salesMinor += row.paidMinor;
    if (row.status === 'redeemed') {
      group.redeemed += 1;
      group.owedMinor += merchantShareMinor(row.paidMinor);
    } else if (OUTSTANDING.has(row.status) && !row.isPastExpiry) {
      group.outstanding += 1;
    }
  }
  return [...groups.values()].sort(
    (a, b) => b.month.localeCompare(a.month) || a.dealHeadline.localeCompare(b.dealHeadline) || a.dealId - b.dealId,
  );
}

/** The totals line under a report. */
export function reportTotals(rows: readonly ReportRow[]): Omit<ReportRow, 'dealId' | 'dealHeadline' | 'month'> {
  return rows.reduce(
    (sum, row) => ({
      sold: sum.sold + row.sold,
      redeemed: sum.redeemed + row.redeemed,
      outstanding: sum.outstanding + row.outstanding,
      salesMinor: sum.salesMinor + row.salesMinor,
      owedMinor: sum.owedMinor + row.owedMinor,
    }),
    { sold: 0, redeemed: 0, outstanding: 0, salesMinor: 0, owedMinor: 0 },
  );
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is made inert for spreadsheets. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const pounds = (minor: number) => (minor / 100).toFixed(2);

/** The report as CSV (UK spreadsheet friendly: amounts in pounds with two decimals, CRLF lines). */
export function reportCsv(rows: readonly ReportRow[]): string {
  const header = [
    'Month',
    'Deal id',
    'Deal',
    'Sold',
    'Redeemed',
    'Outstanding',
    'Sales (GBP)',
    'Owed to merchant (GBP)',
  ];
  const lines = rows.map((row) =>
    [
      row.month,
      row.dealId,
      row.dealHeadline,
      row.sold,
      row.redeemed,
      row.outstanding,
      pounds(row.salesMinor),
      pounds(row.owedMinor),
    ]
      .map(csvField)
      .join(','),
  );
  return `${[header.map(csvField).join(','), ...lines].join('\r\n')}\r\n`;
}
