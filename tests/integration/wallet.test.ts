/**
 * The wallet ledger (spec 3 Wallet; decision 015) on every engine: credits, debits and balances agree
 * to the penny with the rows; a debit spends soonest-expiring credit first and splits across credits;
 * two orders racing for the same credit cannot both spend it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import type { Database } from '../../src/server/db/client';
import { walletEntries } from '../../src/server/db/schema';
import {
  creditWallet,
  debitWallet,
  InsufficientWalletBalance,
  InvalidWalletAmount,
  ledgerTotals,
  listWalletHistory,
  retrieveWalletSummary,
  walletBalances,
} from '../../src/server/wallet';
import { insertTestOrder, insertTestUser } from './commerce-fixtures';
import { enginesWhereSqlDiffers } from './databases';

const NOW = new Date('2027-03-01T12:00:00Z');
const days = (n: number) => new Date(NOW.getTime() + n * 24 * 60 * 60 * 1000);

describe.each(enginesWhereSqlDiffers)('wallet ledger on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 40, seed: 7 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('spec 3: balances per currency show marketing and refundable parts, and agree with the ledger rows', async () => {
    const { db } = database;
    const user = await insertTestUser(db);
    await creditWallet(db, {
      userId: user.id,
      currency: 'GBP',
      kind: 'cash',
      amountMinor: 1000,
      description: 'Refund to wallet',
    });
    await creditWallet(db, {
      userId: user.id,
      currency: 'GBP',
      kind: 'marketing',
      amountMinor: 500,
      expiresAt: days(10),
      description: 'Welcome credit',
    });
    await creditWallet(db, {
      userId: user.id,
      currency: 'GBP',
      kind: 'refundable',
      amountMinor: 199,
      description: 'Goodwill',
    });
    await creditWallet(db, {
      userId: user.id,
      currency: 'EUR',
      kind: 'cash',
      amountMinor: 700,
      description: 'Euro credit',
    });

    const { order, walletDebits } = await insertTestOrder(db, {
      userId: user.id,
      quantity: 1,
      walletMinor: 650,
      now: NOW,
    });
    // The marketing credit expires first, so it goes first; then refundable before cash (neither expires).
    expect(walletDebits.map((row) => [row.kind, row.amountMinor, row.orderId])).toEqual([
      ['marketing', -500, order.id],
      ['refundable', -150, order.id],
    ]);

    const balances = await walletBalances(db, user.id, NOW);
    expect(balances).toEqual([
      { currency: 'EUR', balance: 700, marketingBalance: 0, refundableBalance: 0 },
      { currency: 'GBP', balance: 1049, marketingBalance: 0, refundableBalance: 49 },
    ]);
    expect(await ledgerTotals(db, user.id)).toEqual({ EUR: 700, GBP: 1049 });

    // The shopper's history shows the split debit as one line for the order.
    const history = await listWalletHistory(db, user.id, { page: 1, pageSize: 10 });
    expect(history.total).toBe(5);
    expect(history.entries[0]).toMatchObject({ amountMinor: -650, orderId: order.id, kind: null });
  });

  it('spec 4: expired credit leaves the balance and cannot be spent; nothing is written on refusal', async () => {
    const { db } = database;
    const user = await insertTestUser(db);
    await creditWallet(db, {
      userId: user.id,
      currency: 'GBP',
      kind: 'marketing',
      amountMinor: 2000,
      expiresAt: days(-1),
      description: 'Old promotion',
    });
    await creditWallet(db, { userId: user.id, currency: 'GBP', kind: 'cash', amountMinor: 300, description: 'Cash' });
    expect(await walletBalances(db, user.id, NOW)).toEqual([
      { currency: 'GBP', balance: 300, marketingBalance: 0, refundableBalance: 0 },
    ]);
    const refusal = insertTestOrder(db, { userId: user.id, quantity: 1, walletMinor: 301, now: NOW });
    await expect(refusal).rejects.toBeInstanceOf(InsufficientWalletBalance);
    const rows = await db.select().from(walletEntries).where(eq(walletEntries.userId, user.id));
    expect(rows.filter((row) => row.amountMinor < 0)).toEqual([]);
  });

  it('two orders racing for the same credit: exactly one spends it', async () => {
    const { db } = database;
    const user = await insertTestUser(db);
    await creditWallet(db, { userId: user.id, currency: 'GBP', kind: 'cash', amountMinor: 1000, description: 'Cash' });
    const results = await Promise.allSettled([
      insertTestOrder(db, { userId: user.id, quantity: 1, walletMinor: 700, now: NOW }),
      insertTestOrder(db, { userId: user.id, quantity: 1, walletMinor: 700, now: NOW }),
    ]);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientWalletBalance);
    expect(await walletBalances(db, user.id, NOW)).toEqual([
      { currency: 'GBP', balance: 300, marketingBalance: 0, refundableBalance: 0 },
    ]);
    expect(await ledgerTotals(db, user.id)).toEqual({ GBP: 300 });
  });

  it('debits run only inside the given transaction: a rolled-back order leaves the credit whole', async () => {
    const { db } = database;
    const user = await insertTestUser(db);
    await creditWallet(db, { userId: user.id, currency: 'GBP', kind: 'cash', amountMinor: 800, description: 'Cash' });
    const { order } = await insertTestOrder(db, { userId: user.id, quantity: 1, now: NOW });
    await expect(
      db.transaction(async (tx) => {
        await debitWallet(tx, {
          userId: user.id,
          currency: 'GBP',
          amountMinor: 500,
          orderId: order.id,
          description: 'x',
          now: NOW,
        });
        throw new Error('payment voided');
      }),
    ).rejects.toThrow('payment voided');
    expect(await ledgerTotals(db, user.id)).toEqual({ GBP: 800 });
  });

  it('refuses a credit that is not a positive whole number of pence', async () => {
    const user = await insertTestUser(database.db);
    const credit = (amountMinor: number) =>
      creditWallet(database.db, { userId: user.id, currency: 'GBP', kind: 'cash', amountMinor, description: 'Bad' });
    await expect(credit(0)).rejects.toBeInstanceOf(InvalidWalletAmount);
    await expect(credit(12.5)).rejects.toBeInstanceOf(InvalidWalletAmount);
  });

  it('lists the history newest first with order ids, a page at a time, and says what expires soonest', async () => {
    const { db } = database;
    const user = await insertTestUser(db);
    await creditWallet(db, {
      userId: user.id,
      currency: 'GBP',
      kind: 'marketing',
      amountMinor: 400,
      expiresAt: days(5),
      description: 'Spring credit',
    });
    await creditWallet(db, { userId: user.id, currency: 'GBP', kind: 'cash', amountMinor: 1000, description: 'Cash' });
    const { order } = await insertTestOrder(db, { userId: user.id, quantity: 1, walletMinor: 100, now: NOW });

    const first = await listWalletHistory(db, user.id, { page: 1, pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.entries.map((entry) => [entry.amountMinor, entry.orderId])).toEqual([
      [-100, order.id],
      [1000, null],
    ]);
    const second = await listWalletHistory(db, user.id, { page: 2, pageSize: 2 });
    expect(second.entries.map((entry) => entry.description)).toEqual(['Spring credit']);

    const summary = await retrieveWalletSummary(db, user.id, NOW);
    expect(summary.soonestExpiring).toEqual([{ currency: 'GBP', amountMinor: 300, expiresAt: days(5) }]);
  });
});
