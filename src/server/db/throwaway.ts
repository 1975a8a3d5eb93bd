/**
 * A PostgreSQL database of its own on a server, dropped on close: integration tests and the
 * purchase bench use one each, so runs never collide with each other or with real data.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from './client';

/** Creates `<prefix>_<random>` on the server of `serverUrl` and opens it (not yet migrated). */
export async function openThrowawayDatabase(serverUrl: string, prefix: string): Promise<Database> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
