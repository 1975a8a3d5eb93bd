/**
 * `npm run sandbox` (and `npm start`, beside the shop): the payment sandbox as a process of its own
 * (docs/decisions/035-sandbox-as-its-own-app.md). Reads its settings (./settings.ts), opens and
 * migrates its own database, makes the gateway key the shop reads when none is configured, and
 * serves ./app.ts on SANDBOX_HOST:SANDBOX_PORT. Prints SANDBOX_READY once it answers; exits 1 with
 * one clear line when it cannot start (a bad setting, an unreachable database, a port in use).
 * SIGINT or SIGTERM closes it.
 */
import { createSandboxApp } from './app';
import { openSandboxDatabase, type SandboxDatabase } from './db/client';
import { listen } from './listen';
import { SANDBOX_READY } from './ready.mjs';
import { readSandboxSettings } from './settings';

let database: SandboxDatabase | undefined;
try {
  const settings = readSandboxSettings();
  database = await openSandboxDatabase(settings.database);
  await database.migrate();
  const app = createSandboxApp({ db: database.db, site: settings });
  const served = await listen(app, settings.host, settings.port);
  const stop = async () => {
    await served.close().catch(() => {});
    await database?.close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(
    `${SANDBOX_READY} on http://${settings.host}:${settings.port}/ (pages at ${settings.publicUrl}, data in ${database.where})`,
  );
} catch (error) {
  await database?.close().catch(() => {});
  console.error(`✖ ${(error as Error).message}`);
  process.exit(1);
}
