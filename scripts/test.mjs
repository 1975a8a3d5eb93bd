#!/usr/bin/env node
/**
 * npm test: lint, import walls, then the type check, vitest (unit + integration) and the reliability run
 * side by side, then Playwright end-to-end in Chromium (beside the reliability run's last section, which
 * mostly waits).
 * Ends with one "N passed, N failed" line counting every test that ran.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAULTS_BEGIN, SITE_BUILT } from './test-markers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = path.join(root, 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [];
const runStarted = performance.now();
const sinceStart = (at) => (at - runStarted) / 1000;
/** Output of steps beside that ended while a step in the terminal (Playwright) was printing. */
const heldOutput = [];
let inTerminal = false;

/** A step whose output goes straight to the terminal; steps beside it may still be running. */
function step(label, command, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = performance.now();
  inTerminal = true;
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      steps.push({ label, ok: code === 0, seconds: (performance.now() - started) / 1000, from: sinceStart(started) });
      inTerminal = false;
      for (const print of heldOutput.splice(0)) print();
      resolve(code === 0);
    });
  });
}

/** Copies a child's output to `out` and hands `onLine` each whole line as it comes. */
function readLines(child, out, onLine) {
  let partial = '';
  const read = (chunk) => {
    out.write(chunk);
    const lines = (partial + String(chunk)).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
}

/**
 * A step run beside others: its output goes to test-reports/<log> and is printed whole when it ends,
 * so steps running at once never interleave their lines. `onLine` sees each line as it comes.
 */
function stepBeside(label, log, command, args, env = {}, onLine = () => {}) {
  const started = performance.now();
  const file = path.join(reports, log);
  const out = createWriteStream(file);
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  readLines(child, out, onLine);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      out.end(() => {
        const ok = code === 0;
        steps.push({ label, ok, seconds: (performance.now() - started) / 1000, from: sinceStart(started) });
        const print = () => {
          console.log(`\n━━ ${label} ━━`);
          process.stdout.write(readFileSync(file, 'utf8'));
        };
        // A step ending while the end-to-end tests print their progress waits for them to finish.
        if (inTerminal) heldOutput.push(print);
        else print();
        resolve(ok);
      });
    });
  });
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

if (wants('lint')) await step('Lint and format (biome)', bin('biome'), ['ci', '.']);
// A wrong-way import (past a service's index.ts, domain -> server, island -> server) fails here
// (docs/decisions/037 and 038 name the walls).
if (wants('lint') || wants('imports'))
  await step('Import walls', process.execPath, [path.join(root, 'scripts/check-imports.mjs')]);

/*
 * The machine has two cores, and the type check keeps only one busy (docs/decisions/034), so what does not
 * need the browser runs at once: the type check; the end-to-end database seeded and the site built
 * (scripts/e2e-prepare.mjs), both once the type check has written Astro's generated types; vitest,
 * from then too; and the reliability run, as soon as the site is built (it seeds a database of its
 * own, so it does not wait for the seeding). Playwright, the one step that waits on time (a page must
 * answer within its expect timeout), starts once the type check and vitest are done and the
 * reliability run has reached its faults section, which mostly waits on timeouts.
 */
let typesWritten = Promise.resolve();
let typeCheck;
if (wants('typecheck')) {
  let written;
  typesWritten = new Promise((resolve) => {
    written = resolve;
  });
  typeCheck = stepBeside(
    'Type check (astro check)',
    'typecheck.log',
    bin('astro'),
    ['check', '--minimumSeverity', 'warning'],
    {},
    (line) => line.includes('Getting diagnostics') && written(),
  );
  typeCheck.finally(written);
}

const e2eDir = path.join(tmpdir(), `tuppence-e2e-prepared-${process.pid}`);
let prepared = Promise.resolve(false);
let built = Promise.resolve(false);
let preparedAt;
let builtAt;
if (wants('e2e') || wants('reliability')) {
  let markBuilt;
  built = new Promise((resolve) => {
    markBuilt = resolve;
  });
  prepared = typesWritten.then(
    () =>
      new Promise((resolve) => {
        const log = createWriteStream(path.join(reports, 'e2e-prepare.log'));
        const args = [path.join(root, 'scripts/e2e-prepare.mjs'), path.join(e2eDir, 'pglite')];
        const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        readLines(child, log, (line) => {
          if (builtAt !== undefined || !line.startsWith(SITE_BUILT)) return;
          builtAt = sinceStart(performance.now());
          markBuilt(true);
        });
        child.on('exit', (code) => {
          log.end();
          preparedAt = sinceStart(performance.now());
          markBuilt(builtAt !== undefined);
          resolve(code === 0);
        });
      }),
  );
  process.on('exit', () => rmSync(e2eDir, { recursive: true, force: true }));
}

/** The steps that keep both cores busy: Playwright does not share the machine with them. */
const busy = typeCheck ? [typeCheck] : [];
const vitestJson = path.join(reports, 'vitest.json');
if (wants('unit')) {
  await typesWritten;
  busy.push(
    stepBeside('Unit and integration tests (vitest)', 'vitest.log', bin('vitest'), [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ]),
  );
}

// The reliability table (docs/decisions/032: fuzzing, access control, sessions, concurrency) against the built
// shop on a throwaway PostgreSQL database; it needs the server, so it runs where TEST_DATABASE_URL
// names one (CI). Its last section, the faults, mostly waits (a slow gateway, timeouts, a restart),
// so the end-to-end tests may start beside it: it prints FAULTS_BEGIN as that section starts.
const reliabilityJson = path.join(reports, 'reliability.json');
let reliability = Promise.resolve(true);
let reliabilityWaits = Promise.resolve();
if (wants('reliability') && process.env.TEST_DATABASE_URL) {
  let waits;
  reliabilityWaits = new Promise((resolve) => {
    waits = resolve;
  });
  reliability = built.then(() =>
    // A fixed seed, so a run of npm test is repeatable; `npm run test:reliability` alone draws a new one.
    stepBeside(
      'Reliability (npm run test:reliability)',
      'reliability.log',
      bin('tsx'),
      [path.join(root, 'scripts/reliability/index.ts'), '--seed', '20261124'],
      { RELIABILITY_JSON: reliabilityJson },
      (line) => line.startsWith(FAULTS_BEGIN) && waits(),
    ),
  );
  reliability.finally(waits);
}
await Promise.all(busy);
await reliabilityWaits;

const playwrightJson = path.join(reports, 'playwright.json');
if (wants('e2e')) {
  const ready = await prepared;
  console.log(
    ready
      ? '\n• Seeded database and build ready for the end-to-end server'
      : '\n• Preparing the end-to-end database failed (see test-reports/e2e-prepare.log); the web server seeds its own',
  );
  await step('End-to-end tests (Playwright, Chromium)', bin('playwright'), ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    ...(ready ? { E2E_PREPARED_PGLITE: path.join(e2eDir, 'pglite') } : {}),
  });
}
await reliability;

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
const reliabilityRows = existsSync(reliabilityJson) ? readJson(reliabilityJson) : null;
if (reliabilityRows) {
  passed += reliabilityRows.passed ?? 0;
  failed += reliabilityRows.failed ?? 0;
}
for (const s of steps) {
  const counted =
    s.label.includes('vitest') ||
    s.label.includes('Playwright') ||
    (s.label.includes('Reliability') && reliabilityRows);
  if (!s.ok && !counted) failed += 1;
}

console.log('\n━━ Summary ━━');
// Each step's time, and when it started and ended in the run (the steps beside each other overlap).
for (const s of steps)
  console.log(
    `${s.ok ? '✔' : '✖'} ${s.label} (${s.seconds.toFixed(1)} s, ${s.from.toFixed(0)}–${(s.from + s.seconds).toFixed(0)} s)`,
  );
if (builtAt !== undefined) console.log(`  site built by ${builtAt.toFixed(0)} s`);
if (preparedAt !== undefined) console.log(`  end-to-end database seeded and site built by ${preparedAt.toFixed(0)} s`);
console.log(`Whole run: ${sinceStart(performance.now()).toFixed(0)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(steps.every((s) => s.ok) && failed === 0 ? 0 : 1);
