/**
 * Purchase bench (docs/decisions/012): 200 concurrent buyers on a deal with 50 left must sell exactly 50,
 * oversell nothing and leave no authorisation unvoided; plus orders per second without contention, the
 * median of three measured rounds.
 * In-process against the order service on fresh databases (PGlite, and a throwaway database on the
 * PostgreSQL server of BENCH_DATABASE_URL, default the local one), with the payment sandbox as the
 * payment provider in a process of its own, as `npm start` runs it (decisions 035 and 084): on its own
 * embedded database beside PGlite, in its own schema of the same throwaway database on PostgreSQL.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { serverConfig } from '@/server/config';
import { type Database, openDatabase } from '@/server/db';
import { orders } from '@/server/db/schema';
import { EVENTS, eventDeliveries, eventsSettled, isFollowUp } from '@/server/events';
import { placeOrder } from '@/server/orders';
import { createGatewayProvider, singleProvider } from '@/server/payments';
import { loadSubscribers } from '@/server/subscribers';
import { SANDBOX_READY } from '../../sandbox/ready.mjs';
import { createBuyers, prepareLimitedDeal, restock, tallyRush } from '../../tests/fixtures/purchase-scenario';
import { openThrowawayDatabase } from '../../tests/fixtures/throwaway-database';
import { seedCatalogue } from '../seed';

// The bench places real orders, so it loads the shop's subscribers as every entry point does.
loadSubscribers();

export interface PurchaseBenchResult {
  engine: string;
  buyers: number;
  stock: number;
  sold: number;
  oversold: number;
  stockLeft: number | null;
  vouchers: number;
  settled: number;
  /** Cards authorised in the rush (stock is held first, docs/decisions/026, so only the winners' should be). */
  authorised: number;
  voided: number;
  heldWithoutOrder: number;
  contendedSeconds: number;
  /** The median of the measured rounds' orders per second without contention… */
  ordersPerSecond: number;
  /** …and each round's, in the order run (a round lasts under a second, so one alone is easily swayed). */
  ordersPerSecondRounds: number[];
  /** Per order placed without contention: the statements the shop sent (round trips to the database)… */
  statementsPerOrder: number;
  /** …the transactions it opened, and the rows it locked with `select … for update`. */
  transactionsPerOrder: number;
  lockingReadsPerOrder: number;
  /**
   * The `order.placed` subscribers run after each answer (docs/decisions/063): seconds from the start
   * of an uncontended round until every one of its orders' events was handled (or failed and was left
   * for the retry), so no work is hidden behind the answers (the slowest round's)…
   */
  drainedSeconds: number;
  /** …the events of the rounds' orders still not handled after that (0 when every follow-up ran)… */
  unhandledEvents: number;
  /** …and the statements the follow-ups sent, per order. */
  followUpStatementsPerOrder: number;
  /**
   * This process's CPU time per order over the uncontended rounds, follow-ups included (the shop, the
   * in-process sandbox and, on PGlite, the database itself): less swayed by a busy machine than orders/s.
   */
  cpuMsPerOrder: number;
  /**
   * On PostgreSQL, the server's backend processes' CPU per order over the same run (docs/decisions/075),
   * read from /proc for the backends of the bench's database: null when the server is not on this
   * machine (or not readable), and on PGlite, whose engine is this process's CPU.
   */
  backendCpuMsPerOrder: number | null;
  /** The payment sandbox's process's CPU per order over the same run (null when /proc cannot tell). */
  sandboxCpuMsPerOrder: number | null;
}

/** The CPU (ms) each backend process of the database `db` is connected to has used, by pid; null when /proc cannot tell. */
async function backendCpu(db: Database['db']): Promise<Map<number, number> | null> {
  const result = await db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  const used = new Map<number, number>();
  for (const { pid } of result.rows) {
    const ms = processCpuMs(Number(pid));
    if (ms === null) return null;
    used.set(Number(pid), ms);
  }
  return used;
}

/**
 * What the shop asks of its database while counting is on: statements (each a round trip), the
 * transactions `db.transaction` opens (savepoints inside one not counted) and locking reads. The
 * payment sandbox's own statements are not the shop's and are not counted.
 */
class StatementCount {
  counting = false;
  statements = 0;
  transactions = 0;
  lockingReads = 0;
  /** Statements of the subscribers run after the answers, counted apart. */
  followUps = 0;

  onQuery = (query: string): void => {
    if (!this.counting) return;
    if (isFollowUp()) {
      this.followUps += 1;
      return;
    }
    this.statements += 1;
    if (/\bfor (no key )?update\b/i.test(query)) this.lockingReads += 1;
  };

  /** Counts the transactions `db` opens. */
  watch(db: Database['db']): void {
    const open = db.transaction.bind(db);
    db.transaction = ((work, config) => {
      if (this.counting && !isFollowUp()) this.transactions += 1;
      return open(work, config);
    }) as typeof db.transaction;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The payment sandbox as a process of its own (sandbox/server.ts), as `npm start` runs it beside the shop. */
interface SandboxProcess {
  provider: ReturnType<typeof createGatewayProvider>;
  /** The process's CPU so far, in ms; null when /proc cannot tell. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the sandbox on `databaseUrl` (its own schema there), or on an embedded database of its own
 * when there is none, and makes the shop's provider for it: the shop reaches it over HTTP on loopback
 * with the key it issues (docs/decisions/020, 035). A real provider's work is never the shop's CPU;
 * the sandbox's is still this machine's, and is printed beside the shop's.
 */
async function startSandboxProcess(databaseUrl: string | null): Promise<SandboxProcess> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'tuppence-bench-sandbox-'));
  const secretFile = path.join(dir, 'payments-gateway.secret');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SANDBOX_HOST: '127.0.0.1',
    SANDBOX_PORT: String(port),
    PAYMENTS_GATEWAY_SECRET_FILE: secretFile,
  };
  delete env.SANDBOX_DATABASE_URL;
  delete env.PAYMENTS_GATEWAY_SECRET;
  if (databaseUrl === null) env.SANDBOX_PGLITE_DIR = path.join(dir, 'pglite');
  else env.SANDBOX_DATABASE_URL = databaseUrl;
  const child: ChildProcessByStdio<null, Readable, null> = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'sandbox/server.ts')],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes(SANDBOX_READY)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the payment sandbox stopped before it was ready (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    provider: createGatewayProvider({
      gateway: {
        ...serverConfig().payments.gateway,
        serverUrl: `http://127.0.0.1:${port}/gateway`,
        secret: undefined,
        secretFile,
        client: 'node',
      },
    }),
    cpuMs: () => (child.pid === undefined ? null : processCpuMs(child.pid)),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A process's CPU so far (user and system), in ms, from /proc; null when it cannot be read. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Every buyer pays at once with the sandbox's reusable Visa test nonce, through the shop's HTTP client. */
async function buyThrough(
  database: Database,
  provider: ReturnType<typeof createGatewayProvider>,
  buyers: Awaited<ReturnType<typeof createBuyers>>,
  unitTotalMinor: number,
  keyPrefix: string,
) {
  const started = performance.now();
  const results = await Promise.all(
    buyers.map((buyer) =>
      placeOrder(database.db, singleProvider(provider), {
        basketToken: buyer.basketToken,
        buyer: buyer.user,
        useWallet: false,
        expected: { totalMinor: unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: unitTotalMinor },
        payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
        idempotencyKey: `${keyPrefix}${buyer.basketToken}`,
        now: new Date(),
        origin: 'http://127.0.0.1',
      }),
    ),
  );
  return { results, started, seconds: (performance.now() - started) / 1000 };
}

async function benchOne(
  engine: string,
  database: Database,
  counted: StatementCount,
  buyersCount: number,
  stock: number,
  sandboxDatabaseUrl: string | null,
): Promise<PurchaseBenchResult> {
  const { db } = database;
  counted.watch(db);
  await database.migrate();
  await seedCatalogue(db, { deals: 120, seed: 7 });
  const sandbox = await startSandboxProcess(sandboxDatabaseUrl);
  try {
    return await benchWith(engine, database, counted, buyersCount, stock, sandbox);
  } finally {
    await sandbox.stop();
  }
}

/** Rounds of uncontended orders measured after the warm-up (their median is the orders/s figure). */
const MEASURED_ROUNDS = 3;

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function benchWith(
  engine: string,
  database: Database,
  counted: StatementCount,
  buyersCount: number,
  stock: number,
  sandbox: SandboxProcess,
): Promise<PurchaseBenchResult> {
  const { db } = database;

  // Contended: `buyersCount` buyers, `stock` units.
  const limited = await prepareLimitedDeal(db, stock);
  const buyers = await createBuyers(db, limited, buyersCount, { prefix: 'contended' });
  const contended = await buyThrough(database, sandbox.provider, buyers, limited.unitTotalMinor, 'bench-contended-');
  const sold = contended.results.filter((r) => r.ok).length;
  await eventsSettled();
  const tally = await tallyRush(db, limited, 'bench-contended-');

  // Uncontended throughput: the same number of buyers on a deal with plenty left.
  await restock(db, limited, 1_000_000);
  // A round first that is not measured, as the HTTP and search benches warm up: the rush placed only
  // `stock` orders, and a process places orders with its code compiled (its CPU per order falls by
  // about a third over the first few hundred: docs/decisions/078, 084).
  const warming = await createBuyers(db, limited, buyersCount, { prefix: 'warmup' });
  await buyThrough(database, sandbox.provider, warming, limited.unitTotalMinor, 'bench-warmup-');
  await eventsSettled();
  // Measured rounds of `buyersCount` orders each: orders/s is their median; what is counted per order
  // (statements, CPU) is summed over all of them.
  const rounds: number[] = [];
  let drainedSeconds = 0;
  let placed = 0;
  let cpuMs = 0;
  let backendMs: number | null = engine === 'PostgreSQL' ? 0 : null;
  let sandboxMs: number | null = 0;
  const placedIds: string[] = [];
  for (let round = 0; round < MEASURED_ROUNDS; round++) {
    const plenty = await createBuyers(db, limited, buyersCount, { prefix: `throughput-${round}` });
    const before = Number((await db.select({ n: count() }).from(orders))[0]?.n ?? 0);
    const backendsBefore = backendMs === null ? null : await backendCpu(db);
    counted.counting = true;
    const sandboxBefore = sandbox.cpuMs();
    const cpuBefore = process.cpuUsage();
    const throughput = await buyThrough(
      database,
      sandbox.provider,
      plenty,
      limited.unitTotalMinor,
      `bench-throughput-${round}-`,
    );
    // Every answer is in; the follow-ups of the last orders may still be running.
    await eventsSettled();
    drainedSeconds = Math.max(drainedSeconds, (performance.now() - throughput.started) / 1000);
    const cpu = process.cpuUsage(cpuBefore);
    const sandboxAfter = sandbox.cpuMs();
    counted.counting = false;
    const backendsAfter = backendsBefore === null ? null : await backendCpu(db);
    const after = Number((await db.select({ n: count() }).from(orders))[0]?.n ?? 0);
    rounds.push((after - before) / throughput.seconds);
    placed += after - before;
    placedIds.push(...throughput.results.flatMap((r) => (r.ok ? [String(r.order.id)] : [])));
    cpuMs += (cpu.user + cpu.system) / 1000;
    // A backend that started during a round counts from zero; one that ended is missed (the pool keeps
    // its connections through a run).
    backendMs =
      backendMs === null || backendsBefore === null || backendsAfter === null
        ? null
        : backendMs + [...backendsAfter].reduce((sum, [pid, ms]) => sum + ms - (backendsBefore.get(pid) ?? 0), 0);
    sandboxMs =
      sandboxMs === null || sandboxBefore === null || sandboxAfter === null
        ? null
        : sandboxMs + sandboxAfter - sandboxBefore;
  }
  placed = Math.max(1, placed);
  const [unhandled] = await db
    .select({ n: count() })
    .from(eventDeliveries)
    .where(
      and(
        eq(eventDeliveries.event, EVENTS.orderPlaced),
        inArray(eventDeliveries.subject, placedIds.length > 0 ? placedIds : ['none']),
        isNull(eventDeliveries.handledAt),
      ),
    );

  return {
    engine,
    buyers: buyersCount,
    stock,
    sold,
    oversold: Math.max(0, sold - stock),
    stockLeft: tally.stockLeft,
    vouchers: tally.vouchers,
    settled: tally.settled,
    authorised: tally.authorised,
    voided: tally.voided,
    heldWithoutOrder: tally.heldWithoutOrder,
    contendedSeconds: contended.seconds,
    ordersPerSecond: median(rounds),
    ordersPerSecondRounds: rounds,
    statementsPerOrder: counted.statements / placed,
    transactionsPerOrder: counted.transactions / placed,
    lockingReadsPerOrder: counted.lockingReads / placed,
    drainedSeconds,
    unhandledEvents: Number(unhandled?.n ?? 0),
    followUpStatementsPerOrder: counted.followUps / placed,
    cpuMsPerOrder: cpuMs / placed,
    backendCpuMsPerOrder: backendMs === null ? null : backendMs / placed,
    sandboxCpuMsPerOrder: sandboxMs === null ? null : sandboxMs / placed,
  };
}

/** Runs the purchase bench on each engine available. */
export async function benchPurchase(buyers = 200, stock = 50): Promise<PurchaseBenchResult[]> {
  const results: PurchaseBenchResult[] = [];
  const pgliteCount = new StatementCount();
  const pglite = await openDatabase({ dataDir: 'memory', url: '', onQuery: pgliteCount.onQuery });
  try {
    results.push(await benchOne('PGlite', pglite, pgliteCount, buyers, stock, null));
  } finally {
    await pglite.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let server: Database & { url: string };
  const serverCount = new StatementCount();
  try {
    server = await openThrowawayDatabase(serverUrl, 'tuppence_bench_purchase', { onQuery: serverCount.onQuery });
  } catch (error) {
    console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : error}`);
    return results;
  }
  try {
    results.push(await benchOne('PostgreSQL', server, serverCount, buyers, stock, server.url));
  } finally {
    await server.close();
  }
  return results;
}

/** The purchase table. */
export function printPurchaseTable(results: PurchaseBenchResult[]): void {
  console.log(
    `${'engine'.padEnd(12)}${'buyers'.padStart(7)}${'stock'.padStart(7)}${'sold'.padStart(6)}${'oversold'.padStart(10)}${'left'.padStart(6)}${'vouchers'.padStart(10)}${'settled'.padStart(9)}${'authorised'.padStart(12)}${'voided'.padStart(8)}${'held'.padStart(6)}${'rush s'.padStart(8)}${'orders/s'.padStart(10)}`,
  );
  for (const r of results) {
    console.log(
      `${r.engine.padEnd(12)}${String(r.buyers).padStart(7)}${String(r.stock).padStart(7)}${String(r.sold).padStart(6)}${String(r.oversold).padStart(10)}${String(r.stockLeft).padStart(6)}${String(r.vouchers).padStart(10)}${String(r.settled).padStart(9)}${String(r.authorised).padStart(12)}${String(r.voided).padStart(8)}${String(r.heldWithoutOrder).padStart(6)}${r.contendedSeconds.toFixed(2).padStart(8)}${r.ordersPerSecond.toFixed(0).padStart(10)}`,
    );
  }
  console.log(
    `\norders/s: the median of ${MEASURED_ROUNDS} rounds of the same number of buyers on plenty, after one not measured:`,
  );
  for (const r of results) {
    console.log(`${r.engine.padEnd(12)}${r.ordersPerSecondRounds.map((n) => n.toFixed(0)).join(', ')}`);
  }
  console.log("\nPer order placed without contention (the shop's own statements; the sandbox's are not counted):");
  console.log(
    `${'engine'.padEnd(12)}${'statements'.padStart(12)}${'transactions'.padStart(14)}${'for update'.padStart(12)}${'follow-up statements'.padStart(22)}`,
  );
  for (const r of results) {
    console.log(
      `${r.engine.padEnd(12)}${r.statementsPerOrder.toFixed(1).padStart(12)}${r.transactionsPerOrder.toFixed(1).padStart(14)}${r.lockingReadsPerOrder.toFixed(1).padStart(12)}${r.followUpStatementsPerOrder.toFixed(1).padStart(22)}`,
    );
  }
  // docs/decisions/063: the subscribers run after the answers, so the time until they all ran is printed too.
  console.log('\nFollow-ups (order.placed subscribers, run after each answer) of the uncontended rounds:');
  for (const r of results) {
    console.log(
      `${r.engine.padEnd(12)}subscribers drained within ${r.drainedSeconds.toFixed(2)} s of a round's first order (${r.unhandledEvents} event(s) not handled); ${r.cpuMsPerOrder.toFixed(1)} ms of this process's CPU per order${r.backendCpuMsPerOrder === null ? '' : `, ${r.backendCpuMsPerOrder.toFixed(1)} ms of the PostgreSQL backends'`}${r.sandboxCpuMsPerOrder === null ? '' : `, ${r.sandboxCpuMsPerOrder.toFixed(1)} ms of the payment sandbox's process`}`,
    );
  }
}
