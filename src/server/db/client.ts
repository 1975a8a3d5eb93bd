/**
 * Opens the database: embedded PGlite by default, a PostgreSQL server when DATABASE_URL is set.
 * Both speak the same SQL and run the same migrations, so callers only ever see `Db`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { QueryWithTypings, SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverConfig } from '@/server/config';
import * as schema from './schema';

/** The one database handle type every service takes. */
export type Db = NodePgDatabase<typeof schema>;

/** An open transaction on `Db`: what a service takes when its writes join the caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A handle or an open transaction: reads and writes that work either way. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Where the data lives, safe to print: a folder, or host:port/database without credentials. */
  where: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A postgres:// URL ('' for none); when absent, DATABASE_URL, and without that the embedded engine. */
  url?: string;
  /** PGlite data folder; 'memory' keeps everything in memory (tests). */
  dataDir?: string;
  /** Override for tests; defaults to the committed migrations beside this file. */
  migrationsFolder?: string;
  /** Tests: start an in-memory PGlite from a dumped data folder (PGlite's dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
  /** Told of every statement the handle sends (its SQL): the purchase bench counts round trips per order. */
  onQuery?: (query: string) => void;
}

/** Raised when a DATABASE_URL server cannot be reached; the message names the host, never the password. */
export class DatabaseUnreachable extends Error {
  constructor(
    readonly where: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message.replace(/postgres(ql)?:\/\/[^\s]*/g, '[url]') : String(cause);
    super(`Cannot reach the PostgreSQL server at ${where} (from DATABASE_URL): ${reason}`);
    this.name = 'DatabaseUnreachable';
  }
}

/** MIGRATIONS_DIR, else the committed SQL migrations beside this file (scripts run from source, so this resolves). */
function defaultMigrationsFolder(): string {
  return serverConfig().database.migrationsDir ?? fileURLToPath(new URL('./migrations', import.meta.url));
}

/** host:port/database of a connection URL, with user and password left out. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'an unparseable DATABASE_URL';
  }
}

/**
 * Whether statements sent together on `db` run at the same time: true for a PostgreSQL server's pool
 * (each takes a connection of its own, so a backend process each), false for embedded PGlite, which
 * runs one statement at a time in this process. Search splits its work across statements only when
 * they overlap (docs/decisions/066).
 */
export function runsStatementsConcurrently(db: Db): boolean {
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

/** PGLITE_DIR: where the embedded database keeps its data. */
export function defaultDataDir(): string {
  return serverConfig().database.pgliteDir;
}

/** Opens (and for PostgreSQL, checks the reachability of) the database. */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const url = options.url ?? serverConfig().database.url;
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (url) return openPostgres(url, options.migrationsFolder ?? defaultMigrationsFolder(), logger);
  return openPglite(
    options.dataDir ?? defaultDataDir(),
    options.migrationsFolder ?? defaultMigrationsFolder(),
    options.loadDataDir,
    logger,
  );
}

/** A drizzle logger: told of each statement's SQL. */
type QueryLogger = { logQuery: (query: string) => void } | undefined;

/**
 * Named statements on the hot path (docs/decisions/075). A statement PostgreSQL receives unnamed is
 * parsed, analysed and planned every time; the order path's statements cost more to plan than to run
 * (the basket's priced lines, a join of eight tables, about 2 ms of the backend's CPU to plan and well
 * under 0.1 ms to run). Statements sent inside `withPreparedStatements` are given a name derived from
 * their text once seen a few times, so each pool connection parses them once and PostgreSQL reuses the
 * plan (its generic plan, once it has found one no worse than the custom ones). Only code that asks
 * for it gets named statements: search and the pages keep PostgreSQL's planning for each value.
 */
const preparing = new AsyncLocalStorage<true>();

/**
 * Runs `work` with the statements it sends kept prepared: per connection on a PostgreSQL server, and
 * with SQL `PREPARE`/`EXECUTE` on PGlite (docs/decisions/082).
 */
export function withPreparedStatements<T>(work: () => Promise<T>): Promise<T> {
  return preparing.run(true, work);
}

/**
 * A drizzle query built once per database handle instead of on every call (docs/decisions/078, 087).
 * Drizzle turns a query builder into SQL text and parameters each time it runs it; for the order
 * path's basket read (a join of eight tables, 60 columns) that was about 1 ms of this process's CPU,
 * twice an order. `build` makes the query with `sql.placeholder`s and `.prepare(UNNAMED)`; the answer
 * runs it with the values of the call (`.execute({ ... })`).
 *
 * A drizzle prepared query sends through the session it was made on: its driver client (the pool, a
 * pooled connection, a PGlite transaction), its logger and its cache. The first query built on a
 * handle is the pattern for every session of that handle (drizzle hands the handle's options to each
 * session it opens, transactions included); each other session gets a copy that sends through its own
 * client, logger and cache: the same text, parameters and row mapping, nothing built again. Copies are
 * kept weakly per client, so a connection the pool drops takes its copy with it, and a PGlite
 * transaction, whose client lasts as long as it does, gets its copy when it first asks (before 087,
 * its queries were built each time). A process with several handles (tests, the bench) keeps a pattern
 * for each, so a query never crosses to another database's driver or statement log.
 */
export function builtOnce<Built extends object>(build: (db: DbOrTx) => Built): (db: DbOrTx) => Built {
  const patterns = new WeakMap<object, Built>();
  const bound = new WeakMap<object, Built>();
  return (db) => {
    const session = sessionOf(db);
    let query = bound.get(session.client);
    if (query === undefined) {
      let pattern = patterns.get(session.options);
      if (pattern === undefined) {
        pattern = build(db);
        patterns.set(session.options, pattern);
      }
      query = sendingThrough(pattern, session);
      bound.set(session.client, query);
    }
    return query;
  };
}

/** A copy of the drizzle prepared query `query` that sends through `session` (drizzle's own fields). */
function sendingThrough<Built extends object>(query: Built, session: DriverSession): Built {
  const own = query as { client?: object; logger?: unknown; cache?: unknown };
  if (own.client === session.client) return query;
  if (own.client === undefined) throw new Error('builtOnce: the query built keeps no driver client to replace');
  return Object.assign(Object.create(Object.getPrototypeOf(query)) as Built, query, {
    client: session.client,
    logger: session.logger,
    cache: session.cache,
  });
}

/**
 * A statement of fixed text written with drizzle's `sql` (not a query builder), turned into SQL text
 * and parameters once per process instead of on every call (docs/decisions/080). `statement` gives
 * every value as a `sql.placeholder`; the answer runs it on a handle or transaction with the call's
 * values and answers its rows. Drizzle's `db.execute(sql…)` builds the text again on every call: for
 * the order's statement (the order, its lines, the payment's link and the vouchers, about 45
 * parameters) that cost about 0.15 ms of this process's CPU an order. The text is sent unnamed, so
 * `withPreparedStatements` decides whether it is kept prepared, as for every other statement.
 */
export function fixedStatement<Row>(statement: SQL): (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]> {
  let built: QueryWithTypings | undefined;
  return async (db, values) => {
    const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
    built ??= dialect.sqlToQuery(statement);
    const result = (await session.prepareQuery(built, undefined, UNNAMED, false).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

/**
 * What to pass to drizzle's `.prepare(name)` in `builtOnce`: no name of its own, so a statement is
 * named (or not) by `withPreparedStatements`, as every other statement is (docs/decisions/075).
 */
export const UNNAMED = undefined as unknown as string;

/**
 * What a handle's drizzle session sends through: the driver's client (the pool, a pooled connection,
 * PGlite or a PGlite transaction), its statement logger and cache, and the options of the handle it
 * belongs to (shared by the handle's transactions).
 */
interface DriverSession {
  client: object;
  logger: unknown;
  cache: unknown;
  options: object;
}

function sessionOf(db: DbOrTx): DriverSession {
  return db._.session as unknown as DriverSession;
}

/** Seen this many times inside `withPreparedStatements`, a statement's text gets a name. */
const NAME_AFTER = 2;
/** At most this many texts are named per process (each is prepared on every pool connection that runs it). */
const MOST_NAMED = 400;
/** Texts counted but not yet named; forgotten when this many pile up (one-off texts: batches of varying size). */
const MOST_COUNTED = 4000;
const names = new Map<string, string>();
const sightings = new Map<string, number>();
/** Set on a query's config once the pool has decided its name, so the client does not decide again. */
const DECIDED = Symbol('tuppence.statementNamed');

type QueryConfigLike = { text?: unknown; name?: unknown; [DECIDED]?: true };

function nameFor(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MOST_NAMED) return known;
  const seen = (sightings.get(text) ?? 0) + 1;
  if (seen < NAME_AFTER) {
    if (sightings.size >= MOST_COUNTED) sightings.clear();
    sightings.set(text, seen);
    return undefined;
  }
  sightings.delete(text);
  const name = `tp${names.size.toString(36)}`;
  names.set(text, name);
  return name;
}

/** The query config as sent: named when asked for and hot, marked as decided either way. */
function decideName<T>(config: T): T {
  if (typeof config !== 'object' || config === null) return config;
  const query = config as QueryConfigLike;
  if (query[DECIDED] === true || typeof query.text !== 'string' || query.name) return config;
  const name = preparing.getStore() === true ? nameFor(query.text) : undefined;
  return { ...query, ...(name === undefined ? {} : { name }), [DECIDED]: true } as T;
}

/**
 * The pool and its clients name statements where the caller's code runs: `pool.query` decides before
 * waiting for a connection (the callback that hands it one runs in whichever request released it),
 * and a checked-out client (a transaction) decides on each of its own queries.
 */
class NamingClient extends pg.Client {
  override query(...args: unknown[]): never {
    args[0] = decideName(args[0]);
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

class NamingPool extends pg.Pool {
  override query(...args: unknown[]): never {
    args[0] = decideName(args[0]);
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

async function openPostgres(url: string, folder: string, logger: QueryLogger): Promise<Database> {
  const where = describeUrl(url);
  const pool = new NamingPool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000, Client: NamingClient });
  // An idle client error must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor one of a client checked out (a transaction open) when its backend goes (a restart, a
  // failover, pg_terminate_backend): the query it ran fails and is answered as such; the pool drops
  // the broken client when it is released (docs/decisions/032, the reliability run's faults rows).
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnreachable(where, error);
  }
  const db = drizzlePg({ client: pool, schema, logger });
  return {
    db,
    engine: 'postgres',
    where,
    migrate: () => migratePg(db, { migrationsFolder: folder }),
    close: () => pool.end(),
  };
}

async function openPglite(
  dataDir: string,
  folder: string,
  loadDataDir: Blob | undefined,
  logger: QueryLogger,
): Promise<Database> {
  const inMemory = dataDir === 'memory';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // pg_trgm: search's typo tolerance (migration 0001 creates the extension).
  const extensions = { pg_trgm };
  const client = inMemory ? new PGlite({ extensions, loadDataDir }) : new PGlite(dataDir, { extensions, loadDataDir });
  await client.waitReady;
  keepStatementsPrepared(client);
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    where: inMemory ? 'memory' : dataDir,
    migrate: () => migratePglite(db as never, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/**
 * PGlite's side of `withPreparedStatements` (docs/decisions/082). Drizzle's PGlite driver cannot name a
 * statement, and PGlite parses, analyses and plans every statement it is sent: on the order path that
 * was most of the engine's time (the basket's priced lines, a join of eight tables, twice an order).
 * Inside `withPreparedStatements`, a statement whose text has been seen twice is prepared once on this
 * PGlite with SQL `PREPARE` (PostgreSQL infers the parameters' types from the text, as it does for the
 * driver's unnamed statement) and then run as `EXECUTE name(values)`, its values written as quoted
 * literals, through PGlite's simple query path (one message, not the six of a query with parameters).
 * Rows come back as the driver asked for them (objects or arrays, its parsers). A text PostgreSQL will
 * not prepare (no inferable type for a parameter; not a select, insert, update, delete or values) is
 * remembered and sent as before; a call whose values cannot be written as literals (arrays, objects)
 * is sent as before. Prepared statements belong to the engine's session, so they are kept per PGlite
 * and outlive transactions; a `PREPARE` inside a transaction runs under a savepoint, so one it refuses
 * leaves the transaction usable.
 */
function keepStatementsPrepared(client: PGlite): void {
  keepDriverTextTypes(client);
  /** Per text: how it is prepared on this PGlite (or being prepared), or false when it cannot be. */
  const prepared = new Map<string, PreparedText | PreparingText>();
  const sending = (send: PgliteSender) => (text: string, params?: unknown[], options?: PgliteQueryOptions) =>
    sendPrepared(send, prepared, text, params, parsersLeftToEngine(client, options));
  client.query = sending({
    query: client.query.bind(client),
    exec: client.exec.bind(client),
    inTransaction: false,
  }) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: PgliteTransaction) => Promise<unknown>) =>
    transaction((tx) => {
      tx.query = sending({
        query: tx.query.bind(tx),
        exec: tx.exec.bind(tx),
        inTransaction: true,
      }) as PgliteTransaction['query'];
      return work(tx);
    })) as PGlite['transaction'];
}

/**
 * The types drizzle's PGlite driver reads as the engine's text (dates, times and intervals, and arrays of
 * numerics, timestamps, intervals and dates): it hands PGlite these parsers with every statement, and
 * PGlite then copies its own 318 parsers into a new object to merge them in, about 0.17 ms a statement
 * (docs/decisions/082). The engine is given them once instead, and a statement's own parsers are left
 * out when they are exactly these.
 */
const DRIVER_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const keepText = (value: string): string => value;

function keepDriverTextTypes(client: PGlite): void {
  for (const type of DRIVER_TEXT_TYPES) client.parsers[type] = keepText;
}

/** The options with their parsers left out when the engine applies the same ones (each keeps the text). */
function parsersLeftToEngine(client: PGlite, options: PgliteQueryOptions): PgliteQueryOptions {
  const parsers = options?.parsers;
  if (parsers === undefined) return options;
  for (const key of Object.keys(parsers)) {
    const own = parsers[key as unknown as number];
    // The engine keeps the text for this type only where keepDriverTextTypes set it (and nothing since).
    if (client.parsers[key] !== keepText || own?.('probe') !== 'probe') {
      return options;
    }
  }
  const { parsers: _left, ...rest } = options ?? {};
  return rest;
}

type PgliteTransaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];
type PgliteQueryOptions = Parameters<PGlite['query']>[2];
type PgliteResults = Awaited<ReturnType<PGlite['query']>>;

interface PgliteSender {
  query: (text: string, params?: unknown[], options?: PgliteQueryOptions) => Promise<PgliteResults>;
  exec: (text: string, options?: PgliteQueryOptions) => Promise<PgliteResults[]>;
  inTransaction: boolean;
}

/** Statements PostgreSQL's PREPARE takes. */
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;

/** How a text is kept on one PGlite: its name and which parameters it casts to an array type, or false when it cannot be prepared. */
type PreparedText = { name: string; arrays: ReadonlySet<number> } | false;
/**
 * A PREPARE under way: what it gave, or undefined when that is not known (asked again next time), and
 * the sender (the PGlite, or one transaction of it) it was sent through.
 */
type PreparingText = { made: Promise<PreparedText | undefined>; by: PgliteSender };

async function sendPrepared(
  send: PgliteSender,
  prepared: Map<string, PreparedText | PreparingText>,
  text: string,
  params: unknown[] = [],
  options?: PgliteQueryOptions,
): Promise<PgliteResults> {
  if (preparing.getStore() !== true) return send.query(text, params, options);
  let entry = prepared.get(text);
  if (entry === undefined) {
    const candidate = PREPARABLE.test(text) ? nameFor(text) : undefined;
    if (candidate === undefined) return send.query(text, params, options);
    // Concurrent callers of the same text wait for this one PREPARE instead of sending their own.
    const making = prepareOn(send, candidate, text).then((outcome): PreparedText | undefined => {
      if (outcome === 'unknown') return undefined;
      return outcome === 'prepared' ? { name: candidate, arrays: arrayParameters(text) } : false;
    });
    prepared.set(text, { made: making, by: send });
    const made = await making;
    // Not known (a failed transaction): asked again next time.
    if (made === undefined) {
      prepared.delete(text);
      return send.query(text, params, options);
    }
    entry = made;
    prepared.set(text, entry);
  } else if (isPreparing(entry)) {
    // A transaction holds the PGlite until it ends, so a PREPARE sent through anything else waits for
    // it: a caller inside a transaction that waited for such a PREPARE would wait for itself. It sends
    // its statement as before instead.
    if (send.inTransaction && entry.by !== send) return send.query(text, params, options);
    const made = await entry.made;
    if (made === undefined) return send.query(text, params, options);
    entry = made;
  }
  const values = entry === false ? null : literalsOf(params, entry.arrays);
  if (entry === false || values === null) return send.query(text, params, options);
  const [results] = await send.exec(`execute ${entry.name}${values === '' ? '' : `(${values})`}`, options);
  if (results === undefined) throw new Error(`execute ${entry.name} returned no result`);
  return results;
}

function isPreparing(entry: PreparedText | PreparingText): entry is PreparingText {
  return entry !== false && 'made' in entry;
}

/** The parameters the text casts to an array type (`$3::int[]`): only those may take a list of values. */
function arrayParameters(text: string): ReadonlySet<number> {
  return new Set([...text.matchAll(/\$(\d+)::[\w." ]+\[\]/g)].map((match) => Number(match[1]) - 1));
}

/**
 * Prepares `text` as `name`: 'prepared', 'refused' (PostgreSQL will not prepare it; the transaction, if
 * any, is left as it was), or 'unknown' when the transaction could not take a savepoint (it has failed
 * already; its own statement will say so).
 */
async function prepareOn(send: PgliteSender, name: string, text: string): Promise<'prepared' | 'refused' | 'unknown'> {
  const statement = `prepare ${name} as ${text}`;
  if (!send.inTransaction) {
    try {
      await send.exec(statement);
      return 'prepared';
    } catch {
      return 'refused';
    }
  }
  try {
    await send.exec('savepoint tuppence_prepare');
  } catch {
    return 'unknown';
  }
  try {
    await send.exec(statement);
    await send.exec('release savepoint tuppence_prepare');
    return 'prepared';
  } catch {
    await send.exec('rollback to savepoint tuppence_prepare; release savepoint tuppence_prepare').catch(() => {});
    return 'refused';
  }
}

/**
 * The values as a list of SQL literals for `EXECUTE`, or null when one cannot be written as one. Each is
 * a quoted string (an untyped literal PostgreSQL converts to the prepared parameter's type, as the
 * driver's text parameters are) or NULL; strings double their quotes (standard_conforming_strings is
 * on, so backslashes are plain characters). A list is written as an array literal only for a
 * parameter the statement casts to an array type (`arrays`): elsewhere (a json value, say) PGlite's
 * own serialiser would write it differently, so the call is sent as before.
 */
function literalsOf(params: readonly unknown[], arrays: ReadonlySet<number>): string | null {
  const literals: string[] = [];
  for (const [index, value] of params.entries()) {
    if (value === null || value === undefined) {
      literals.push('null');
      continue;
    }
    const text = Array.isArray(value) ? (arrays.has(index) ? arrayText(value) : null) : scalarText(value);
    if (text === null) return null;
    literals.push(`'${text.replaceAll("'", "''")}'`);
  }
  return literals.join(', ');
}

/** A value's text as PostgreSQL reads it, or null for one that is not a plain scalar. */
function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.toISOString() : null;
  return null;
}

/** A one-dimensional array literal (`{"a","b",NULL}`), each element quoted with `"` and `\` escaped; null for nested or odd values. */
function arrayText(values: readonly unknown[]): string | null {
  const elements: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined) {
      elements.push('NULL');
      continue;
    }
    const text = scalarText(value);
    if (text === null) return null;
    elements.push(`"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`);
  }
  return `{${elements.join(',')}}`;
}
