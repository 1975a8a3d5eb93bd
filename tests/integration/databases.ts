/**
 * The engines integration tests run on. Embedded PGlite always: each test file gets a copy of one
 * database migrated once per run (support/prepared-database.ts), so no file pays for initdb and
 * the migrations again. A PostgreSQL server too when TEST_DATABASE_URL is set, but only for the
 * files whose SQL behaves differently there (decision 034): each PostgreSQL run gets a database of
 * its own, dropped afterwards, so parallel runs never collide.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { migrateSandbox } from '../fixtures/sandbox-database';
import { openThrowawayDatabase } from '../fixtures/throwaway-database';

export interface Engine {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database. */
  open(): Promise<Database>;
}

let migratedDump: Blob | undefined;

/** The migrated database the global setup dumped; read once per test file. */
function migratedPgliteDump(): Blob | undefined {
  const file = inject('migratedPgliteDump');
  if (!file) return undefined;
  migratedDump ??= new Blob([readFileSync(file)]);
  return migratedDump;
}

/**
 * Starting an embedded database costs about a second of CPU, so a worker keeps the ones its files
 * have closed and hands them to the next file emptied: every table truncated (the payment sandbox's
 * too) and every identity restarted, which is the migrated database the dump holds (the migrations
 * insert no rows; their own records are kept). A database that cannot be emptied (a file left it
 * broken) is closed for good instead (docs/decisions/034-faster-test-run.md).
 */
const spare: Database[] = [];

/** Empties a database back to its migrated state; false when it could not be. */
async function emptied(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`do $$
      declare tables text;
      begin
        select string_agg(format('%I.%I', schemaname, tablename), ', ') into tables
          from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')
           and tablename <> '__drizzle_migrations';
        if tables is not null then execute 'truncate ' || tables || ' restart identity cascade'; end if;
      end $$`);
    return true;
  } catch {
    return false;
  }
}

/** The shop's migrations and the payment sandbox's, on one database (each in its own schema). */
async function migrateBoth(database: Database): Promise<void> {
  await database.migrate();
  await migrateSandbox(database.db);
}

async function openFreshPglite(): Promise<Database> {
  const loadDataDir = migratedPgliteDump();
  const database = await openDatabase({ dataDir: 'memory', url: '', loadDataDir });
  // Without the global setup (a config that leaves it out), migrate here as before.
  if (!loadDataDir) await migrateBoth(database);
  return database;
}

const pglite: Engine = {
  name: 'pglite',
  async open() {
    let database: Database | undefined;
    while (!database) {
      const reused = spare.pop();
      if (!reused) database = await openFreshPglite();
      // Emptied when taken, not when put back: nothing a closed file still had running lands here.
      else if (await emptied(reused)) database = reused;
      else await reused.close().catch(() => {});
    }
    const inner = database;
    let closed = false;
    return {
      ...inner,
      async close() {
        if (closed) return;
        closed = true;
        spare.push(inner);
      },
    };
  },
};

/** A migrated embedded database in a folder of its own (for a child process to open too). */
export async function openEmbeddedIn(dataDir: string): Promise<Database> {
  const loadDataDir = migratedPgliteDump();
  const database = await openDatabase({ dataDir, url: '', loadDataDir });
  if (!loadDataDir) await migrateBoth(database);
  return database;
}

function postgres(serverUrl: string): Engine {
  return {
    name: 'postgres',
    async open() {
      const database = await openThrowawayDatabase(serverUrl, `tuppence_test_${process.pid}`);
      await migrateBoth(database);
      return database;
    },
  };
}

/**
 * Embedded PGlite only: for tests whose SQL runs the same on every engine (most of them: the
 * service logic, endpoints and pages over ordinary queries).
 */
export const embedded: Engine[] = [pglite];

/**
 * PGlite and, when TEST_DATABASE_URL is set, PostgreSQL: for tests where the engines really differ,
 * i.e. concurrency (row locks, unique races between connections; PGlite has one connection), crash
 * recovery, full-text and trigram search, and idempotency under concurrent submits.
 */
export const enginesWhereSqlDiffers: Engine[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
