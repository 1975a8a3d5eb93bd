/**
 * The engines integration tests run on: embedded PGlite always, and a PostgreSQL server when
 * TEST_DATABASE_URL is set. Each PostgreSQL run gets a database of its own, dropped afterwards,
 * so parallel runs never collide.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';

export interface Engine {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database. */
  open(): Promise<Database>;
}

const pglite: Engine = {
  name: 'pglite',
  async open() {
    const database = await openDatabase({ dataDir: 'memory', url: '' });
    await database.migrate();
    return database;
  },
};

function postgres(serverUrl: string): Engine {
  return {
    name: 'postgres',
    async open() {
      const name = `tuppence_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString() });
      await database.migrate();
      return {
        ...database,
        async close() {
          await database.close();
          const cleanup = new pg.Client({ connectionString: serverUrl });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name} with (force)`);
          await cleanup.end();
        },
      };
    },
  };
}

/** Every engine this run tests against. */
export const engines: Engine[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
