/**
 * The import walls (docs/decisions/037), checked on every `npm test` by scripts/check-imports.mjs (static imports, re-exports and
 * dynamic `import()`):
 * - a service folder `src/server/<name>/` is reached from outside only through its `index.ts`
 *   (the exceptions: `src/server/db/schema.ts` gathers each service's `schema.ts` for drizzle-kit,
 *   a service's `schema.ts` may name another service's tables for foreign keys, and the one list of
 *   subscribers, `src/server/subscribers.ts`, imports each `src/server/<name>/subscribers/*.ts`);
 * - no file under `src/server` imports another part of the server dynamically (`import('@/server/…')`
 *   hides an arrow from this check and from a reader);
 * - each service owns its tables: no writes to another's, reads only where listed
 *   (./walls/table-ownership.mjs);
 * - the services and the server's top-level modules form no circle: an arrow one way between two
 *   of them means none comes back, however many steps round (type-only imports included; the
 *   database module, which gathers every schema, and imports of a schema.ts, which hold no code, are
 *   left out);
 * - one HTTP edge (docs/decisions/038-one-http-edge.md): no file under `src/server` outside the web
 *   layer `src/server/http/` imports Astro's request machinery (`astro`, `astro/…`, `astro:actions`,
 *   `astro:middleware`); a service takes plain inputs (`astro:env` is configuration, not a request);
 * - `src/domain` imports nothing from `src/contracts`, `src/server` or Astro;
 * - components, islands, layouts and stores import no server runtime code (types are fine);
 * - the payment sandbox is an app of its own (docs/decisions/035-sandbox-as-its-own-app.md): nothing
 *   under `src/` imports from `sandbox/`, which the shop reaches over HTTP only; and `sandbox/`
 *   imports only itself, the shop's pure `src/domain`, the wire contracts `src/contracts` and
 *   packages (its tests may also use the repository's test support under `tests/`);
 * - nothing under `src/` imports the demo data or anything else under `scripts/` (the demo catalogue
 *   and its picture painter live in `scripts/seed`, docs/decisions/036-demo-data-outside-the-shop.md);
 * - configuration is declared once (docs/decisions/039-configuration-declared-once.md): no file under
 *   `src/` reads `process.env` but the shop's configuration module `src/server/config.ts`, and none
 *   under `sandbox/` but the sandbox's `sandbox/settings.ts` (tests, which hand variables to what
 *   they start, aside); what only the site reads comes from `astro:env`.
 * Tests (tests/) may reach inside what they test and are not checked.
 * Biome and dependency-cruiser do not read `.astro` files, so this small script does the job for all sources.
 * `checkWalls(root)` lists every wrong-way import, each with the file it is in.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkTables, readOwners } from './table-ownership.mjs';

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
    found.push({ spec: m[1] ?? m[2], typeOnly: false, dynamic: true });
  return found;
}

/** What a sandbox file may import: itself, the shop's pure domain and wire contracts (tests: test support too). */
function sandboxMayImport(from, to) {
  if (/^(sandbox|src\/domain|src\/contracts)\//.test(to)) return true;
  const isTest = from.startsWith('sandbox/tests/') || /\.test\.tsx?$/.test(from);
  return isTest && to.startsWith('tests/');
}

/** The one reader of the environment in each app (docs/decisions/039). */
const ENV_READERS = new Set(['src/server/config.ts', 'sandbox/settings.ts']);
const isTestFile = (p) => p.startsWith('sandbox/tests/') || /\.test\.tsx?$/.test(p);
/** The code of a file without its comments (block comments, and line comments on lines of their own). */
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
/** `process.env`, `process['env']` or `{ env } = process`: a read of the environment. */
const READS_ENV = /\bprocess\s*(?:\.\s*env\b|\[\s*['"`]env['"`]\s*\])|\{[^}]*\benv\b[^}]*\}\s*=\s*process\b/;

const SUBSCRIBER_LIST = 'src/server/subscribers.ts';
/** The web layer: the one part of the server that knows about requests, cookies, sessions and statuses. */
const WEB_LAYER = 'src/server/http/';
/** What may be imported from the web layer without its index (see below). */
const SIGN_IN_HOOKS = 'src/server/http/sign-in-hooks.ts';
/** Astro's request machinery (its types, actions and middleware); `astro:env` is configuration and allowed. */
const ASTRO_REQUEST = /^astro(\/.*|:actions|:middleware)?$/;
const isSubscriberFile = (p) => /^src\/server\/[^/]+\/subscribers\/[^/]+\.ts$/.test(p);

/** Paths within the checked tree: resolving specifiers, relative names and the server part a file belongs to. */
function treeAt(root) {
  const src = path.join(root, 'src');
  function resolve(from, spec) {
    let base;
    if (spec.startsWith('@/')) base = path.join(src, spec.slice(2));
    else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
    else return null;
    const candidates = [
      base,
      ...extensions.map((e) => base + e),
      ...extensions.map((e) => path.join(base, `index${e}`)),
    ];
    for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c;
    return base;
  }

  const rel = (p) => path.relative(root, p).split(path.sep).join('/');
  /** `src/server/<name>/` for a file inside a service folder, else null. */
  function serviceOf(file) {
    const m = /^src\/server\/([^/]+)\/.+/.exec(rel(file));
    return m ? `src/server/${m[1]}/` : null;
  }

  /** The node of the server's module graph a file belongs to: its service folder, or a top-level server file. */
  function serverNodeOf(file) {
    const r = rel(file);
    const folder = /^src\/server\/([^/]+)\/.+/.exec(r);
    if (folder) return `src/server/${folder[1]}/`;
    return /^src\/server\/[^/]+\.(ts|tsx|mjs|js)$/.test(r) ? r.replace(/\.(test\.)?(ts|tsx|mjs|js)$/, '') : null;
  }

  return { src, resolve, rel, serviceOf, serverNodeOf };
}

/** Circles in the server's module graph (Tarjan's strongly connected components), each named by its arrows. */
function circles(arrows) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of arrows.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...arrows.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * Checks the tree at `root` (the repository, or a small tree a test builds): every wrong-way import,
 * each naming its file, and how many files were read.
 */
export async function checkWalls(root) {
  const { src, resolve, rel, serviceOf, serverNodeOf } = treeAt(root);
  const problems = [];
  const files = [...walk(src), ...walk(path.join(root, 'sandbox')), ...walk(path.join(root, 'scripts'))];
  // The reads the checked tree lists (a test's small tree may list its own).
  const readsFile = path.join(root, 'scripts/walls/cross-service-reads.mjs');
  const { CROSS_SERVICE_READS } = existsSync(readsFile)
    ? await import(pathToFileURL(readsFile).href)
    : { CROSS_SERVICE_READS: {} };
  const owners = readOwners(
    files.filter((f) => /^src\/server\/[^/]+\/schema\.ts$/.test(rel(f))),
    rel,
  );
  /** node -> node -> the first file seen making that arrow (for the message). */
  const arrows = new Map();
  for (const file of files) {
    const from = rel(file);
    const text = readFileSync(file, 'utf8');
    if (
      /^(src|sandbox)\//.test(from) &&
      !ENV_READERS.has(from) &&
      !isTestFile(from) &&
      READS_ENV.test(withoutComments(text))
    ) {
      const reader = from.startsWith('sandbox/')
        ? 'sandbox/settings.ts'
        : 'src/server/config.ts (or astro:env for the site)';
      problems.push(`${from}: reads process.env (configuration is declared once: read it through ${reader})`);
    }
    problems.push(
      ...checkTables(
        from,
        text,
        (spec) => {
          const target = resolve(file, spec);
          return target === null ? null : rel(target);
        },
        owners,
        CROSS_SERVICE_READS,
      ),
    );
    for (const { spec, typeOnly, dynamic } of specifiers(text)) {
      const wrong = (why) => problems.push(`${from}: '${spec}' ${why}`);
      if (from.startsWith('src/domain/') && /^(astro|astro:)/.test(spec))
        wrong('(src/domain imports nothing from Astro)');
      if (from.startsWith('src/server/') && !from.startsWith(WEB_LAYER) && ASTRO_REQUEST.test(spec)) {
        wrong(`(a service takes plain inputs: Astro's context, cookies and session stay in ${WEB_LAYER})`);
      }
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
      if (from.startsWith('src/') && to.startsWith('sandbox/')) {
        wrong('(the shop reaches the payment sandbox over HTTP only)');
      }
      if (from.startsWith('sandbox/') && !sandboxMayImport(from, to)) {
        wrong('(the payment sandbox imports only sandbox/, src/domain and src/contracts)');
        continue;
      }
      const fromNode = serverNodeOf(file);
      const toNode = serverNodeOf(target);
      if (fromNode !== null && toNode !== null && fromNode !== toNode) {
        if (dynamic) wrong('(no dynamic import between parts of the server: import it at the top, or raise an event)');
        // The database module gathers every schema and each schema names the tables its foreign keys
        // point at: those arrows are data, not code, and would put every service in one circle.
        // A read of another service's table (an import of its schema.ts, a leaf that imports no code) is
        // governed by the table rules instead.
        const dataOnly = from.startsWith('src/server/db/') || to.endsWith('/schema.ts');
        if (!dataOnly && !from.endsWith('.test.ts') && !from.endsWith('.test.tsx')) {
          if (!arrows.has(fromNode)) arrows.set(fromNode, new Map());
          if (!arrows.get(fromNode).has(toNode)) arrows.get(fromNode).set(toNode, from);
        }
      }
      const service = serviceOf(target);
      if (!service || serviceOf(file) === service) continue;
      if (to === `${service}index.ts`) continue;
      if (from === SUBSCRIBER_LIST && isSubscriberFile(to)) continue;
      // The web layer's index brings Astro's runtime configuration (astro:env), which scripts and jobs
      // do not have: the subscriber list (loaded by every entry point) installs the sign-in hooks from
      // their registry.
      if (from === SUBSCRIBER_LIST && to === SIGN_IN_HOOKS) continue;
      if (from === 'src/server/db/schema.ts' && to.endsWith('/schema.ts')) continue;
      if (from.endsWith('/schema.ts') && to.endsWith('/schema.ts')) continue;
      // A service's tables are governed by the ownership rules above (reads listed, writes never).
      if (to === `${service}schema.ts`) continue;
      wrong(`(outside ${service} import only ${service}index.ts)`);
    }
  }

  for (const component of circles(arrows)) {
    const members = new Set(component);
    const inside = [];
    for (const from of component)
      for (const [to, file] of arrows.get(from) ?? []) if (members.has(to)) inside.push(`${from} -> ${to} (${file})`);
    problems.push(`a circle between ${component.join(', ')}: ${inside.join('; ')}`);
  }

  // A listed read of a file that no longer exists is stale too.
  for (const listed of Object.keys(CROSS_SERVICE_READS))
    if (!files.some((file) => rel(file) === listed))
      problems.push(`${listed}: no such file (take it off scripts/walls/cross-service-reads.mjs)`);

  return { problems, filesChecked: files.length };
}

/** What the command line prints: every problem, or that the walls hold. */
export function wallsReport({ problems, filesChecked }) {
  if (problems.length === 0) return `Import walls hold (${filesChecked} files checked).`;
  return [`Wrong-way imports (${problems.length}):`, ...problems.map((p) => `  ${p}`)].join('\n');
}
