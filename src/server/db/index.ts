/**
 * The server's one shared database, opened on first use.
 * Scripts and tests open their own with `openDatabase`.
 */
import { type Database, openDatabase } from './client';

export { type Database, DatabaseUnreachable, type Db, describeUrl, openDatabase } from './client';
export * as schema from './schema';

let shared: Promise<Database> | undefined;

/** The process-wide database handle. */
export function getDb(): Promise<Database> {
  shared ??= openDatabase().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
export * from './schema';
export { refreshSearchTerms } from './search-terms';
