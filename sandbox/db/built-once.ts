/**
 * The sale's statements built once per database client instead of on every sale (the shop's
 * docs/decisions/078 and 080 do the same for its order; the sandbox keeps its own small copy, being an
 * app of its own: docs/decisions/035). Drizzle turns a query builder into SQL text on every call; a
 * query made once with `sql.placeholder`s and `.prepare(name)` is run with each call's values. The
 * name makes PostgreSQL parse and plan it once per connection (PGlite ignores it).
 *
 * A drizzle prepared query runs on the client it was made on: one is kept per client (the pool, each
 * pooled connection, which outlive their transactions; a PGlite transaction's own client, so there
 * it is built each time), weakly, so a connection the pool drops takes its queries with it.
 */
import type { SandboxDb, SandboxTx } from './client';

export function builtOnce<Built>(build: (db: SandboxDb | SandboxTx) => Built): (db: SandboxDb | SandboxTx) => Built {
  const built = new WeakMap<object, Built>();
  return (db) => {
    const client = (db._.session as unknown as { client: object }).client;
    let query = built.get(client);
    if (query === undefined) {
      query = build(db);
      built.set(client, query);
    }
    return query;
  };
}
