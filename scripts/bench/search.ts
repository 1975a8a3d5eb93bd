/**
 * Search service latency at catalogue scale (target: p95 under 50 ms at 100,000 deals on PostgreSQL,
 * docs/decisions/008-search.md), called in-process so the figure is the service, not HTTP.
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
  seedSeconds: number | null;
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

async function benchOne(database: Database, engine: string, deals: number, rounds: number) {
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
  for (let round = 0; round < rounds; round++) {
    for (const q of BENCH_QUERIES) {
      const t0 = performance.now();
      await searchDeals(database.db, { q, page: 1, pageSize: 12 });
      times.push(performance.now() - t0);
    }
  }
  times.sort((a, b) => a - b);
  return { engine, deals, calls: times.length, p50: percentile(times, 50), p95: percentile(times, 95), seedSeconds };
}

/** Runs the search bench on PGlite and, when reachable, PostgreSQL. */
export async function benchSearch(root: string, deals: number, rounds: number): Promise<SearchBenchResult[]> {
  const results: SearchBenchResult[] = [];
  const embedded = await openDatabase({ dataDir: path.join(root, `.data/bench-${deals}`) });
  try {
    results.push(await benchOne(embedded, 'PGlite', deals, rounds));
  } finally {
    await embedded.close();
  }
  const url = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/tuppence_bench_${deals}`;
  try {
    await ensureServerDatabase(url);
    const server = await openDatabase({ url });
    try {
      results.push(await benchOne(server, 'PostgreSQL', deals, rounds));
    } finally {
      await server.close();
    }
  } catch (error) {
    console.log(`  PostgreSQL skipped: ${error instanceof Error ? error.message : error}`);
  }
  return results;
}
