/**
 * Purchase bench (docs/decisions/012): 200 concurrent buyers on a deal with 50 left must sell exactly 50,
 * oversell nothing and leave no authorisation unvoided; plus orders per second without contention.
 * In-process against the order service on fresh databases (PGlite, and a throwaway database on the
 * PostgreSQL server of BENCH_DATABASE_URL, default the local one), with the payment sandbox's gateway
 * as the payment provider, hosted on the same database in its own schema (decision 035).
 */
import { count, eq } from 'drizzle-orm';
import { serverConfig } from '@/server/config';
import { type Database, openDatabase } from '@/server/db';
import { dealProductStock, orders } from '@/server/db/schema';
import { placeOrder } from '@/server/orders';
import { createGatewayProvider, singleProvider } from '@/server/payments';
import { loadSubscribers } from '@/server/subscribers';
import { createBuyers, prepareLimitedDeal, tallyRush } from '../../tests/fixtures/purchase-scenario';
import { migrateSandbox } from '../../tests/fixtures/sandbox-database';
import { serveSandboxGateway } from '../../tests/fixtures/sandbox-gateway';
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
  ordersPerSecond: number;
}

/**
 * Every buyer pays at once with the sandbox's reusable Visa test nonce, through the shop's HTTP
 * client to the sandbox served on loopback (the shop reaches it over HTTP only: decision 020).
 */
async function buyAll(
  database: Database,
  buyers: Awaited<ReturnType<typeof createBuyers>>,
  unitTotalMinor: number,
  keyPrefix: string,
) {
  const gateway = await serveSandboxGateway(database.db);
  try {
    return await buyThrough(
      database,
      createGatewayProvider({ gateway: { ...serverConfig().payments.gateway, serverUrl: gateway.url } }),
      buyers,
      unitTotalMinor,
      keyPrefix,
    );
  } finally {
    await gateway.close();
  }
}

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
  return { results, seconds: (performance.now() - started) / 1000 };
}

async function benchOne(
  engine: string,
  database: Database,
  buyersCount: number,
  stock: number,
): Promise<PurchaseBenchResult> {
  const { db } = database;
  await database.migrate();
  await migrateSandbox(db);
  await seedCatalogue(db, { deals: 120, seed: 7 });

  // Contended: `buyersCount` buyers, `stock` units.
  const limited = await prepareLimitedDeal(db, stock);
  const buyers = await createBuyers(db, limited, buyersCount, { prefix: 'contended' });
  const contended = await buyAll(database, buyers, limited.unitTotalMinor, 'bench-contended-');
  const sold = contended.results.filter((r) => r.ok).length;
  const tally = await tallyRush(db, limited, 'bench-contended-');

  // Uncontended throughput: the same number of buyers on a deal with plenty left.
  await db
    .update(dealProductStock)
    .set({ quantityRemaining: 1_000_000 })
    .where(eq(dealProductStock.productId, limited.productId));
  const plenty = await createBuyers(db, limited, buyersCount, { prefix: 'throughput' });
  const before = Number((await db.select({ n: count() }).from(orders))[0]?.n ?? 0);
  const throughput = await buyAll(database, plenty, limited.unitTotalMinor, 'bench-throughput-');
  const after = Number((await db.select({ n: count() }).from(orders))[0]?.n ?? 0);

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
    ordersPerSecond: (after - before) / throughput.seconds,
  };
}

/** Runs the purchase bench on each engine available. */
export async function benchPurchase(buyers = 200, stock = 50): Promise<PurchaseBenchResult[]> {
  const results: PurchaseBenchResult[] = [];
  const pglite = await openDatabase({ dataDir: 'memory', url: '' });
  try {
    results.push(await benchOne('PGlite', pglite, buyers, stock));
  } finally {
    await pglite.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let server: Database;
  try {
    server = await openThrowawayDatabase(serverUrl, 'tuppence_bench_purchase');
  } catch (error) {
    console.log(`PostgreSQL skipped: ${error instanceof Error ? error.message : error}`);
    return results;
  }
  try {
    results.push(await benchOne('PostgreSQL', server, buyers, stock));
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
}
