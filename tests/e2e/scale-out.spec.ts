/**
 * Scale-out on real parts (decision 031): `npm run scale:demo` runs two server processes on one
 * PostgreSQL database and one Redis behind HAProxy. A shopper signed in through one process is
 * signed in on the other (sessions on Redis); a deal changed through one process shows its new price
 * through the other on the very next request (the invalidation bus); the balancer spreads requests
 * over both. Runs when TEST_DATABASE_URL names a PostgreSQL server (CI does; playwright.config.ts),
 * with Redis on REDIS_URL or 127.0.0.1:6379 and Debian's haproxy installed (.ci/run installs it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { registerConfirmed } from './account-helpers';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const balancerPort = Number(process.env.E2E_PORT ?? 4399) + 300;
const balancer = `http://127.0.0.1:${balancerPort}`;
const processes = [1, 2].map((i) => `http://127.0.0.1:${balancerPort + i}`);
const OPERATOR = { Authorization: 'Bearer scale-operator-token' };
const databaseName = `tuppence_scale_${randomBytes(4).toString('hex')}`;

let demo: ChildProcess | undefined;
let folder = '';
/** What scale:demo and its children (the processes, the sandbox, HAProxy's state changes) printed. */
let output = '';
/** The statuses the balancer answered other than 200 while the first story waited for both processes. */
const refused: number[] = [];

/** Runs `work` on a connection to the server (its own database, or `database`). */
async function admin<T>(work: (client: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = new URL(serverUrl);
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  folder = mkdtempSync(path.join(tmpdir(), 'tuppence-scale-'));
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  demo = spawn(process.execPath, ['scripts/scale-demo.mjs'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(balancerPort),
      SEED_DEALS: '120',
      OPERATOR_TOKEN: 'scale-operator-token',
      // Both processes share one mail folder and session-free dev mailbox, as they share a database.
      MAIL_DIR: path.join(folder, 'mail'),
      DEV_MAILBOX: 'true',
    },
  });
  await new Promise<void>((resolve, reject) => {
    demo?.stdout?.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('scale-demo ready')) resolve();
    });
    demo?.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    demo?.on('exit', (code) => reject(new Error(`scale:demo stopped (${code}):\n${output}`)));
  });
});

// A failed story prints what the processes and the balancer said (HAProxy logs each server it takes
// out, with the reason), which the run's log otherwise leaves out.
test.afterEach(async () => {
  const info = test.info();
  if (info.status === info.expectedStatus) return;
  console.error(`scale:demo said (the balancer refused: ${refused.join(', ') || 'nothing'}):\n${output.slice(-8000)}`);
  await info.attach('scale-demo output', { body: output, contentType: 'text/plain' });
});

test.afterAll(async () => {
  if (demo?.pid) process.kill(-demo.pid, 'SIGTERM');
  await new Promise((resolve) => demo?.once('exit', resolve));
  rmSync(folder, { recursive: true, force: true });
  await admin((client) => client.query(`drop database if exists ${databaseName} with (force)`));
});

test('the balancer spreads requests over both processes, each healthy', async ({ request }) => {
  test.setTimeout(90_000);
  const seen = new Set<string>();
  // Round robin over the healthy processes: both answer within a few requests. On a loaded machine
  // (the other end-to-end worker, its browser and server beside these three processes on two cores)
  // a health check can miss its 5 s and the balancer take a process out until the next one passes,
  // answering 503 meanwhile: ask until it has both back. Two processes never both healthy still fails.
  await expect
    .poll(
      async () => {
        const health = await request.get(`${balancer}/api/health`);
        if (health.status() === 200) seen.add((await health.json()).process);
        else refused.push(health.status());
        return seen.size;
      },
      { timeout: 60_000, message: 'both processes answer healthy through the balancer' },
    )
    .toBe(2);
});

test('a shopper signed in through one process is signed in on the other', async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: balancer });
  const email = `scale-${randomBytes(4).toString('hex')}@example.co.uk`;
  await registerConfirmed(request, { firstName: 'Priya', email, password: 'Sunny-day-42' });
  for (const origin of processes) {
    const profile = await request.get(`${origin}/myaccount/profile`, { maxRedirects: 0 });
    expect(profile.status(), origin).toBe(200);
    expect(await profile.text(), origin).toContain(email);
  }
  await request.dispose();
});

test('a deal changed through one process shows its new price through the other on the next request', async ({
  page,
  request,
}) => {
  const { rows } = await admin(
    (client) =>
      client.query<{ deal_id: number; product_id: number; price_minor: number }>(
        `select d.id as deal_id, p.id as product_id, p.price_minor from deals d
           join deal_products p on p.deal_id = d.id
          where d.status = 'live' order by d.id limit 1`,
      ),
    databaseName,
  );
  const option = rows[0];
  if (!option) throw new Error('the scale database has no live deal');
  const [first, second] = processes as [string, string];
  // Both processes have the page cached.
  for (const origin of [first, second]) {
    await request.get(`${origin}/deal/${option.deal_id}`);
    const cached = await request.get(`${origin}/deal/${option.deal_id}`);
    expect(cached.headers()['x-astro-cache'], origin).toBe('HIT');
  }
  const newPrice = option.price_minor - 111;
  const changed = await request.patch(`${first}/api/internal/deals/${option.deal_id}`, {
    headers: OPERATOR,
    data: { products: [{ id: option.product_id, priceMinor: newPrice }] },
  });
  expect(changed.status()).toBe(200);
  const shown = `£${(newPrice / 100).toFixed(2)}`;
  await page.goto(`${second}/deal/${option.deal_id}`);
  await expect(page.getByText(shown).first()).toBeVisible();
});
