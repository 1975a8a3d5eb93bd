#!/usr/bin/env node
/**
 * npm start: build when the build is missing or stale, prepare the database (migrate, seed when empty,
 * paint the deal pictures the media folder lacks), then serve on PORT/HOST (default 4321) behind
 * scripts/http-edge.mjs (allowed hosts, methods, headers).
 * Exits non-zero with a clear message when anything fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { answerClientError, createEdgeHandler } from './http-edge.mjs';
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
function fail(label, code) {
  console.error(`\n✖ ${label} failed; the site was not started.`);
  for (const child of children) child.kill('SIGTERM');
  process.exit(code || 1);
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
await prepare;
const buildCode = await build;
if (buildCode !== 0) fail('The build', buildCode);

process.env.PORT ??= '4321';
process.env.HOST ??= 'localhost';
// The adapter's own handler (static files, then the app) behind our edge: the Host check, 405s and
// security headers on static files too (issue 14, scripts/http-edge.mjs), then responses compressed
// and hashed assets immutable (issue 15.4, scripts/serve/compress-and-cache.mjs). Deal pictures are
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
