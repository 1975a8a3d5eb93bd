/**
 * The wallet and voucher endpoints (decision 015) on embedded PGlite: GET /api/v1/user/wallet answers
 * 401 to a guest and the spec 3 wallet to the signed-in shopper; the voucher PDF goes to its owner or
 * the guest session that bought it, and is a 404 to anyone else.
 */
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { WalletResponseSchema } from '../../src/contracts/wallet';
import type { Database } from '../../src/server/db/client';
import { creditWallet } from '../../src/server/wallet';
import { insertTestOrder, insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { readPdf } from './pdf-reading';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { GET: getWallet } = await import('../../src/pages/api/v1/user/wallet');
const { GET: getVoucherPdf } = await import('../../src/pages/api/v1/voucher/[id]/pdf');
const { GET: printVoucher } = await import('../../src/pages/api/v1/deal/print-voucher');

const NOW = new Date('2027-03-01T12:00:00Z');

/** A request context whose session holds `data` (a signed-in account, guest orders, or nothing). */
function context(url: string, data: Record<string, unknown>, params: Record<string, string> = {}): APIContext {
  const session = {
    get: async (key: string) => data[key],
    set: () => undefined,
    destroy: () => undefined,
  };
  const cookies = { get: () => undefined, set: () => undefined, delete: () => undefined };
  return {
    url: new URL(url),
    params,
    request: new Request(url),
    session,
    cookies,
    locals: { now: NOW, brand: 'tuppence' },
  } as unknown as APIContext;
}

const signedIn = (user: { id: number; sessionEpoch: number }) => ({
  account: { userId: user.id, epoch: user.sessionEpoch },
});

describe.each(embedded)('wallet and voucher endpoints on $name', (engine) => {
  beforeAll(async () => {
    shared.database = await engine.open();
    await seedCatalogue(shared.database.db, { deals: 40, seed: 5 });
  });
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });

  it('spec 7 GET user wallet: 401 for a guest', async () => {
    const response = await getWallet(context('http://localhost/api/v1/user/wallet', {}));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, message: expect.any(String) });
  });

  it('spec 7 GET user wallet: the list by currency, userWallet and hasError false for the shopper', async () => {
    const db = shared.database?.db;
    if (!db) throw new Error('no db');
    const user = await insertTestUser(db);
    const empty = WalletResponseSchema.parse(
      await (await getWallet(context('http://localhost/api/v1/user/wallet', signedIn(user)))).json(),
    );
    expect(empty).toEqual({
      wallets: [],
      userWallet: { currency: 'GBP', balance: 0, marketingBalance: 0, refundableBalance: 0 },
      hasError: false,
    });

    await creditWallet(db, {
      userId: user.id,
      currency: 'GBP',
      kind: 'marketing',
      amountMinor: 500,
      description: 'Promo',
    });
    await creditWallet(db, { userId: user.id, currency: 'GBP', kind: 'cash', amountMinor: 1250, description: 'Cash' });
    const response = await getWallet(context('http://localhost/api/v1/user/wallet', signedIn(user)));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = WalletResponseSchema.parse(await response.json());
    expect(body.userWallet).toEqual({ currency: 'GBP', balance: 1750, marketingBalance: 500, refundableBalance: 0 });
    expect(body.wallets).toEqual([body.userWallet]);
    expect(body.hasError).toBe(false);
  });

  it('gives the voucher PDF to its owner, inline with a filename, and the same through print-voucher', async () => {
    const db = shared.database?.db;
    if (!db) throw new Error('no db');
    const owner = await insertTestUser(db);
    const { vouchers } = await insertTestOrder(db, { userId: owner.id, quantity: 1, now: NOW });
    const voucher = vouchers[0];
    if (!voucher) throw new Error('voucher expected');

    const url = `http://localhost/api/v1/voucher/${voucher.id}/pdf`;
    const response = await getVoucherPdf(context(url, signedIn(owner), { id: String(voucher.id) }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="voucher-${voucher.code}.pdf"`);
    const read = await readPdf(new Uint8Array(await response.arrayBuffer()));
    expect(read.qrCodes).toEqual([voucher.code]);

    const alias = await printVoucher(
      context(`http://localhost/api/v1/deal/print-voucher?voucherId=${voucher.id}`, signedIn(owner)),
    );
    expect(alias.status).toBe(200);
    expect(alias.headers.get('content-type')).toBe('application/pdf');
  });

  it('gives the PDF to the guest session that bought the order, and a 404 to anyone else', async () => {
    const db = shared.database?.db;
    if (!db) throw new Error('no db');
    const buyer = await insertTestUser(db);
    const stranger = await insertTestUser(db);
    const { order, vouchers } = await insertTestOrder(db, { userId: buyer.id, quantity: 1, now: NOW });
    const id = String(vouchers[0]?.id);
    const url = `http://localhost/api/v1/voucher/${id}/pdf`;

    const guest = await getVoucherPdf(context(url, { guestOrders: [order.id] }, { id }));
    expect(guest.status).toBe(200);

    const otherGuest = await getVoucherPdf(context(url, { guestOrders: [order.id + 1000] }, { id }));
    expect(otherGuest.status).toBe(404);
    const otherUser = await getVoucherPdf(context(url, signedIn(stranger), { id }));
    expect(otherUser.status).toBe(404);
    const nobody = await getVoucherPdf(context(url, {}, { id }));
    expect(nobody.status).toBe(404);
    const missing = await getVoucherPdf(
      context('http://localhost/api/v1/voucher/99999999/pdf', signedIn(buyer), { id: '99999999' }),
    );
    expect(missing.status).toBe(404);
    const bad = await printVoucher(
      context('http://localhost/api/v1/deal/print-voucher?voucherId=abc', signedIn(buyer)),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status: 400 });
  });
});
