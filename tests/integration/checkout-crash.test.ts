/**
 * Killing the server in the middle of checkout (decision 012, crash safety) leaves no half-written order. A
 * child process places an order and is killed with SIGKILL while its order transaction is open (a trigger
 * makes the voucher insert sleep). Afterwards: no order, no line, no voucher, stock as it was once the hold
 * expires (decision 026, stock hold), the basket still open, and the authorisation left behind is voided by
 * the sweep.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { openDatabase } from '../../src/server/db/client';
import { baskets, dealProductStock, orderLines, orders, payments, vouchers } from '../../src/server/db/schema';
import { HOLD_SECONDS, releaseExpiredHolds, voidAbandonedAuthorisations } from '../../src/server/orders';
import { createBuyers, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { enginesWhereSqlDiffers, openEmbeddedIn } from './databases';

const child = path.resolve(import.meta.dirname, 'support/crash-child.ts');
const folders: string[] = [];
/** The file the embedded trigger writes once the order transaction reaches the voucher insert. */
const INSIDE = 'inside-order-transaction';
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * Runs the child and kills it once it is inside the order transaction: `inside` reports the voucher
 * trigger's own signal (decision 034: a signal, not a fixed wait).
 */
async function killMidTransaction(args: string[], inside: () => Promise<boolean>): Promise<string> {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  proc.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve, reject) => {
    proc.on('error', reject);
    proc.on('close', () => resolve());
  });
  await vi.waitFor(
    async () => {
      if (proc.exitCode !== null) throw new Error(`the child ended before its order transaction: ${output}`);
      if (!(await inside())) throw new Error('not inside the order transaction yet');
    },
    { timeout: 60_000, interval: 20 },
  );
  proc.kill('SIGKILL');
  await exited;
  return output;
}

describe.each(enginesWhereSqlDiffers)('a checkout killed mid-transaction on $name', (engine) => {
  it('leaves no half-written order', async () => {
    // A database the child can open too: a PGlite folder, or a PostgreSQL database of its own.
    let target: string;
    let database = await engine.open();
    if (engine.name === 'pglite') {
      await database.close();
      const folder = mkdtempSync(path.join(tmpdir(), 'tuppence-crash-'));
      folders.push(folder);
      target = path.join(folder, 'pglite');
      database = await openEmbeddedIn(target);
    } else {
      const url = process.env.TEST_DATABASE_URL ?? '';
      const name = (await database.db.execute<{ db: string }>(sql`select current_database() as db`)).rows[0]?.db;
      const u = new URL(url);
      u.pathname = `/${name}`;
      target = u.toString();
    }
    await seedCatalogue(database.db, { deals: 30, seed: 5 });
    const deal = await prepareLimitedDeal(database.db, 10);
    const [buyer] = await createBuyers(database.db, deal, 1, { prefix: 'crash' });
    if (buyer === undefined) throw new Error('no buyer');
    // The voucher insert stalls inside the order transaction. Embedded, the child's whole process
    // stalls with it, so the trigger first leaves a file in the data folder to say it got there; on
    // PostgreSQL the parent sees the sleeping backend.
    const signal =
      engine.name === 'pglite'
        ? `execute format('copy (select 1) to %L', current_setting('data_directory') || '/${INSIDE}');`
        : '';
    // The seed's own customers have orders (decision 046): the crash must add nothing to them.
    const counted = async (db: typeof database.db, table: typeof orders | typeof orderLines | typeof vouchers) =>
      Number((await db.select({ n: count() }).from(table))[0]?.n);
    const before = {
      orders: await counted(database.db, orders),
      orderLines: await counted(database.db, orderLines),
      vouchers: await counted(database.db, vouchers),
    };
    await database.db.execute(
      sql.raw(`
      create function tuppence_test_slow_voucher() returns trigger language plpgsql as $$
      begin ${signal} perform pg_sleep(60); return new; end $$`),
    );
    await database.db.execute(sql`
      create trigger slow_voucher before insert on vouchers for each row execute function tuppence_test_slow_voucher()`);
    if (engine.name === 'pglite') await database.close();

    const sleeping = async () => {
      const rows = await database.db.execute<{ n: number | string }>(
        sql`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`,
      );
      return Number(rows.rows[0]?.n) > 0;
    };
    const inside = engine.name === 'pglite' ? async () => existsSync(path.join(target, INSIDE)) : sleeping;
    const output = await killMidTransaction(
      [target, buyer.basketToken, String(buyer.user.id), String(deal.unitTotalMinor)],
      inside,
    );
    expect(output).toContain('placing');
    expect(output).not.toContain('finished');

    if (engine.name === 'pglite') database = await openDatabase({ dataDir: target, url: '' });
    const { db } = database;
    if (engine.name === 'postgres') {
      // The dead client's order transaction is still open on the server: it really died mid-transaction.
      const open = await db.execute<{ n: number | string }>(
        sql`select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
      );
      expect(Number(open.rows[0]?.n)).toBe(1);
      // The server notices a dead client only when it next writes to it; end the orphaned session now
      // (its transaction never committed, so this only saves the test waiting out the sleep).
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
    }
    await db.execute(sql`drop trigger slow_voucher on vouchers`);
    expect(await counted(db, orders)).toBe(before.orders);
    expect(await counted(db, orderLines)).toBe(before.orderLines);
    expect(await counted(db, vouchers)).toBe(before.vouchers);
    // The unit was held before the card was authorised (decision 026, stock hold); the hold outlives
    // the crash until it expires, and then the hourly jobs give it back: stock as it was.
    const stockLeft = async () =>
      (await db.select().from(dealProductStock).where(eq(dealProductStock.productId, deal.productId)))[0]
        ?.quantityRemaining;
    expect(await stockLeft()).toBe(9);
    expect(await releaseExpiredHolds(db, new Date(Date.now() + (HOLD_SECONDS + 1) * 1000))).toBe(1);
    expect(await stockLeft()).toBe(10);
    const [basket] = await db.select().from(baskets).where(eq(baskets.id, buyer.basketToken));
    expect(basket?.status).toBe('open');

    // The authorisation the dead process left is released.
    const released = await voidAbandonedAuthorisations(db, createSandboxProvider(db), 0);
    expect(released).toBe(1);
    const [payment] = await db.select().from(payments);
    expect(payment?.status).toBe('voided');
    await database.close();
  }, 120_000);
});
