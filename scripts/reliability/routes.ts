/**
 * Every route the shop answers, read from its files (docs/decisions/032), so a route added later is fuzzed
 * and tried for leaks without anyone listing it: src/pages (API routes with their exported methods,
 * pages, with POST where the page reads a form) and the Astro Actions in src/actions.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  /** The route's path with its parameters as `[name]` / `[...name]`, e.g. /api/v1/voucher/[id]/pdf. */
  pattern: string;
  methods: Method[];
  /** The parameter names in the pattern, in order. */
  params: string[];
  kind: 'api' | 'page' | 'action';
  file: string;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

function methodsOf(file: string, source: string): Method[] {
  if (file.endsWith('.astro')) {
    const readsForms = /request\.method\s*===?\s*['"]POST['"]|formData\(\)/.test(source);
    return readsForms ? ['GET', 'POST'] : ['GET'];
  }
  if (/export\s+const\s+ALL\b/.test(source)) return METHODS;
  return METHODS.filter((method) =>
    new RegExp(`export\\s+(const|async function|function)\\s+${method}\\b`).test(source),
  );
}

/** The routes under src/pages and the actions in src/actions of the project at `root`. */
export function discoverRoutes(root: string): Route[] {
  const pagesDir = path.join(root, 'src/pages');
  const routes: Route[] = [];
  for (const file of walk(pagesDir)) {
    if (!/\.(ts|astro)$/.test(file) || file.endsWith('.test.ts')) continue;
    const relative = path.relative(pagesDir, file).replaceAll(path.sep, '/');
    // The error pages are what a failure renders, not routes of their own (/500 answers 500 by design).
    if (/^(404|500)\.astro$/.test(relative)) continue;
    // Partials are fragments fetched by pages; they are routes like any other.
    let pattern = `/${relative.replace(/\.(ts|astro)$/, '')}`.replace(/\/index$/, '') || '/';
    if (pattern === '') pattern = '/';
    const source = readFileSync(file, 'utf8');
    const methods = methodsOf(file, source);
    if (methods.length === 0) continue;
    const params = [...pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((match) => match[1] ?? '');
    routes.push({
      pattern,
      methods,
      params,
      kind: pattern.startsWith('/api/') ? 'api' : 'page',
      file: path.relative(root, file),
    });
  }
  for (const file of walk(path.join(root, 'src/actions'))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s+(\w+): defineAction\(/gm)) {
      routes.push({
        pattern: `/_actions/${match[1]}`,
        methods: ['POST'],
        params: [],
        kind: 'action',
        file: path.relative(root, file),
      });
    }
  }
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The pattern with each parameter replaced by the value `valueFor(name)` gives (URL-encoded). */
export function fillPattern(pattern: string, valueFor: (name: string, rest: boolean) => string): string {
  return pattern.replace(/\[(\.\.\.)?([^\]]+)\]/g, (_, rest: string | undefined, name: string) => {
    const value = valueFor(name, Boolean(rest));
    const safe = value.replace(/[\ud800-\udfff]/g, '');
    return rest ? safe.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(safe);
  });
}
