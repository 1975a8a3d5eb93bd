#!/usr/bin/env node
/**
 * The import walls (issue 16.4), checked on every `npm test`:
 * - a service folder `src/server/<name>/` is reached from outside only through its `index.ts`
 *   (the one exception: `src/server/db/schema.ts` gathers each service's `schema.ts` for drizzle-kit,
 *   and a service's `schema.ts` may name another service's tables for foreign keys);
 * - `src/domain` imports nothing from `src/contracts`, `src/server`, the sandbox or Astro;
 * - components, islands, layouts and stores import no server runtime code (types are fine);
 * - the shop (`src/` outside `src/sandbox`) imports nothing from the payment sandbox `src/sandbox`,
 *   which it reaches over HTTP only; the sandbox imports nothing of the shop's services.
 * - nothing under `src/` imports the demo data or anything else under `scripts/` (the demo catalogue
 *   and its picture painter live in `scripts/seed`, docs/decisions/036-demo-data-outside-the-shop.md).
 * Tests (tests/) may reach inside what they test and are not checked.
 * Biome and dependency-cruiser do not read `.astro` files, so this small script does the job for all sources.
 * Exits 1 and lists every wrong-way import.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `--root <dir>` checks another tree (the checker's own test builds small ones).
const rootArg = process.argv.indexOf('--root');
const root =
  rootArg > 0 && process.argv[rootArg + 1]
    ? path.resolve(process.argv[rootArg + 1])
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const extensions = ['.ts', '.tsx', '.astro', '.mjs', '.js'];

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (extensions.some((e) => name.endsWith(e))) out.push(full);
  }
  return out;
}

/** Every module specifier in a file, with whether the statement only brings types. */
function specifiers(text) {
  const found = [];
  const statement = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(statement)) {
    const clause = m[3] ?? '';
    const typeOnly =
      Boolean(m[2]) ||
      (/^\{[^}]*\}$/s.test(clause.trim()) &&
        clause
          .trim()
          .slice(1, -1)
          .split(',')
          .every((n) => n.trim() === '' || n.trim().startsWith('type ')));
    found.push({ spec: m[4], typeOnly });
  }
  for (const m of text.matchAll(/(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g))
    found.push({ spec: m[1], typeOnly: false });
  for (const m of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ spec: m[1], typeOnly: false });
  return found;
}

function resolve(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = path.join(src, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  const candidates = [base, ...extensions.map((e) => base + e), ...extensions.map((e) => path.join(base, `index${e}`))];
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c;
  return base;
}

const rel = (p) => path.relative(root, p).split(path.sep).join('/');
/** `src/server/<name>/` for a file inside a service folder, else null. */
function serviceOf(file) {
  const m = /^src\/server\/([^/]+)\/.+/.exec(rel(file));
  return m ? `src/server/${m[1]}/` : null;
}

const problems = [];
const files = [...walk(src), ...walk(path.join(root, 'scripts'))];
for (const file of files) {
  const from = rel(file);
  const text = readFileSync(file, 'utf8');
  for (const { spec, typeOnly } of specifiers(text)) {
    const wrong = (why) => problems.push(`${from}: '${spec}' ${why}`);
    if (from.startsWith('src/domain/') && /^(astro|astro:)/.test(spec))
      wrong('(src/domain imports nothing from Astro)');
    const target = resolve(file, spec);
    if (!target) continue;
    const to = rel(target);
    if (from.startsWith('src/domain/') && !to.startsWith('src/domain/')) {
      wrong('(src/domain imports only src/domain)');
      continue;
    }
    if (/^src\/(components|islands|layouts|stores)\//.test(from) && to.startsWith('src/server/') && !typeOnly) {
      wrong('(components, islands, layouts and stores import no server runtime code: pass it in as props)');
    }
    if (from.startsWith('src/') && (to.startsWith('scripts/') || /^src\/server\/seed(\/|$)/.test(to))) {
      wrong('(the shop imports nothing from scripts/: demo data lives in scripts/seed, docs/decisions/036)');
    }
    const inSandbox = (p) => p.startsWith('src/sandbox/');
    if (to.startsWith('src/sandbox/') && !inSandbox(from)) {
      if (!(from === 'src/server/db/schema.ts' && to === 'src/sandbox/schema.ts')) {
        wrong('(the shop reaches the payment sandbox over HTTP only)');
      }
    }
    if (from.startsWith('src/sandbox/') && /^src\/server\/(?!db\/|log\.ts|kept-secret\.ts|http\/)/.test(to)) {
      wrong("(the payment sandbox uses none of the shop's services)");
    }
    const service = serviceOf(target);
    if (!service || serviceOf(file) === service) continue;
    if (to === `${service}index.ts`) continue;
    if (from === 'src/server/db/schema.ts' && to.endsWith('/schema.ts')) continue;
    if (from.endsWith('/schema.ts') && to.endsWith('/schema.ts')) continue;
    wrong(`(outside ${service} import only ${service}index.ts)`);
  }
}

if (problems.length > 0) {
  console.error(`Wrong-way imports (${problems.length}):`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`Import walls hold (${files.length} files checked).`);
