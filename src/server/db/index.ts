/**
 * The server's one shared database, opened on first use.
 * Scripts and tests open their own with `openDatabase`.
 */
import { type Database, openDatabase } from './client';

export {
  builtOnce,
  type Database,
  DatabaseUnreachable,
  type Db,
  type DbOrTx,
  describeUrl,
  fixedStatement,
  type OpenOptions,
  openDatabase,
  runsStatementsConcurrently,
  type Tx,
  UNNAMED,
  withPreparedStatements,
} from './client';

let shared: Promise<Database> | undefined;
let provided: (() => Promise<Database>) | undefined;

/**
 * Puts the process on a database its caller opened (a test file's own), until called again with
 * nothing: getDb() then answers from `provider` instead of opening the configured database.
 */
export function provideDatabase(provider?: () => Promise<Database>): void {
  provided = provider;
}

/** The process-wide database handle. */
export function getDb(): Promise<Database> {
  if (provided) return provided();
  shared ??= openDatabase().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
export { orderSearchDocuments } from './search-documents';
export { refreshSearchTerms } from './search-terms';
