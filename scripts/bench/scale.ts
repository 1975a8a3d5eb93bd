/**
 * Requests per second through HAProxy with one server process and with two, both on one PostgreSQL
 * database and one Redis (`npm run scale:demo`, docs/decisions/031). The pages measured are rendered
 * on every request (the route cache bypassed), so the figure is the processes' work, not the cache's.
 * Needs PostgreSQL (BENCH_SCALE_DATABASE_URL), Redis (REDIS_URL) and Debian's haproxy; without
 * them the section says what is missing and the bench goes on.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type LoadResult, printLoadTable, runLoad } from './load';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/tuppence_bench_scale';

function startDemo(root: string, processes: number, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/scale-demo.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: process.env.BENCH_SCALE_DATABASE_URL ?? DEFAULT_URL,
      PORT: String(port),
      SCALE_PROCESSES: String(processes),
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('scale-demo ready')) resolve(child);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.on('exit', (code) => reject(new Error(`scale:demo stopped (${code}): ${output.slice(-800)}`)));
  });
}

async function stopDemo(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await exited;
}

/** Prints req/s for 1 and 2 processes; returns the rows (empty when the parts are missing). */
export async function benchScale(root: string, requests: number): Promise<LoadResult[]> {
  console.log(
    '\nScale-out: one and two server processes behind HAProxy (PostgreSQL, Redis), pages rendered each time\n',
  );
  if (spawnSync('haproxy', ['-v']).error && !existsSync('/usr/sbin/haproxy') && !process.env.HAPROXY_PATH) {
    console.log('skipped: HAProxy is not installed (apt-get install -y haproxy)');
    return [];
  }
  const port = 4690;
  const base = `http://127.0.0.1:${port}`;
  const rows: LoadResult[] = [];
  for (const processes of [1, 2]) {
    let demo: ChildProcess;
    try {
      demo = await startDemo(root, processes, port);
    } catch (error) {
      console.log(`skipped: ${(error as Error).message}`);
      return rows;
    }
    try {
      const listing = await (await fetch(`${base}/deals/london`)).text();
      const dealPath = listing.match(/href="(\/deal\/\d+)"/)?.[1] ?? '/deal/31000001';
      const load = { requests, concurrency: 20 };
      const label = `${processes} process${processes === 1 ? '' : 'es'}`;
      rows.push(await runLoad(`${label}: /deals/london (uncached)`, (i) => `${base}/deals/london?bench=${i}`, load));
      rows.push(await runLoad(`${label}: deal page (uncached)`, (i) => `${base}${dealPath}?bench=${i}`, load));
    } finally {
      await stopDemo(demo);
    }
  }
  printLoadTable(rows);
  return rows;
}
