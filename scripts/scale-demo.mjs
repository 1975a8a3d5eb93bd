#!/usr/bin/env node
/**
 * npm run scale:demo — the shop on more than one process (docs/decisions/031): N server processes (default 2)
 * on one PostgreSQL database and one Redis, behind HAProxy (Debian's package: apt-get install -y
 * haproxy) on PORT (default 4600). Sessions, login throttles and idempotency records are shared
 * through Redis and the database; a change made through one process invalidates the cached pages
 * of every process; the hourly jobs run in one process at a time (a lease in the database).
 *
 *   DATABASE_URL      default postgres://postgres@127.0.0.1:5432/tuppence_scale (created when missing)
 *   REDIS_URL         default redis://127.0.0.1:6379
 *   PORT              the balancer's port (default 4600); process i listens on PORT + i
 *   SCALE_PROCESSES   how many server processes (default 2)
 *   SEED_DEALS        how many deals an empty database is seeded with (default 3200)
 *   HAPROXY_PATH      the haproxy binary (default: haproxy on PATH, else /usr/sbin/haproxy)
 *   SANDBOX_PORT      the payment sandbox's port (default PORT - 1)
 *
 * The payment sandbox is an app of its own (docs/decisions/035-sandbox-as-its-own-app.md): one
 * sandbox process serves every shop process, on the same database in its own `sandbox` schema.
 * Prints one line "scale-demo ready: http://127.0.0.1:PORT/ (processes: ...)" once the sandbox, every
 * process and the balancer answer; Ctrl-C (SIGINT/SIGTERM) stops them all.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SANDBOX_READY } from '../sandbox/ready.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/tuppence_scale';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const port = Number(process.env.PORT || 4600);
const count = Number(process.env.SCALE_PROCESSES || 2);
const host = '127.0.0.1';
const siteUrl = process.env.SITE_URL || `http://${host}:${port}`;
const sandboxPort = Number(process.env.SANDBOX_PORT || port - 1);
const sandbox = `http://${host}:${sandboxPort}`;
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('✖ SCALE_PROCESSES must be a whole number from 1 to 16');
  process.exit(2);
}

const children = new Set();
function stopAll(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

/** Creates the database when the server does not have it yet. */
async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
  } catch (error) {
    console.error(`✖ PostgreSQL at ${url.host} cannot be reached: ${error.message}`);
    process.exit(1);
  }
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) {
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
    console.log(`✔ Created database ${name}`);
  }
  await client.end();
}

/** The one payment sandbox every process pays through; resolves once it answers. */
function startSandbox() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'sandbox/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'production',
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_HOST: host,
      SANDBOX_DATABASE_URL: databaseUrl,
      SANDBOX_PUBLIC_URL: sandbox,
      SANDBOX_SHOP_ORIGINS: [
        ...new Set([new URL(siteUrl).origin, `http://${host}:${port}`, `http://localhost:${port}`]),
      ].join(','),
    },
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    console.error(`✖ The payment sandbox (port ${sandboxPort}) stopped (${signal ?? code})`);
    stopAll(1);
  });
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) console.log(`[sandbox] ${line}`);
      if (String(chunk).includes(SANDBOX_READY)) resolve();
    });
  });
}

/** Starts process i through scripts/start.mjs (build when stale, migrate, seed when empty, serve), paying through the sandbox. */
function startProcess(i) {
  const processPort = port + i;
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), '--no-sandbox'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(processPort),
      HOST: host,
      SITE_URL: siteUrl,
      PAYMENTS_GATEWAY_URL: sandbox,
      PAYMENTS_GATEWAY_SERVER_URL: `${sandbox}/gateway`,
    },
  });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    console.error(`✖ Process ${i} (port ${processPort}) stopped (${signal ?? code})`);
    stopAll(1);
  });
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line.trim()) console.log(`[${i}] ${line}`);
      if (String(chunk).includes('• Ready in')) resolve(processPort);
    });
  });
}

function haproxyConfig(ports) {
  const servers = ports.map((p, i) => `  server shop${i + 1} ${host}:${p} check inter 2s fall 3 rise 1`).join('\n');
  return `# Written by scripts/scale-demo.mjs
global
  maxconn 4096
defaults
  mode http
  option forwardfor
  option http-server-close
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  # A busy process (a 2-core machine running the tests beside it) may take more than the 2 s check
  # interval to answer its health check; only three missed checks in a row take it out.
  timeout check 5s
frontend shop
  bind ${host}:${port}
  default_backend shops
backend shops
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host ${host}
  http-check expect status 200
${servers}
`;
}

/** HAProxy: HAPROXY_PATH, else on PATH, else Debian's /usr/sbin/haproxy (not on a non-root PATH). */
function haproxyBinary() {
  if (process.env.HAPROXY_PATH) return process.env.HAPROXY_PATH;
  if (!spawnSync('haproxy', ['-v']).error) return 'haproxy';
  return existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : null;
}

function startBalancer(ports) {
  const haproxy = haproxyBinary();
  if (!haproxy) {
    console.error('✖ HAProxy is not installed (Debian: apt-get install -y haproxy)');
    stopAll(1);
  }
  const dir = path.join(root, '.data/scale');
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, `haproxy-${port}.cfg`);
  writeFileSync(config, haproxyConfig(ports));
  const child = spawn(haproxy, ['-db', '-f', config], { stdio: 'inherit' });
  children.add(child);
  child.on('exit', (code) => {
    children.delete(child);
    console.error(`✖ HAProxy stopped (${code})`);
    stopAll(1);
  });
}

/** Waits until the balancer has seen every process healthy (each answers through it). */
async function waitForBalancer(expected) {
  const seen = new Set();
  for (let attempt = 0; attempt < 200 && seen.size < expected; attempt++) {
    try {
      const response = await fetch(`http://${host}:${port}/api/health`);
      if (response.ok) seen.add((await response.json()).process);
    } catch {
      // not listening yet
    }
    if (seen.size < expected) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return seen;
}

await ensureDatabase();
await startSandbox();
// The first process builds (when stale), migrates and seeds; the others then start on the ready build and database.
const ports = [await startProcess(1)];
ports.push(...(await Promise.all(Array.from({ length: count - 1 }, (_, i) => startProcess(i + 2)))));
startBalancer(ports);
const seen = await waitForBalancer(count);
console.log(
  `scale-demo ready: http://${host}:${port}/ (processes: ${ports.map((p) => `http://${host}:${p}/`).join(', ')}; ${seen.size} healthy through the balancer)`,
);
