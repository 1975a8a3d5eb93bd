#!/usr/bin/env node
/**
 * npm start: build when the build is missing or stale, prepare the database (migrate, seed when empty,
 * paint the deal pictures the media folder lacks), start the payment sandbox beside the shop (its own
 * process on SANDBOX_PORT, default 4322, which migrates its own database:
 * docs/decisions/035-sandbox-as-its-own-app.md), then serve on PORT/HOST (default 4321) behind
 * scripts/http-edge.mjs (allowed hosts, methods, headers). Stopping the shop stops the sandbox.
 * `--no-sandbox` serves the shop alone (a sandbox elsewhere, or a real provider, is configured with
 * PAYMENTS_GATEWAY_URL and PAYMENTS_GATEWAY_SERVER_URL).
 * Exits non-zero with a clear message when anything fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SANDBOX_READY } from '../sandbox/ready.mjs';
import { SANDBOX_LOCAL_PORT, SHOP_LOCAL_ORIGIN } from '../src/contracts/local-addresses.mjs';
import { allowedHostNames, answerClientError, createEdgeHandler } from './http-edge.mjs';
import { compressAndCache } from './serve/compress-and-cache.mjs';
import { mediaDir, mediaHandler } from './serve/media.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist/server/entry.mjs');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

/** The newest modification time under the inputs of the build. */
function newestInput() {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p)) visit(path.join(p, name));
    } else if (!p.endsWith('.test.ts')) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json']) {
    visit(path.join(root, p));
  }
  return newest;
}

/** Runs a command; resolves with its exit code. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const children = new Set();
let stopping = false;
function fail(label, code) {
  stopping = true;
  console.error(`\n✖ ${label} failed; the site was not started.`);
  for (const child of children) child.kill('SIGTERM');
  process.exit(code || 1);
}

process.env.PORT ??= '4321';
process.env.HOST ??= 'localhost';

/**
 * The payment sandbox's settings, where unset, so the shop and the sandbox agree (decision 035): it
 * listens on SANDBOX_PORT beside the shop; browsers reach it on the shop's host name at that port
 * (the shop's PAYMENTS_GATEWAY_URL is the sandbox's SANDBOX_PUBLIC_URL); it answers and returns to
 * the origins the shop is served on (SITE_URL's, and every host name the edge allows at PORT). The
 * shop calls it server to server at SANDBOX_HOST:SANDBOX_PORT (its configuration: src/server/config.ts).
 */
function sandboxSettings() {
  const env = process.env;
  env.SANDBOX_PORT ||= String(SANDBOX_LOCAL_PORT);
  env.SANDBOX_HOST ||= env.HOST;
  // A SITE_URL that is no URL is the prepare step's to refuse: it stops the start naming the variable.
  const site = new URL(env.SITE_URL && URL.canParse(env.SITE_URL) ? env.SITE_URL : SHOP_LOCAL_ORIGIN);
  env.PAYMENTS_GATEWAY_URL ??= `${site.protocol}//${site.hostname}:${env.SANDBOX_PORT}`;
  env.SANDBOX_PUBLIC_URL ??= new URL(env.PAYMENTS_GATEWAY_URL).origin;
  const shopOrigins = [site.origin, ...[...allowedHostNames(env)].map((name) => `http://${name}:${env.PORT}`)];
  env.SANDBOX_SHOP_ORIGINS ??= [...new Set(shopOrigins)].join(',');
}

/**
 * Starts the sandbox (`node --import tsx sandbox/server.ts`, one process, so a signal reaches it) and
 * resolves once it answers. Its failure to start (a port in use, a bad setting) fails the start; its
 * exit later stops the shop too, so one command never leaves half of the shop running.
 */
function startSandbox() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'sandbox/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    // Its fault switch is refused in production, as the shop serves (NODE_ENV below).
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
  });
  children.add(child);
  return new Promise((resolve) => {
    let ready = false;
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (!ready && String(chunk).includes(SANDBOX_READY)) {
        ready = true;
        resolve();
      }
    });
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (stopping) return;
      if (!ready) fail('Starting the payment sandbox', code);
      console.error(`\n✖ The payment sandbox stopped (${signal ?? code}); stopping the shop too.`);
      process.exit(1);
    });
  });
}

/** Stopping the shop stops the sandbox (and anything else still running). */
function stopChildren() {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
}
process.on('exit', stopChildren);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopChildren();
    process.exit(0);
  });
}

const started = performance.now();
const stale = !existsSync(entry) || statSync(entry).mtimeMs < newestInput();
if (stale || process.argv.includes('--build')) console.log('• Building the site…');
else console.log('✔ Build is up to date');

// The database and the build in parallel: an unreachable DATABASE_URL fails in seconds, mid-build.
const prepare = run(bin('tsx'), [path.join(root, 'scripts/db-prepare.ts')]).then((code) => {
  if (code !== 0) fail('Preparing the database', code);
});
const build = stale || process.argv.includes('--build') ? run(bin('astro'), ['build']) : Promise.resolve(0);
let sandbox = Promise.resolve();
if (!process.argv.includes('--no-sandbox')) {
  sandboxSettings();
  sandbox = startSandbox();
}
await prepare;
const buildCode = await build;
if (buildCode !== 0) fail('The build', buildCode);
await sandbox;
// The adapter's own handler (static files, then the app) behind our edge: the Host check, 405s and
// security headers on static files too (scripts/http-edge.mjs), then responses compressed and hashed
// assets immutable (docs/decisions/018, scripts/serve/compress-and-cache.mjs). Deal pictures are
// files in the media folder the prepare step painted, answered before Astro (scripts/serve/media.mjs).
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// React and the other libraries run their production builds (React checks NODE_ENV as it loads):
// unset, React rendered every page in development mode, about a fifth more CPU a page. A fault
// preview of the payment sandbox sets NODE_ENV=development (PAYMENTS_FAULT is refused in production).
process.env.NODE_ENV ??= 'production';
const { handler } = await import(pathToFileURL(entry).href);
const media = mediaHandler(mediaDir());
const shop = (req, res) => media(req, res, () => handler(req, res));
const server = http.createServer(createEdgeHandler(compressAndCache(shop)));
server.on('clientError', answerClientError);
server.on('error', (error) => {
  console.error(`\n✖ Serving on ${process.env.HOST}:${process.env.PORT} failed: ${error.message}`);
  process.exit(1);
});
server.listen(Number(process.env.PORT), process.env.HOST, () => {
  console.log(
    `• Ready in ${((performance.now() - started) / 1000).toFixed(1)} s — serving http://${process.env.HOST}:${process.env.PORT}/`,
  );
});
