#!/usr/bin/env node
/**
 * npm test: type check, lint, import walls, vitest (unit + integration), then Playwright end-to-end in Chromium.
 * Ends with one "N passed, N failed" line counting every test that ran.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = path.join(root, 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [];
function step(label, command, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ label, ok, seconds: (performance.now() - started) / 1000 });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const only = process.argv.slice(2);
const wants = (name) => only.length === 0 || only.includes(name);

// Issue 16.6: the type check keeps one core busy and leaves the other idle, so the end-to-end
// database is seeded (and a stale site built) beside it; the e2e web server then starts from them.
let e2ePrepared = null;
const e2eDir = path.join(tmpdir(), `tuppence-e2e-prepared-${process.pid}`);
if (wants('e2e')) {
  const log = openSync(path.join(reports, 'e2e-prepare.log'), 'w');
  const args = [path.join(root, 'scripts/e2e-prepare.mjs'), path.join(e2eDir, 'pglite')];
  if (!wants('typecheck')) args.push('--alongside');
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', log, log] });
  e2ePrepared = new Promise((resolve) => child.on('exit', (code) => resolve(code === 0)));
  process.on('exit', () => rmSync(e2eDir, { recursive: true, force: true }));
}

if (wants('typecheck')) step('Type check (astro check)', bin('astro'), ['check', '--minimumSeverity', 'warning']);
if (wants('lint')) step('Lint and format (biome)', bin('biome'), ['ci', '.']);
// Issue 16.4: a wrong-way import (past a service's index.ts, domain -> server, island -> server) fails here.
if (wants('lint') || wants('imports'))
  step('Import walls', process.execPath, [path.join(root, 'scripts/check-imports.mjs')]);
const vitestJson = path.join(reports, 'vitest.json');
if (wants('unit')) {
  step('Unit and integration tests (vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
}
const playwrightJson = path.join(reports, 'playwright.json');
if (wants('e2e')) {
  const started = performance.now();
  const prepared = await e2ePrepared;
  const waited = (performance.now() - started) / 1000;
  steps.push({ label: 'End-to-end database and build, waited for after the steps above', ok: true, seconds: waited });
  console.log(
    prepared
      ? `\n• Seeded database and build ready for the end-to-end server (waited ${waited.toFixed(1)} s)`
      : '\n• Preparing the end-to-end database failed (see test-reports/e2e-prepare.log); the web server seeds its own',
  );
  step('End-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    ...(prepared ? { E2E_PREPARED_PGLITE: path.join(e2eDir, 'pglite') } : {}),
  });
}

// Issue 26.1: the reliability table (fuzzing, access control, sessions, concurrency) against the built
// shop on a throwaway PostgreSQL database; it needs the server, so it runs where TEST_DATABASE_URL
// names one (CI).
const reliabilityJson = path.join(reports, 'reliability.json');
if (wants('reliability') && process.env.TEST_DATABASE_URL) {
  // A fixed seed, so a run of npm test is repeatable; `npm run test:reliability` alone draws a new one.
  step(
    'Reliability (npm run test:reliability)',
    bin('tsx'),
    [path.join(root, 'scripts/reliability/index.ts'), '--seed', '20261124'],
    {
      RELIABILITY_JSON: reliabilityJson,
    },
  );
}

let passed = 0;
let failed = 0;
const vitest = existsSync(vitestJson) ? readJson(vitestJson) : null;
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
}
const playwright = existsSync(playwrightJson) ? readJson(playwrightJson) : null;
if (playwright?.stats) {
  passed += playwright.stats.expected ?? 0;
  failed += (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
}
const reliability = existsSync(reliabilityJson) ? readJson(reliabilityJson) : null;
if (reliability) {
  passed += reliability.passed ?? 0;
  failed += reliability.failed ?? 0;
}
for (const s of steps) {
  const counted =
    s.label.includes('vitest') || s.label.includes('Playwright') || (s.label.includes('Reliability') && reliability);
  if (!s.ok && !counted) failed += 1;
}

console.log('\n━━ Summary ━━');
for (const s of steps) console.log(`${s.ok ? '✔' : '✖'} ${s.label} (${s.seconds.toFixed(1)} s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(steps.every((s) => s.ok) && failed === 0 ? 0 : 1);
