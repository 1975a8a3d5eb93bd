/**
 * Search service latency at catalogue scale (targets: p95 within 20 ms on PostgreSQL and 30 ms on
 * PGlite at 100,000 deals, docs/decisions/066), called in-process so the figure is the service, not
 * HTTP, with the statements (round trips) each search sends.
 * Each engine keeps its seeded catalogue between runs (.data/bench-N, database tuppence_bench_N).
 */
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '@/server/db';
import { searchDeals } from '@/server/search';
import { isCatalogueEmpty, seedCatalogue } from '../seed';
import { percentile } from './load';

/** What shoppers type, typos included. */
export const BENCH_QUERIES = [
  'spa',
  'spa day for two',
  'afternoon tea',
  'afternon tea',
  'spaa',
  'massage',
  'restaurant london',
  'steak dinner',
  'hotel break',
  'golf',
  'cinema',
  'facial',
  'teeth whitening',
  'glasgow',
  'paris',
  'escape room',
  'cocktail masterclass',
  'yoga',
  'prosecco',
  'lodge with hot tub',
];

export interface SearchBenchResult {
  engine: string;
  deals: number;
  calls: number;
  p50: number;
  p95: number;
  /** Statements the service sent per search call (each a round trip to the database). */
  statementsPerCall: number;
  /** The slowest queries by their median time, slowest first (where the time goes). */
  slowest: { q: string; median: number }[];
  seedSeconds: number | null;
}

/** Counts the statements a database handle sends while counting is on. */
class StatementCount {
  counting = false;
  statements = 0;
  onQuery = (): void => {
    if (this.counting) this.statements += 1;
  };
}

async function ensureServerDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}

async function benchOne(
  database: Database,
  counted: StatementCount,
  engine: string,
  deals: number,
  rounds: number,
): Promise<SearchBenchResult> {
  let seedSeconds: number | null = null;
  await database.migrate();
  if (await isCatalogueEmpty(database.db)) {
    const t0 = performance.now();
    console.log(`  seeding ${deals} deals into ${engine} (once; kept for later runs)…`);
    await seedCatalogue(database.db, { deals });
    seedSeconds = (performance.now() - t0) / 1000;
  }
  for (const q of BENCH_QUERIES) await searchDeals(database.db, { q, page: 1, pageSize: 12 });
  const times: number[] = [];
  const byQuery = new Map<string, number[]>(BENCH_QUERIES.map((q) => [q, []]));
  counted.counting = true;
  for (let round = 0; round < rounds; round++) {
    for (const q of BENCH_QUERIES) {
      const t0 = performance.now();
      await searchDeals(database.db, { q, page: 1, pageSize: 12 });
      const ms = performance.now() - t0;
      times.push(ms);
      byQuery.get(q)?.push(ms);
    }
  }
  counted.counting = false;
  times.sort((a, b) => a - b);
  const slowest = [...byQuery]
    .map(([q, own]) => ({
      q,
      median: percentile(
        [...own].sort((a, b) => a - b),
        50,
      ),
    }))
    .sort((a, b) => b.median - a.median)
    .slice(0, 5);
  return {
    engine,
    deals,
    calls: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    statementsPerCall: counted.statements / Math.max(1, times.length),
    slowest,
    seedSeconds,
  };
}

/** Runs the search bench on PGlite and, when reachable, PostgreSQL. */
export async function benchSearch(root: string, deals: number, rounds: number): Promise<SearchBenchResult[]> {
  const results: SearchBenchResult[] = [];
  const embeddedCount = new StatementCount();
  const embedded = await openDatabase({
    dataDir: path.join(root, `.data/bench-${deals}`),
    onQuery: embeddedCount.onQuery,
  });
  try {
    results.push(await benchOne(embedded, embeddedCount, 'PGlite', deals, rounds));
  } finally {
    await embedded.close();
  }
  const url = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/tuppence_bench_${deals}`;
  try {
    await ensureServerDatabase(url);
    const serverCount = new StatementCount();
    const server = await openDatabase({ url, onQuery: serverCount.onQuery });
    try {
      results.push(await benchOne(server, serverCount, 'PostgreSQL', deals, rounds));
    } finally {
      await server.close();
    }
  } catch (error) {
    console.log(`  PostgreSQL skipped: ${error instanceof Error ? error.message : error}`);
  }
  return results;
}
