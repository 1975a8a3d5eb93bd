/**
 * Vitest global setup (docs/decisions/034-faster-test-run.md): migrate one embedded database once per
 * run and dump its data folder to a temp file; each test file then starts its PGlite from that dump
 * (databases.ts) instead of running initdb and every migration again. The payment sandbox's own
 * migrations run on it too, so a test hosts the sandbox on its database, in the `sandbox` schema
 * (docs/decisions/035-sandbox-as-its-own-app.md).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { sandboxDatabaseOn } from '../../../sandbox/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated, empty PGlite data folder. */
    migratedPgliteDump: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'tuppence-vitest-'));
  const client = new PGlite({ extensions: { pg_trgm } });
  await migrate(drizzle({ client }), {
    migrationsFolder: process.env.MIGRATIONS_DIR ?? path.join(root, 'src/server/db/migrations'),
  });
  await sandboxDatabaseOn(client).migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteDump', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
