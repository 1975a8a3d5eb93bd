/**
 * Opens the database: embedded PGlite by default, a PostgreSQL server when DATABASE_URL is set.
 * Both speak the same SQL and run the same migrations, so callers only ever see `Db`.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
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

async function openPostgres(url: string, folder: string, logger: QueryLogger): Promise<Database> {
  const where = describeUrl(url);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
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
  const db = drizzlePglite({ client, schema, logger }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    where: inMemory ? 'memory' : dataDir,
    migrate: () => migratePglite(db as never, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}
