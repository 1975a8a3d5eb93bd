/**
 * What the sandbox's own tests share: a database from the repository's test engines (one embedded
 * PGlite per file, reused across files, the `sandbox` schema migrated beside the shop's; a PostgreSQL
 * server too where TEST_DATABASE_URL names one), on which the sandbox takes its own handle, and the
 * app on it, called in-process as its process serves it (../app.ts).
 */
import { afterAll, beforeAll } from 'vitest';
import { sandboxDb } from '../../tests/fixtures/sandbox-database';
import { type Engine, embedded, enginesWhereSqlDiffers } from '../../tests/integration/databases';
import { createSandboxApp } from '../app';
import type { SandboxDb } from '../db/client';
import type { SandboxSite } from '../settings';

export interface SandboxEngine {
  name: Engine['name'];
  open(): Promise<{ db: SandboxDb; close(): Promise<void> }>;
}

function onSandbox(engine: Engine): SandboxEngine {
  return {
    name: engine.name,
    async open() {
      const database = await engine.open();
      return { db: sandboxDb(database.db), close: () => database.close() };
    },
  };
}

/** Embedded PGlite only. */
export const sandboxEmbedded: SandboxEngine[] = embedded.map(onSandbox);

/** PGlite and, with TEST_DATABASE_URL, PostgreSQL: where concurrency (locks, races) differs. */
export const sandboxEnginesWhereSqlDiffers: SandboxEngine[] = enginesWhereSqlDiffers.map(onSandbox);

/** The shop the tests' sandbox serves, and where its pages are said to be. */
export const SHOP = 'http://shop.test';
export const SITE: SandboxSite = { publicUrl: 'http://sandbox.test', shopOrigins: [SHOP, 'http://127.0.0.1:4321'] };

/** Opens `engine`'s database for the enclosing describe block; the answer gives it while the block runs. */
export function databaseOf(engine: SandboxEngine): () => SandboxDb {
  let database: Awaited<ReturnType<SandboxEngine['open']>> | undefined;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database?.close();
    database = undefined;
  });
  return () => {
    if (!database) throw new Error('test database not open');
    return database.db;
  };
}

/** The app on `db`, with `env` for its switches (default the environment), answering requests to SITE's URL. */
export function appOn(db: () => SandboxDb, env?: NodeJS.ProcessEnv) {
  const handle = createSandboxApp({ db: async () => db(), env, site: SITE });
  return (path: string, init: RequestInit = {}) => handle(new Request(`${SITE.publicUrl}${path}`, init));
}

/** A JSON post from the shop's page in the shopper's browser (it names its origin). */
export function fromShop(body: unknown): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SHOP },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** A form post from the sandbox's own page. */
export function formPost(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE.publicUrl },
    body: new URLSearchParams(fields).toString(),
  };
}
