/**
 * A test file puts the shop's getDb() on the embedded database it opened, for as long as the file
 * runs. No module is mocked, so the file can share its worker's module graph with others (decision 034).
 */
import { afterAll } from 'vitest';
import { type Database, provideDatabase } from '../../../src/server/db';

export function serveTestDatabase(holder: { database?: Database | null }): void {
  provideDatabase(async () => {
    if (!holder.database) throw new Error('test database not open');
    return holder.database;
  });
  afterAll(() => provideDatabase(undefined));
}
