/**
 * The sandbox's own database client (docs/decisions/035-sandbox-as-its-own-app.md): an embedded
 * PGlite in a folder of its own by default, or a PostgreSQL server (SANDBOX_DATABASE_URL; it may be
 * the shop's server, since every sandbox table lives in the `sandbox` schema). Its migrations are
 * its own (./migrations, made by `npm run sandbox:db:generate`) and record themselves in
 * `sandbox.__drizzle_migrations`, so they never mix with the shop's.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The handle every sandbox function takes (PGlite's speaks the same SQL through the same builder). */
export type SandboxDb = NodePgDatabase<typeof schema>;

/** A transaction on it. */
export type SandboxTx = Parameters<Parameters<SandboxDb['transaction']>[0]>[0];

export interface SandboxDatabase {
  db: SandboxDb;
  /** Where the data lives, safe to print: a folder, or host:port/database without credentials. */
  where: string;
  /** Runs the sandbox's migrations (creating the `sandbox` schema on a fresh database). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Where the migrations are and where they are recorded: inside the sandbox's own schema. */
export const SANDBOX_MIGRATIONS = {
  migrationsFolder: fileURLToPath(new URL('./migrations', import.meta.url)),
  migrationsSchema: 'sandbox',
  migrationsTable: '__drizzle_migrations',
} as const;

/** A PostgreSQL server the sandbox was told to use cannot be reached; says where, never the password. */
export class SandboxDatabaseUnreachable extends Error {
  constructor(where: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message.replace(/postgres(ql)?:\/\/\S*/g, '[url]') : String(cause);
    super(`The payment sandbox cannot reach the PostgreSQL server at ${where} (SANDBOX_DATABASE_URL): ${reason}`);
    this.name = 'SandboxDatabaseUnreachable';
  }
}

function serverOf(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname}:${port || '5432'}${pathname}`;
  } catch {
    return 'an unparseable SANDBOX_DATABASE_URL';
  }
}

/**
 * The sandbox's tables on a client someone else opened: the test's own PGlite or pool, so a test
 * hosts the sandbox beside the shop on one database (each in its own schema). Closing it leaves the
 * client open: its owner closes it.
 */
export function sandboxDatabaseOn(client: PGlite | pg.Pool, where = 'a shared client'): SandboxDatabase {
  if (client instanceof PGlite) {
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as SandboxDb,
      where,
      migrate: () => migratePglite(db as PgliteDatabase<typeof schema>, SANDBOX_MIGRATIONS),
      close: async () => {},
    };
  }
  const db = drizzlePg({ client, schema });
  return { db, where, migrate: () => migratePg(db, SANDBOX_MIGRATIONS), close: async () => {} };
}

/** Opens the sandbox's database: the server at `url` when given, else PGlite in `dataDir`. */
export async function openSandboxDatabase(options: { url?: string; dataDir: string }): Promise<SandboxDatabase> {
  if (options.url) {
    const where = serverOf(options.url);
    const pool = new pg.Pool({ connectionString: options.url, max: 5, connectionTimeoutMillis: 5000 });
    // An idle client's error (a server restart) must not stop the process; the next query reconnects.
    pool.on('error', () => {});
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end().catch(() => {});
      throw new SandboxDatabaseUnreachable(where, error);
    }
    return { ...sandboxDatabaseOn(pool, where), close: () => pool.end() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(options.dataDir);
  await client.waitReady;
  return { ...sandboxDatabaseOn(client, options.dataDir), close: () => client.close() };
}
