/**
 * Vouchers (spec 3 voucher statuses; decision 015) on embedded PGlite: one voucher per unit with unique
 * readable codes, travel deals Booked, the expiry job, listing for a shopper or a guest's orders, and
 * the printable PDF that carries the code in words and in a QR code.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { VOUCHER_CODE_PATTERN } from '../../src/domain/vouchers';
import type { Database } from '../../src/server/db/client';
import { vouchers } from '../../src/server/db/schema';
import { expireVouchers, listVouchers, renderVoucherPdf, retrieveVoucher } from '../../src/server/vouchers';
import { insertTestOrder, insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { readPdf } from './pdf-reading';

const NOW = new Date('2027-03-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

describe.each(embedded)('vouchers on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 80, seed: 11 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('issues one voucher per unit, each with its own readable code and a 6-digit security code', async () => {
    const { db } = database;
    const user = await insertTestUser(db);
    const { order, vouchers: issued } = await insertTestOrder(db, { userId: user.id, quantity: 4, now: NOW });
    expect(issued).toHaveLength(4);
    expect(new Set(issued.map((v) => v.code)).size).toBe(4);
    for (const voucher of issued) {
      expect(voucher.code).toMatch(VOUCHER_CODE_PATTERN);
      expect(voucher.securityCode).toMatch(/^\d{6}$/);
      expect(voucher.status).toBe('ready');
      expect(voucher.orderId).toBe(order.id);
    }
    const stored = await db.select().from(vouchers).where(eq(vouchers.orderId, order.id));
    expect(stored).toHaveLength(4);
  });

  it('sets expiry from the deal validity days and starts a travel voucher Booked', async () => {
    const { db } = database;
    const user = await insertTestUser(db);
    const { vouchers: travel } = await insertTestOrder(db, { userId: user.id, quantity: 1, isTravel: true, now: NOW });
    const [voucher] = travel;
    expect(voucher?.status).toBe('booked');
    const view = await retrieveVoucher(db, voucher?.id ?? 0);
    expect(view?.statusLabel).toBe('Booked');
    expect(view?.statusDescription).toBe('travel documents expected from the merchant within 3 working days');
    expect(view?.isTravel).toBe(true);
    expect(voucher && (voucher.expiresAt.getTime() - NOW.getTime()) / DAY).toBeGreaterThan(0);
  });

  it('lists a shopper’s vouchers newest first with deal, product, merchant and address', async () => {
    const { db } = database;
    const user = await insertTestUser(db);
    const older = await insertTestOrder(db, { userId: user.id, quantity: 1, now: NOW });
    const newer = await insertTestOrder(db, { userId: user.id, quantity: 2, now: new Date(NOW.getTime() + DAY) });
    const listed = await listVouchers(db, { userId: user.id });
    expect(listed.map((v) => v.orderId)).toEqual([newer.order.id, newer.order.id, older.order.id]);
    const [first] = listed;
    expect(first?.dealHeadline.length).toBeGreaterThan(0);
    expect(first?.productTitle.length).toBeGreaterThan(0);
    expect(first?.merchantName.length).toBeGreaterThan(0);
    expect(first?.merchantAddress).toMatch(/, /);
    expect(first?.statusLabel).toBe('Ready to Redeem');

    // A guest's session sees only its own orders.
    const guestView = await listVouchers(db, { orderIds: [older.order.id] });
    expect(guestView.map((v) => v.id)).toEqual(older.vouchers.map((v) => v.id));
    expect(await listVouchers(db, { orderIds: [] })).toEqual([]);
  });

  it('expires unused vouchers past their expiry in one go, and leaves the rest', async () => {
    const { db } = database;
    const user = await insertTestUser(db);
    const { vouchers: issued } = await insertTestOrder(db, { userId: user.id, quantity: 2, now: NOW });
    const [used, unused] = issued;
    if (!used || !unused) throw new Error('two vouchers expected');
    await db.update(vouchers).set({ status: 'redeemed' }).where(eq(vouchers.id, used.id));
    const before = unused.expiresAt;
    const justBefore = new Date(before.getTime() - 1000);
    await expireVouchers(db, justBefore);
    expect((await retrieveVoucher(db, unused.id))?.status).toBe('ready');

    const after = new Date(before.getTime() + 1000);
    expect(await expireVouchers(db, after)).toBeGreaterThanOrEqual(1);
    const [expired] = await db.select().from(vouchers).where(eq(vouchers.id, unused.id));
    expect(expired?.status).toBe('expired');
    expect(expired?.statusChangedAt.toISOString()).toBe(after.toISOString());
    expect((await retrieveVoucher(db, used.id))?.status).toBe('redeemed');
    expect(await expireVouchers(db, after)).toBe(0);
  });

  it('prints a PDF with the deal, the code, the security code and a QR code that reads back as the code', async () => {
    const { db } = database;
    const user = await insertTestUser(db);
    const { vouchers: issued } = await insertTestOrder(db, { userId: user.id, quantity: 1, now: NOW });
    const voucher = await retrieveVoucher(db, issued[0]?.id ?? 0);
    if (!voucher) throw new Error('voucher expected');
    const bytes = await renderVoucherPdf(voucher);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const read = await readPdf(bytes);
    expect(read.pageCount).toBe(1);
    expect(read.title).toContain(voucher.code);
    expect(read.text).toContain(voucher.code);
    expect(read.text).toContain(voucher.securityCode);
    expect(read.text).toContain('Tuppence');
    expect(read.text).toContain('Contact the merchant to book, quoting your voucher code.');
    expect(read.text).toContain(voucher.merchantName.replace(/[^\x20-\x7e]/g, '').slice(0, 10));
    expect(read.qrCodes).toEqual([voucher.code]);
  });
});
