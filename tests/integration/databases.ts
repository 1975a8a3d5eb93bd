/**
 * The engines integration tests run on: embedded PGlite always, and a PostgreSQL server when
 * TEST_DATABASE_URL is set. Each PostgreSQL run gets a database of its own, dropped afterwards,
 * so parallel runs never collide.
 */
import { type Database, openDatabase } from '../../src/server/db/client';
import { openThrowawayDatabase } from '../fixtures/throwaway-database';

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
      const database = await openThrowawayDatabase(serverUrl, `tuppence_test_${process.pid}`);
      await database.migrate();
      return database;
    },
  };
}

/** Every engine this run tests against. */
export const engines: Engine[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
