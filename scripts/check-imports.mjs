#!/usr/bin/env node
/**
 * The import walls, checked on every `npm test` (static imports, re-exports and dynamic `import()`):
 * - a service folder `src/server/<name>/` is reached from outside only through its `index.ts`
 *   (the one exception: `src/server/db/schema.ts` gathers each service's `schema.ts` for drizzle-kit,
 *   and a service's `schema.ts` may name another service's tables for foreign keys);
 * - `src/domain` imports nothing from `src/contracts`, `src/server` or Astro;
 * - components, islands, layouts and stores import no server runtime code (types are fine);
 * - the payment sandbox is an app of its own (docs/decisions/035-sandbox-as-its-own-app.md): nothing
 *   under `src/` imports from `sandbox/`, which the shop reaches over HTTP only; and `sandbox/`
 *   imports only itself, the shop's pure `src/domain`, the wire contracts `src/contracts` and
 *   packages (its tests may also use the repository's test support under `tests/`).
 * Tests (tests/) may reach inside what they test and are not checked.
 * Biome and dependency-cruiser do not read `.astro` files, so this small script does the job for all sources.
 * Exits 1 and lists every wrong-way import, each with the file it is in.
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
  // A dynamic import of a literal path, quoted or a template without substitutions.
  for (const m of text.matchAll(/\bimport\(\s*(?:['"]([^'"]+)['"]|`([^`$]+)`)\s*[,)]/g))
    found.push({ spec: m[1] ?? m[2], typeOnly: false });
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

/** What a sandbox file may import: itself, the shop's pure domain and wire contracts (tests: test support too). */
function sandboxMayImport(from, to) {
  if (/^(sandbox|src\/domain|src\/contracts)\//.test(to)) return true;
  const isTest = from.startsWith('sandbox/tests/') || /\.test\.tsx?$/.test(from);
  return isTest && to.startsWith('tests/');
}

const problems = [];
const files = [...walk(src), ...walk(path.join(root, 'sandbox')), ...walk(path.join(root, 'scripts'))];
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
    if (from.startsWith('src/') && to.startsWith('sandbox/')) {
      wrong('(the shop reaches the payment sandbox over HTTP only)');
    }
    if (from.startsWith('sandbox/') && !sandboxMayImport(from, to)) {
      wrong('(the payment sandbox imports only sandbox/, src/domain and src/contracts)');
      continue;
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
