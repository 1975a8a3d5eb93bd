#!/usr/bin/env node
/**
 * Starts the site for the end-to-end tests on a fresh embedded database of its own (removed on exit),
 * and the payment sandbox beside it (scripts/start.mjs) on E2E_SANDBOX_PORT, with a database of its own
 * in the same folder (docs/decisions/035-sandbox-as-its-own-app.md).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STAND_IN_CLIENT } from '../src/contracts/identity-provider.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'tuppence-e2e-'));
process.env.PGLITE_DIR = path.join(dir, 'pglite');
// npm test seeds a database beside the type check (scripts/e2e-prepare.mjs, docs/decisions/034); a copy
// of it spares this server the seeding. Without one, start.mjs seeds as before.
const prepared = process.env.E2E_PREPARED_PGLITE;
if (prepared && existsSync(path.join(prepared, 'PG_VERSION'))) {
  cpSync(prepared, process.env.PGLITE_DIR, { recursive: true });
  console.log('✔ Copied the database npm test seeded for this run');
}
// The cache e2e test changes a deal through the operator endpoint.
process.env.OPERATOR_TOKEN ??= 'e2e-operator-token';
delete process.env.DATABASE_URL;
// The sandbox: its own port beside the shop's (away from a developer's npm start on 4322 and the
// reliability run's ports), its own fresh database. The browser reaches both on 127.0.0.1.
// The rest of its settings start.mjs derives from the shop's, as for npm start.
process.env.SANDBOX_PORT = process.env.E2E_SANDBOX_PORT || '4395';
process.env.SANDBOX_PGLITE_DIR = path.join(dir, 'sandbox-pglite');
process.env.PAYMENTS_GATEWAY_SECRET_FILE = path.join(dir, 'payments-gateway.secret');
for (const derived of [
  'SANDBOX_DATABASE_URL',
  'SANDBOX_HOST',
  'SANDBOX_PUBLIC_URL',
  'SANDBOX_SHOP_ORIGINS',
  'PAYMENTS_GATEWAY_URL',
  'PAYMENTS_GATEWAY_SERVER_URL',
]) {
  delete process.env[derived];
}
// Accounts: sessions and mail (.eml files) live in the run's temp folder too; the tests
// read the mail back through the dev mailbox, which is switched on for this server.
process.env.SESSION_DIR ??= path.join(dir, 'sessions');
process.env.MAIL_DIR ??= path.join(dir, 'mail');
process.env.DEV_MAILBOX ??= 'true';
// Links and canonicals are built from SITE_URL, never the request's Host, so it names the server the
// tests talk to; ?clock= previews themes in this production build (brands.spec.ts), as THEME_PREVIEW allows.
process.env.SITE_URL ??= `http://127.0.0.1:${process.env.PORT ?? 4321}`;
process.env.THEME_PREVIEW ??= 'true';
// A tag manager is configured, so the consent stories can see it load only with marketing consent
// (docs/decisions/025; the browser never reaches it: the stories answer it themselves).
process.env.TAG_MANAGER_URL ??= 'https://tags.example.test/gtm.js';
// Google Pay is offered, so the wallet stories (payments-wallets, payment-eligibility, payments.mobile)
// can pay with it on a browser that plays Google Pay's part (tests/e2e/device-wallets.ts, decision 016).
process.env.FEATURE_GOOGLE_PAY ??= 'true';
// Sign in with Google against the sandbox's identity-provider stand-in (decision 055): a production
// build offers it only with a client configured, here the stand-in's own. No one-tap script is set, so
// no page loads one (social-login.spec.ts).
process.env.GOOGLE_CLIENT_ID ??= STAND_IN_CLIENT.id;
process.env.GOOGLE_CLIENT_SECRET ??= STAND_IN_CLIENT.secret;
const cleanup = () => rmSync(dir, { recursive: true, force: true });
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
await import('./start.mjs');
