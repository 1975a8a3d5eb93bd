#!/usr/bin/env node
/**
 * Prepares what the end-to-end web server would otherwise make at its start (issue 16.6): a seeded
 * embedded database in the folder named on the command line, then the site build when it is
 * missing or stale. npm test runs this beside the type check, which leaves the second core idle;
 * the web server (scripts/e2e-server.mjs) then copies the database from E2E_PREPARED_PGLITE and
 * finds the build up to date. Seeding comes first, so the build never races `astro check` writing
 * .astro/ when both start; with --alongside (npm test passes it once the type check has written its
 * types, or when no type check runs) both run at once. A line says when the build is ready.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const target = process.argv[2];
if (!target) {
  console.error('usage: node scripts/e2e-prepare.mjs <pglite folder> [--alongside]');
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
/** npm test starts the reliability run on this line: it needs the build, not the seeded database. */
const BUILT_MARKER = '• e2e-prepare: the site is built';
const build = () =>
  (buildIsStale() ? run(bin('astro'), ['build']) : Promise.resolve(0)).then((code) => {
    if (code === 0) console.log(BUILT_MARKER);
    return code;
  });
// --alongside: no type check is running, so the build need not wait for the seeding.
const codes = process.argv.includes('--alongside')
  ? await Promise.all([seed(), build()])
  : [await seed(), await build()];
process.exit(codes.find((code) => code !== 0) ?? 0);
