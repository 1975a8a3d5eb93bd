/**
 * My Vouchers a page at a time (docs/decisions/050): spec 9 page sizes "feed sizes 20 find and 10
 * voucher", newest first, with a status filter over the spec 3 voucher statuses. Pure: reads the
 * query (?page=, ?status=) and writes the URLs; the vouchers service does the paging in SQL.
 */
import type { VoucherStatusName } from './vouchers';

/** spec 9 page sizes: "feed sizes 20 find and 10 voucher". */
export const VOUCHER_FEED_PAGE_SIZE = 10;

/** The path of My Vouchers (spec 2 Account routes). */
export const MY_VOUCHERS_PATH = '/myaccount/vouchers';

/**
 * The filter's choices, in the order the form offers them. Each maps to the spec 3 statuses it
 * shows; the five steps of a credit or a return read as one choice, as a shopper thinks of them.
 * A gift is not a voucher status (the gifting service keeps it), so it is not a choice here.
 */
export const VOUCHER_FILTERS = [
  { value: 'all', label: 'All', statuses: null },
  { value: 'ready', label: 'Ready to Redeem', statuses: ['ready'] },
  { value: 'booked', label: 'Booked', statuses: ['booked'] },
  { value: 'redeemed', label: 'Redeemed', statuses: ['redeemed'] },
  {
    value: 'credit-and-returns',
    label: 'Credit and returns',
    statuses: [
      'credit_requested',
      'request_processed',
      'return_requested',
      'return_in_transit',
      'returned_to_merchant',
    ],
  },
  { value: 'refunded', label: 'Refunded', statuses: ['refunded'] },
  { value: 'expired', label: 'Expired', statuses: ['expired'] },
] as const satisfies ReadonlyArray<{ value: string; label: string; statuses: readonly VoucherStatusName[] | null }>;

export type VoucherFilter = (typeof VOUCHER_FILTERS)[number];
export type VoucherFilterValue = VoucherFilter['value'];

/** What ?status= and ?page= ask for, read without ever throwing. */
export interface VoucherFeedQuery {
  filter: VoucherFilter;
  /** 1-based; anything that is not a whole number from 1 reads as 1. */
  page: number;
  /** True when ?page= was given and meant nothing (the page says so, and shows page 1). */
  badPage: boolean;
  /** The ?status= value when it named no choice (the page says so, and shows All). */
  unknownStatus: string | null;
}

const ALL: VoucherFilter = VOUCHER_FILTERS[0];

/** The filter choice named `value`, or null. */
export function findVoucherFilter(value: string): VoucherFilter | null {
  return VOUCHER_FILTERS.find((filter) => filter.value === value) ?? null;
}

/** Reads ?status= and ?page=: an unknown status falls back to All, a bad page to page 1. */
export function readVoucherFeedQuery(params: URLSearchParams): VoucherFeedQuery {
  const rawStatus = (params.get('status') ?? '').trim();
  const found = rawStatus === '' ? ALL : findVoucherFilter(rawStatus.toLowerCase());
  const rawPage = params.get('page');
  const pageOk = rawPage !== null && /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1;
  return {
    filter: found ?? ALL,
    page: pageOk ? Number(rawPage) : 1,
    badPage: rawPage !== null && !pageOk,
    unknownStatus: found === null ? rawStatus.slice(0, 40) : null,
  };
}

/** How many pages `total` vouchers fill (at least 1, so an empty list is "page 1 of 1"). */
export function voucherPageCount(total: number, pageSize = VOUCHER_FEED_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The URL of page `page` under `filter`. spec 2: page 1 is the clean URL with no page parameter
 * (so page 2's "previous" leads there); later pages use ?page=n. All is the clean URL too.
 */
export function voucherFeedUrl(filter: VoucherFilterValue, page: number): string {
  const params = new URLSearchParams();
  if (filter !== 'all') params.set('status', filter);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? MY_VOUCHERS_PATH : `${MY_VOUCHERS_PATH}?${query}`;
}
