/**
 * npm run bench [-- --deals N] [-- --requests N] — starts the built site on its own embedded database
 * (kept in .data/bench-N so the catalogue is seeded once) and prints latency and throughput per page.
 * Traffic goes only to 127.0.0.1; every loop is bounded in count and time.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { argValue } from './cli';

const root = path.resolve(import.meta.dirname, '..');
const deals = Number(argValue('deals') ?? 3200);
const requests = Math.min(Number(argValue('requests') ?? 200), 5000);
const concurrency = 8;
const port = 4397;
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, `.data/bench-${deals}`);
const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
delete env.DATABASE_URL;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function waitForServer(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start within 10 minutes');
}

async function measure(pathname: string) {
  for (let i = 0; i < 10; i++) await (await fetch(base + pathname)).arrayBuffer();
  const times: number[] = [];
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t0 = performance.now();
        const response = await fetch(base + pathname);
        bytes = (await response.arrayBuffer()).byteLength;
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    pathname,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    rps: times.length / seconds,
    kb: bytes / 1024,
  };
}

const seedArgs = ['tsx', path.join(root, 'scripts/db-seed.ts'), '--deals', String(deals), '--if-empty'];
const t0 = performance.now();
const seeded = spawnSync('npx', seedArgs, { cwd: root, env, stdio: 'inherit' });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
console.log(`catalogue ready (${deals} deals) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: 'ignore' });
try {
  await waitForServer(server);
  const dealHref =
    (await (await fetch(`${base}/deals/london`)).text()).match(/href="(\/deal\/\d+)"/)?.[1] ?? '/deal/31000001';
  const pages = ['/', '/deals/london', '/deals/glasgow/beauty', '/shop', dealHref];
  console.log(`\n${requests} requests per page, ${concurrency} at a time, ${deals} deals\n`);
  console.log('page'.padEnd(28), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'req/s'.padStart(8), 'KB'.padStart(7));
  for (const pathname of pages) {
    const r = await measure(pathname);
    console.log(
      r.pathname.padEnd(28),
      r.p50.toFixed(1).padStart(8),
      r.p95.toFixed(1).padStart(8),
      r.rps.toFixed(0).padStart(8),
      r.kb.toFixed(0).padStart(7),
    );
  }
} finally {
  server.kill('SIGTERM');
}
