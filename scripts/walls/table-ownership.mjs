/**
 * Table ownership (docs/decisions/037), a part of the import walls: each service owns the tables its
 * `schema.ts` defines.
 * - Code under `src/` takes tables from their owner's `schema.ts`, never from the gathering module
 *   `src/server/db/schema.ts` (that one is for drizzle-kit, the database client, scripts and tests).
 * - A service writes only its own tables: no `.insert(t)`, `.update(t)` or `.delete(t)` of another
 *   service's table, and no `insert into`, `update … set` or `delete from` of one in raw SQL. It
 *   asks the owner through its `index.ts` instead.
 * - A service reads another's table only where `scripts/walls/cross-service-reads.mjs` lists it (the list
 *   should only shrink: ask the owner's `list…`/`retrieve…` functions instead). Importing a type
 *   (a row type) is not a read.
 * - A voucher's status changes only through the voucher state machine,
 *   `src/server/vouchers/transitions.ts`, which also writes its history.
 */
import { readFileSync } from 'node:fs';

const STATE_MACHINE = 'src/server/vouchers/transitions.ts';

/** Each table's owner, by its TypeScript name and its SQL name, read from the services' schema files. */
export function readOwners(schemaFiles, rel) {
  const byName = new Map();
  const bySql = new Map();
  for (const file of schemaFiles) {
    const owner = rel(file).replace(/\/schema\.ts$/, '/');
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/export const (\w+)\s*=\s*pgTable\(\s*['"]([a-z0-9_]+)['"]/g)) {
      byName.set(m[1], owner);
      bySql.set(m[2], { owner, name: m[1] });
    }
  }
  return { byName, bySql };
}

/** The owner folder (`src/server/<name>/`) a file belongs to, or the file itself outside a service. */
function ownerOf(from) {
  const m = /^src\/server\/([^/]+)\//.exec(from);
  return m ? `src/server/${m[1]}/` : from;
}

/** Named and namespace imports of a file: [{ spec, names: [{ name, typeOnly }], namespace, typeOnly }]. */
function imports(text) {
  const found = [];
  for (const m of text.matchAll(/(?:^|[;\n])\s*import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const names = m[2]
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .map((n) => ({
        name: n
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
          .trim(),
        local: n
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)
          .pop()
          .trim(),
        typeOnly: Boolean(m[1]) || n.startsWith('type '),
      }));
    found.push({ spec: m[3], names, namespace: null });
  }
  for (const m of text.matchAll(/(?:^|[;\n])\s*import\s+(type\s+)?\*\s+as\s+(\w+)\s+from\s*['"]([^'"]+)['"]/g))
    found.push({ spec: m[3], names: [], namespace: { local: m[2], typeOnly: Boolean(m[1]) } });
  return found;
}

/**
 * Checks one file. `resolve(spec)` gives the repo-relative path an import names (or null for a package).
 * Returns the problems found, each a line naming the file.
 */
export function checkTables(from, text, resolve, owners, listedReads) {
  const problems = [];
  if (!from.startsWith('src/') || from.startsWith('src/server/db/')) return problems;
  if (from.endsWith('.test.ts') || from.endsWith('.test.tsx')) return problems;
  const mine = ownerOf(from);
  const isSchema = from.endsWith('/schema.ts');
  /** local identifier -> owner, for tables this file imported from another service. */
  const foreign = new Map();
  const reads = new Set();
  for (const { spec, names, namespace } of imports(text)) {
    const to = resolve(spec);
    if (to === null) continue;
    if (/^src\/server\/db\/schema(\.ts)?$/.test(to)) {
      problems.push(`${from}: '${spec}' (take tables from their owner's schema.ts, not the gathering module)`);
      continue;
    }
    const m = /^(src\/server\/[^/]+\/)schema(\.ts)?$/.exec(to);
    if (!m || m[1] === mine || isSchema) continue;
    const owner = m[1];
    if (namespace !== null) {
      if (!namespace.typeOnly)
        problems.push(`${from}: '${spec}' (import another service's tables by name, so the check can see which)`);
      continue;
    }
    for (const { name, local, typeOnly } of names) {
      if (typeOnly || owners.byName.get(name) !== owner) continue;
      foreign.set(local, owner);
      reads.add(`${owner}${name}`);
    }
  }
  // Raw SQL: the tables a `sql` template names, read or written.
  for (const q of text.matchAll(/sql`([^`]*)`/g)) {
    const body = q[1];
    const writes =
      /\b(?:(insert\s+into|delete\s+from)\s+(?:"?([a-z0-9_]+)"?|\$\{(\w+)\})|(update)\s+(?:"?([a-z0-9_]+)"?|\$\{(\w+)\})\s+set\b)/gi;
    for (const w of body.matchAll(writes)) {
      const verb = (w[1] ?? w[4]).toLowerCase().replace(/\s+/g, ' ');
      const sqlName = w[2] ?? w[5];
      const local = w[3] ?? w[6];
      const owner = sqlName ? owners.bySql.get(sqlName)?.owner : foreign.get(local);
      if (owner && owner !== mine)
        problems.push(`${from}: ${verb} ${sqlName ?? local} (a table of ${owner}: ask ${owner}index.ts to change it)`);
    }
    for (const r of body.matchAll(/\b(?:from|join)\s+"?([a-z0-9_]+)"?/gi)) {
      const table = owners.bySql.get(r[1]);
      if (table && table.owner !== mine) reads.add(`${table.owner}${table.name}`);
    }
  }
  // Drizzle's builders: insert(t), update(t), delete(t) of another service's table. A table written
  // is reported as a write only, not also as an unlisted read.
  for (const w of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const owner = foreign.get(w[2]);
    if (!owner) continue;
    problems.push(`${from}: ${w[1]}(${w[2]}) (a table of ${owner}: ask ${owner}index.ts to change it)`);
    reads.delete(`${owner}${w[2]}`);
  }
  // The voucher state machine is the only writer of a voucher's status and its history.
  if (from !== STATE_MACHINE) {
    const setsStatus = [...text.matchAll(/\.update\(\s*vouchers\s*\)\s*\.set\(\s*\{([^}]*)\}/g)].some((w) =>
      /\bstatus\s*:/.test(w[1]),
    );
    const setsStatusInSql = [...text.matchAll(/sql`([^`]*)`/g)].some((q) =>
      /\bupdate\s+"?vouchers"?(\s+\w+)?\s+set\b[^;]*?\bstatus\s*=/i.test(q[1]),
    );
    if (setsStatus || setsStatusInSql)
      problems.push(`${from}: a voucher's status set outside ${STATE_MACHINE} (move it with moveVoucher)`);
    if (/\.insert\(\s*voucherStatusChanges\s*\)|insert\s+into\s+"?voucher_status_changes/i.test(text))
      problems.push(`${from}: voucher status history written outside ${STATE_MACHINE}`);
  }
  const allowed = new Set(listedReads[from] ?? []);
  for (const listed of allowed)
    if (!reads.has(listed))
      problems.push(`${from}: no longer reads ${listed} (take it off scripts/walls/cross-service-reads.mjs)`);
  for (const read of reads) {
    const [owner, name] = [read.replace(/[^/]+$/, ''), read.replace(/^.*\//, '')];
    if (!allowed.has(read))
      problems.push(
        `${from}: reads ${name} of ${owner} (ask ${owner}index.ts, or list the read in scripts/walls/cross-service-reads.mjs)`,
      );
  }
  return problems;
}
