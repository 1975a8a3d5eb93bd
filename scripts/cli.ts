/**
 * Shared bits of the database scripts: read the shop's configuration, open the database, report
 * failures without leaking credentials. Every script is an entry point, so this loads the shop's
 * subscribers first: an order, refund or account deletion a script causes gets its follow-ups
 * (docs/decisions/037); and the configuration is read before any work, so a bad value stops the
 * script with the fields at fault (docs/decisions/039).
 */
import { ConfigError, serverConfig } from '@/server/config';
import { type Database, DatabaseUnreachable, openDatabase } from '@/server/db';
import { eventsSettled } from '@/server/events';
import { loadSubscribers } from '@/server/subscribers';

loadSubscribers();

/** Runs `work` against the configured database, closing it after; exits non-zero with a clear message on failure. */
export async function withDatabase(work: (database: Database) => Promise<void>): Promise<void> {
  let database: Database | undefined;
  try {
    serverConfig();
    database = await openDatabase();
    await work(database);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n✖ ${error.message}\n`);
    } else if (error instanceof DatabaseUnreachable) {
      console.error(`\n✖ ${error.message}\n  Check DATABASE_URL, or unset it to use the embedded database.\n`);
    } else {
      console.error('\n✖', error instanceof Error ? (error.stack ?? error.message) : error);
    }
    process.exitCode = 1;
  } finally {
    // What the script's orders set off runs after their answers (docs/decisions/063): let it finish
    // before the database closes under it.
    await eventsSettled();
    await database?.close().catch(() => {});
  }
}

/** `--name value` or `--name=value` from argv. */
export function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === `--${name}`) return args[i + 1];
    if (arg?.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

export function hasFlag(name: string): boolean {
  return process.argv.slice(2).includes(`--${name}`);
}
