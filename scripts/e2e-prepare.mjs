#!/usr/bin/env node
/**
 * Prepares what the end-to-end web server would otherwise make at its start (docs/decisions/034): a seeded
 * embedded database in the folder named on the command line and, at the same time, the site build
 * when it is missing or stale. npm test runs this once the type check has written Astro's generated
 * types (so the build never races it writing .astro/); the web server (scripts/e2e-server.mjs) then
 * copies the database from E2E_PREPARED_PGLITE and finds the build up to date. SITE_BUILT is printed
 * as soon as the build is ready: the reliability run needs only that.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SITE_BUILT } from './test-markers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/e2e-prepare.mjs <pglite folder>');
  process.exit(2);
}

/** The same staleness rule as scripts/start.mjs: any build input newer than the built entry. */
function buildIsStale() {
  const entry = path.join(root, 'dist/server/entry.mjs');
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  const newer = (p) => {
    if (!existsSync(p)) return false;
    const stat = statSync(p);
    if (stat.isDirectory()) return readdirSync(p).some((name) => newer(path.join(p, name)));
    return !p.endsWith('.test.ts') && stat.mtimeMs > built;
  };
  return ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'].some((p) =>
    newer(path.join(root, p)),
  );
}

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

rmSync(target, { recursive: true, force: true });
const seed = () =>
  run(bin('tsx'), [path.join(root, 'scripts/db-prepare.ts')], { PGLITE_DIR: target, DATABASE_URL: '' }).then((code) => {
    // The web server seeds its own database when no prepared one is there.
    if (code !== 0) rmSync(target, { recursive: true, force: true });
    return code;
  });
const build = () =>
  (buildIsStale() ? run(bin('astro'), ['build']) : Promise.resolve(0)).then((code) => {
    if (code === 0) console.log(SITE_BUILT);
    return code;
  });
const codes = await Promise.all([seed(), build()]);
process.exit(codes.find((code) => code !== 0) ?? 0);
