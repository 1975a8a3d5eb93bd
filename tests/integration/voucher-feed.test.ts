/**
 * My Vouchers a page at a time (docs/decisions/050; spec 9 voucher feed size "10 voucher"; spec 2
 * listing rule: page 1 is the clean URL, later pages ?page=n) on embedded PGlite: pages of 10, 10, 3
 * newest first, paged in SQL with a count; a status filter shows only its statuses and its count;
 * the page holding an acted-on voucher is found; bad ?status= and ?page= read as All and page 1.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import {
  readVoucherFeedQuery,
  VOUCHER_FEED_PAGE_SIZE,
  VOUCHER_FILTERS,
  voucherFeedUrl,
  voucherPageCount,
} from '../../src/domain/voucher-feed';
import type { Database } from '../../src/server/db/client';
import { type VoucherRow, vouchers } from '../../src/server/db/schema';
import { countVouchersByStatus, listVoucherPage, locateVoucherPage } from '../../src/server/vouchers';
import { insertTestOrder, insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';

const START = new Date('2027-03-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;

describe.each(embedded)('voucher feed on $name', (engine) => {
  let database: Database;
  let userId: number;
  /** The shopper's 23 vouchers, newest first. */
  let newestFirst: VoucherRow[];

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 40, seed: 19 });
    const user = await insertTestUser(database.db);
    userId = user.id;
    const issued: VoucherRow[] = [];
    // 21 single orders an hour apart, then one order of 2 (same moment: the higher id lists first).
    for (let n = 0; n < 21; n += 1) {
      const { vouchers: made } = await insertTestOrder(database.db, {
        userId,
        quantity: 1,
        now: new Date(START.getTime() + n * HOUR),
      });
      issued.push(...made);
    }
    const { vouchers: pair } = await insertTestOrder(database.db, {
      userId,
      quantity: 2,
      now: new Date(START.getTime() + 30 * HOUR),
    });
    issued.push(...pair);
    newestFirst = [...issued].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    // Somebody else's vouchers never show.
    const other = await insertTestUser(database.db);
    await insertTestOrder(database.db, { userId: other.id, quantity: 3, now: START });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('spec 9 voucher feed size: 23 vouchers give pages of 10, 10 and 3, newest first', async () => {
    const { db } = database;
    expect(VOUCHER_FEED_PAGE_SIZE).toBe(10);
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(await listVoucherPage(db, { userId }, { page, pageSize: VOUCHER_FEED_PAGE_SIZE }));
    }
    expect(pages.map((p) => p.vouchers.length)).toEqual([10, 10, 3]);
    expect(pages.every((p) => p.total === 23)).toBe(true);
    expect(voucherPageCount(23)).toBe(3);
    expect(pages.flatMap((p) => p.vouchers.map((v) => v.id))).toEqual(newestFirst.map((v) => v.id));
    const past = await listVoucherPage(db, { userId }, { page: 4, pageSize: VOUCHER_FEED_PAGE_SIZE });
    expect(past.vouchers).toEqual([]);
    expect(past.total).toBe(23);
  });

  it('spec 9 voucher feed size: a status filter shows only that status, and its count', async () => {
    const { db } = database;
    const refunded = newestFirst.slice(2, 5).map((v) => v.id);
    const redeemed = [newestFirst[7]?.id ?? 0];
    const credit = [newestFirst[8]?.id ?? 0];
    await db.update(vouchers).set({ status: 'refunded' }).where(inArray(vouchers.id, refunded));
    await db.update(vouchers).set({ status: 'redeemed' }).where(inArray(vouchers.id, redeemed));
    await db.update(vouchers).set({ status: 'return_in_transit' }).where(inArray(vouchers.id, credit));

    const counts = await countVouchersByStatus(db, { userId });
    expect(Object.fromEntries(counts)).toEqual({ ready: 18, refunded: 3, redeemed: 1, return_in_transit: 1 });

    const byValue = (value: string) => VOUCHER_FILTERS.find((f) => f.value === value);
    const onlyRefunded = await listVoucherPage(
      db,
      { userId },
      { page: 1, pageSize: VOUCHER_FEED_PAGE_SIZE, statuses: byValue('refunded')?.statuses },
    );
    expect(onlyRefunded.total).toBe(3);
    expect(onlyRefunded.vouchers.map((v) => v.id)).toEqual(refunded);
    expect(onlyRefunded.vouchers.every((v) => v.statusLabel === 'Refunded')).toBe(true);

    const returns = await listVoucherPage(
      db,
      { userId },
      { page: 1, pageSize: VOUCHER_FEED_PAGE_SIZE, statuses: byValue('credit-and-returns')?.statuses },
    );
    expect(returns.vouchers.map((v) => v.id)).toEqual(credit);

    const ready = await listVoucherPage(
      db,
      { userId },
      { page: 2, pageSize: VOUCHER_FEED_PAGE_SIZE, statuses: byValue('ready')?.statuses },
    );
    expect(ready.total).toBe(18);
    expect(ready.vouchers).toHaveLength(8);
    expect(ready.vouchers.every((v) => v.status === 'ready')).toBe(true);

    const expired = await listVoucherPage(
      db,
      { userId },
      { page: 1, pageSize: VOUCHER_FEED_PAGE_SIZE, statuses: byValue('expired')?.statuses },
    );
    expect(expired).toMatchObject({ total: 0, vouchers: [] });

    // Put them back for the tests that follow.
    await db.update(vouchers).set({ status: 'ready' }).where(eq(vouchers.userId, userId));
  });

  it('finds the page that shows an acted-on voucher, under a filter or not at all', async () => {
    const { db } = database;
    const size = VOUCHER_FEED_PAGE_SIZE;
    expect(await locateVoucherPage(db, { userId }, newestFirst[0]?.id ?? 0, { pageSize: size })).toBe(1);
    expect(await locateVoucherPage(db, { userId }, newestFirst[9]?.id ?? 0, { pageSize: size })).toBe(1);
    expect(await locateVoucherPage(db, { userId }, newestFirst[10]?.id ?? 0, { pageSize: size })).toBe(2);
    expect(await locateVoucherPage(db, { userId }, newestFirst[22]?.id ?? 0, { pageSize: size })).toBe(3);
    // Not in the filter, or not the shopper's: no page.
    expect(
      await locateVoucherPage(db, { userId }, newestFirst[22]?.id ?? 0, { pageSize: size, statuses: ['refunded'] }),
    ).toBeNull();
    const other = await insertTestUser(db);
    expect(await locateVoucherPage(db, { userId: other.id }, newestFirst[0]?.id ?? 0, { pageSize: size })).toBeNull();
  });

  it('pages a guest’s orders the same way, and an empty list of orders shows nothing', async () => {
    const { db } = database;
    const orderIds = [...new Set(newestFirst.slice(0, 12).map((v) => v.orderId))];
    const first = await listVoucherPage(db, { orderIds }, { page: 1, pageSize: VOUCHER_FEED_PAGE_SIZE });
    expect(first.total).toBe(12);
    expect(first.vouchers.map((v) => v.id)).toEqual(newestFirst.slice(0, 10).map((v) => v.id));
    expect(await listVoucherPage(db, { orderIds: [] }, { page: 1, pageSize: 10 })).toMatchObject({ total: 0 });
    expect((await countVouchersByStatus(db, { orderIds: [] })).size).toBe(0);
  });
});

describe('spec 9 voucher feed size: reading ?status= and ?page=', () => {
  const read = (query: string) => readVoucherFeedQuery(new URLSearchParams(query));

  it('reads a known status and a page', () => {
    expect(read('status=refunded&page=2')).toMatchObject({ page: 2, badPage: false, unknownStatus: null });
    expect(read('status=refunded').filter.value).toBe('refunded');
    expect(read('status=READY').filter.value).toBe('ready');
    expect(read('').filter.value).toBe('all');
    expect(read('status=').filter.value).toBe('all');
  });

  it.each([
    ['a status it does not know', 'status=lost', { filter: 'all', page: 1, badPage: false, unknownStatus: 'lost' }],
    ['a status that is an SQL fragment', "status=ready'--", { filter: 'all', page: 1, unknownStatus: "ready'--" }],
    ['page 0', 'page=0', { filter: 'all', page: 1, badPage: true }],
    ['a page in words', 'page=two', { filter: 'all', page: 1, badPage: true }],
    ['a negative page', 'page=-3', { filter: 'all', page: 1, badPage: true }],
    ['a huge page', 'page=99999999999', { filter: 'all', page: 1, badPage: true }],
  ])('%s reads as All or page 1, never an error', (_case, query, expected) => {
    const { filter, ...rest } = read(query);
    const { filter: expectedFilter, ...expectedRest } = expected;
    expect(filter.value).toBe(expectedFilter);
    expect(rest).toMatchObject(expectedRest);
  });

  it('writes page 1 as the clean URL (spec 2) and later pages as ?page=n, keeping the filter', () => {
    expect(voucherFeedUrl('all', 1)).toBe('/myaccount/vouchers');
    expect(voucherFeedUrl('all', 2)).toBe('/myaccount/vouchers?page=2');
    expect(voucherFeedUrl('refunded', 1)).toBe('/myaccount/vouchers?status=refunded');
    expect(voucherFeedUrl('refunded', 3)).toBe('/myaccount/vouchers?status=refunded&page=3');
    expect(voucherPageCount(0)).toBe(1);
    expect(voucherPageCount(10)).toBe(1);
    expect(voucherPageCount(11)).toBe(2);
  });
});
