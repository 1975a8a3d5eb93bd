/**
 * What the sandbox's own tests share: a database from the repository's test engines (one embedded
 * PGlite per file, reused across files, the `sandbox` schema migrated beside the shop's; a PostgreSQL
 * server too where TEST_DATABASE_URL names one), on which the sandbox takes its own handle, and the
 * app on it, called in-process as its process serves it (../app.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { GATEWAY_KEY, GATEWAY_PATHS } from '@/contracts/payment-gateway';
import { sandboxDb } from '../../tests/fixtures/sandbox-database';
import { type Engine, embedded, enginesWhereSqlDiffers } from '../../tests/integration/databases';
import { createSandboxApp } from '../app';
import type { SandboxDb } from '../db/client';
import { keptSecret } from '../kept-secret';
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

/** What a desktop browser reports for 3DS2's risk checks (src/contracts/three-d-secure.ts BrowserDataSchema). */
export const BROWSER = {
  language: 'en-GB',
  colorDepth: 24,
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: 0,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) sandbox tests',
};

type App = ReturnType<typeof appOn>;

/** The card form's tokenise call from the shop's page: a one-time nonce for a test card. */
export async function tokenisedNonce(app: App, number: string): Promise<string> {
  const response = await app('/bt/tokenize', fromShop({ number, expiryMonth: 12, expiryYear: 2031, cvv: '123' }));
  if (!response.ok) throw new Error(`tokenise answered ${response.status}`);
  return (await response.json()).nonce;
}

/** The checkout asking the issuer to authenticate a nonce for an amount (pence, GBP unless said). */
export function authenticate(
  app: App,
  nonce: string,
  amountMinor = 25_00,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  return app(
    '/3ds/authenticate',
    fromShop({ nonce, amountMinor, currency: 'GBP', browser: BROWSER, returnOrigin: SHOP, ...extra }),
  );
}

/** A server-to-server call with the gateway key, as the shop's server makes it. */
export function withGatewayKey(init: RequestInit = {}): RequestInit {
  return {
    ...init,
    headers: {
      authorization: `Bearer ${keptSecret(GATEWAY_KEY)}`,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  };
}

/** The issuer's soft decline of a sale it wanted authenticated (PAYMENTS.md "3-D Secure 2"). */
export const AUTHENTICATION_REQUIRED = {
  status: 'processor_declined',
  code: '2099',
  text: 'Cardholder Authentication Required',
};

/** The shop's server asking `app` for a sale (25.00 GBP unless said), with the gateway key. */
export function gatewaySale(app: ReturnType<typeof appOn>) {
  return async (body: Record<string, unknown>) => {
    const response = await app(
      `/gateway/${GATEWAY_PATHS.sale}`,
      withGatewayKey({
        method: 'POST',
        body: JSON.stringify({ amountMinor: 25_00, currency: 'GBP', idempotencyKey: randomUUID(), ...body }),
      }),
    );
    expect(response.status).toBe(200);
    return response.json();
  };
}
