/**
 * `npm test` fails on a wrong-way import (docs/decisions/037; the sandbox's walls: 035). The checker
 * (scripts/check-imports.mjs, a step of scripts/test.mjs) runs here on the real source tree, which
 * must hold, on small trees that break each wall once, which must not, and on a copy of the real tree
 * with one wrong-way import added, which must fail naming the file.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const repository = path.resolve(import.meta.dirname, '../..');
const checker = path.join(repository, 'scripts/check-imports.mjs');
const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

/** Runs the checker on the real tree (null), on a tree of `files`, or on a copy of the real one plus `files`. */
function check(
  files: Record<string, string> | null,
  options: { onCopyOfTheTree?: boolean } = {},
): { status: number | null; output: string } {
  const args = [checker];
  if (files !== null) {
    const root = mkdtempSync(path.join(tmpdir(), 'walls-'));
    trees.push(root);
    if (options.onCopyOfTheTree) {
      for (const dir of ['src', 'sandbox', 'scripts'])
        cpSync(path.join(repository, dir), path.join(root, dir), { recursive: true });
    }
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    args.push('--root', root);
  }
  const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A service with a public index.ts and an inner module. */
const service = {
  'src/server/catalog/index.ts': "export { listDeals } from './queries';\n",
  'src/server/catalog/queries.ts': 'export function listDeals() { return []; }\n',
  'src/domain/money.ts': 'export const PENCE = 100;\n',
};

describe('the import walls', () => {
  it("hold on the shop's own source", () => {
    const { status, output } = check(null);
    expect(output).toContain('Import walls hold');
    expect(status).toBe(0);
  });

  it('let a page import a service through its index.ts and the domain', () => {
    const page = "---\nimport { listDeals } from '@/server/catalog';\nimport { PENCE } from '@/domain/money';\n---\n";
    expect(check({ ...service, 'src/pages/deals.astro': page }).status).toBe(0);
  });

  it("fail when a page reaches past a service's index.ts", () => {
    const page = "---\nimport { listDeals } from '@/server/catalog/queries';\n---\n";
    const { status, output } = check({ ...service, 'src/pages/deals.astro': page });
    expect(status).toBe(1);
    expect(output).toContain("src/pages/deals.astro: '@/server/catalog/queries'");
  });

  it('fail when one service reaches into another through a relative path', () => {
    const inner = "import { listDeals } from '../catalog/queries';\nexport const all = listDeals;\n";
    const { status, output } = check({ ...service, 'src/server/search/index.ts': inner });
    expect(status).toBe(1);
    expect(output).toContain('outside src/server/catalog/ import only src/server/catalog/index.ts');
  });

  it('fail when the domain imports server code, contracts or Astro', () => {
    const domain =
      "import { listDeals } from '@/server/catalog';\nimport { z } from '@/contracts/deal';\nimport { SITE_URL } from 'astro:env/server';\n";
    const { status, output } = check({
      ...service,
      'src/contracts/deal.ts': 'export const z = 1;\n',
      'src/domain/bad.ts': domain,
    });
    expect(status).toBe(1);
    expect(output).toContain("src/domain/bad.ts: '@/server/catalog'");
    expect(output).toContain("src/domain/bad.ts: '@/contracts/deal'");
    expect(output).toContain("src/domain/bad.ts: 'astro:env/server'");
  });

  it('fail when an island imports server runtime code, but not when it imports only types', () => {
    const runtime =
      "import { listDeals } from '@/server/catalog';\nexport default function Island() { return listDeals(); }\n";
    const typeOnly = "import type { listDeals } from '@/server/catalog';\nexport type L = typeof listDeals;\n";
    const bad = check({ ...service, 'src/islands/Deals.tsx': runtime });
    expect(bad.status).toBe(1);
    expect(bad.output).toContain("src/islands/Deals.tsx: '@/server/catalog'");
    expect(check({ ...service, 'src/islands/Deals.tsx': typeOnly }).status).toBe(0);
  });

  /** A sandbox app of its own, beside the shop, with its tests. */
  const sandbox = {
    'sandbox/index.ts': "import { PENCE } from '@/domain/money';\nexport function tokenise() { return PENCE; }\n",
    'sandbox/tests/support.ts': "export { embedded } from '../../tests/integration/databases';\n",
    'tests/integration/databases.ts': 'export const embedded = [];\n',
  };

  it('fail when the shop imports the payment sandbox instead of calling it over HTTP, statically or dynamically', () => {
    const shop = "import { tokenise } from '../../../sandbox';\nexport const t = tokenise;\n";
    const provider =
      "export async function pay() {\n  return (await import('../../../sandbox/index')).tokenise();\n}\n";
    const { status, output } = check({
      ...service,
      ...sandbox,
      'src/server/checkout/index.ts': shop,
      'src/server/payments/index.ts': provider,
    });
    expect(status).toBe(1);
    expect(output).toContain(
      "src/server/checkout/index.ts: '../../../sandbox' (the shop reaches the payment sandbox over HTTP only)",
    );
    // No shop file is let off, the payment providers included (they call the gateway over HTTP).
    expect(output).toContain(
      "src/server/payments/index.ts: '../../../sandbox/index' (the shop reaches the payment sandbox over HTTP only)",
    );
  });

  it('let the sandbox import itself, the domain, the contracts and packages, and its tests the test support', () => {
    const gateway =
      "import { z } from 'zod';\nimport { createHash } from 'node:crypto';\nimport { tokenise } from './index';\nimport { MESSAGE } from '@/contracts/gateway';\nexport const g = [z, createHash, tokenise, MESSAGE];\n";
    expect(
      check({
        ...service,
        ...sandbox,
        'src/contracts/gateway.ts': 'export const MESSAGE = 1;\n',
        'sandbox/gateway.ts': gateway,
      }).status,
    ).toBe(0);
  });

  it("fail when the sandbox imports the shop's server code or anything else outside its walls, dynamically too", () => {
    const inner =
      "import { getDb } from '@/server/db';\nexport async function log() {\n  const { logError } = await import('@/server/log');\n  return [getDb, logError];\n}\n";
    const outside = "import { embedded } from '../tests/integration/databases';\nexport const e = embedded;\n";
    const { status, output } = check({
      ...service,
      ...sandbox,
      'src/server/db/index.ts': 'export function getDb() {}\n',
      'src/server/log.ts': 'export function logError() {}\n',
      'sandbox/gateway.ts': inner,
      'sandbox/seed.ts': outside,
    });
    expect(status).toBe(1);
    const wall = '(the payment sandbox imports only sandbox/, src/domain and src/contracts)';
    expect(output).toContain(`sandbox/gateway.ts: '@/server/db' ${wall}`);
    expect(output).toContain(`sandbox/gateway.ts: '@/server/log' ${wall}`);
    // The test support is for the sandbox's tests, not its code.
    expect(output).toContain(`sandbox/seed.ts: '../tests/integration/databases' ${wall}`);
  });

  it.each([
    [
      'the sandbox imports the shop server',
      'sandbox/wrong-way.ts',
      "import { getDb } from '@/server/db';\nexport const d = getDb;\n",
      "sandbox/wrong-way.ts: '@/server/db'",
    ],
    [
      'the shop imports the sandbox dynamically',
      'src/server/payments/wrong-way.ts',
      "export const app = () => import('../../../sandbox/app');\n",
      "src/server/payments/wrong-way.ts: '../../../sandbox/app'",
    ],
    [
      "a service writes another service's table",
      'src/server/loyalty/wrong-way.ts',
      "import { vouchers } from '@/server/vouchers/schema';\nexport const take = (db) => db.update(vouchers).set({ isProtected: true });\n",
      'src/server/loyalty/wrong-way.ts: update(vouchers) (a table of src/server/vouchers/',
    ],
    [
      'a service imports another dynamically',
      'src/server/accounts/wrong-way.ts',
      "export const later = () => import('@/server/basket');\n",
      "src/server/accounts/wrong-way.ts: '@/server/basket' (no dynamic import between parts of the server",
    ],
  ])('fail on a copy of the real tree when %s, naming the file', (_name, file, text, named) => {
    const { status, output } = check({ [file]: text }, { onCopyOfTheTree: true });
    expect(status).toBe(1);
    expect(output).toContain('Wrong-way imports (1)');
    expect(output).toContain(named);
  });

  it("fail when a service imports Astro's request machinery, naming the file; the web layer and astro:env may", () => {
    const cookies =
      "import type { AstroCookies } from 'astro';\nexport const read = (c: AstroCookies) => c.get('x');\n";
    const action = "import { ActionError } from 'astro:actions';\nexport const refused = ActionError;\n";
    const middleware = "import { defineMiddleware } from 'astro:middleware';\nexport const m = defineMiddleware;\n";
    const provider = "import memoryProvider from 'astro/cache/memory';\nexport const p = memoryProvider;\n";
    const { status, output } = check({
      ...service,
      'src/server/landings/cookies.ts': cookies,
      'src/server/checkout/answer.ts': action,
      'src/server/catalog/middleware.ts': middleware,
      'src/server/cache/provider.ts': provider,
      'src/server/deal-route.ts': cookies,
    });
    expect(status).toBe(1);
    for (const [file, spec] of [
      ['src/server/landings/cookies.ts', 'astro'],
      ['src/server/checkout/answer.ts', 'astro:actions'],
      ['src/server/catalog/middleware.ts', 'astro:middleware'],
      ['src/server/cache/provider.ts', 'astro/cache/memory'],
      ['src/server/deal-route.ts', 'astro'],
    ]) {
      expect(output).toContain(`${file}: '${spec}' (a service takes plain inputs`);
    }
    const webLayer = {
      ...service,
      'src/server/http/landing-cookies.ts': cookies,
      'src/server/http/route-cache.ts': provider,
      'src/server/catalog/config.ts': "import { SITE_URL } from 'astro:env/server';\nexport const site = SITE_URL;\n",
    };
    expect(check(webLayer).status).toBe(0);
  });

  it('fail on a dynamic import between services, which would hide the arrow', () => {
    const lazy =
      "export async function later() { const { listDeals } = await import('@/server/catalog'); return listDeals(); }\n";
    const { status, output } = check({ ...service, 'src/server/accounts/session.ts': lazy });
    expect(status).toBe(1);
    expect(output).toContain(
      "src/server/accounts/session.ts: '@/server/catalog' (no dynamic import between parts of the server",
    );
  });

  it('fail on a circle between services, naming the file behind each arrow', () => {
    const { status, output } = check({
      ...service,
      'src/server/catalog/queries.ts':
        "import { owner } from '@/server/accounts';\nexport function listDeals() { return [owner]; }\n",
      'src/server/accounts/index.ts':
        "import { listDeals } from '@/server/catalog';\nexport const owner = 'me';\nexport const deals = listDeals;\n",
    });
    expect(status).toBe(1);
    expect(output).toContain('a circle between src/server/accounts/, src/server/catalog/');
    expect(output).toContain('src/server/accounts/ -> src/server/catalog/ (src/server/accounts/index.ts)');
    expect(output).toContain('src/server/catalog/ -> src/server/accounts/ (src/server/catalog/queries.ts)');
  });

  it('let the one list of subscribers import a subscriber file, and nobody else', () => {
    const subscriber = {
      'src/server/loyalty/index.ts': 'export const points = 1;\n',
      'src/server/loyalty/subscribers/award-points.ts':
        "export const config = { event: 'order.placed', subscriberId: 'loyalty-points' };\nexport default async function award() {}\n",
    };
    const list =
      "import * as awardPoints from '@/server/loyalty/subscribers/award-points';\nexport const SUBSCRIBERS = [awardPoints];\n";
    expect(check({ ...service, ...subscriber, 'src/server/subscribers.ts': list }).status).toBe(0);
    const { status, output } = check({ ...service, ...subscriber, 'src/server/orders/index.ts': list });
    expect(status).toBe(1);
    expect(output).toContain(
      "src/server/orders/index.ts: '@/server/loyalty/subscribers/award-points' (outside src/server/loyalty/ import only src/server/loyalty/index.ts)",
    );
  });

  /** Two services with tables: catalog owns deals, orders owns orders. */
  const owned = {
    ...service,
    'src/server/catalog/schema.ts':
      "import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const deals = pgTable('deals', { id: serial('id') });\n",
    'src/server/orders/schema.ts':
      "import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const orders = pgTable('orders', { id: serial('id') });\n",
    'src/server/orders/index.ts': 'export const placeOrder = () => 1;\n',
  };

  it("fail when a service writes another service's table, through drizzle or raw SQL", () => {
    const drizzle =
      "import { deals } from '@/server/catalog/schema';\nexport const bump = (db) => db.update(deals).set({ boughtCount: 1 });\n";
    const raw =
      "import { sql } from 'drizzle-orm';\nexport const take = (tx) => tx.execute(sql`update deals set bought_count = 1`);\n";
    const { status, output } = check({
      ...owned,
      'src/server/orders/commit.ts': drizzle,
      'src/server/orders/stock.ts': raw,
    });
    expect(status).toBe(1);
    expect(output).toContain('src/server/orders/commit.ts: update(deals) (a table of src/server/catalog/');
    expect(output).toContain('src/server/orders/stock.ts: update deals (a table of src/server/catalog/');
  });

  it("fail when a service reads another's table without it being listed, and when a listed read is gone", () => {
    const reads =
      "import { deals } from '@/server/catalog/schema';\nexport const list = (db) => db.select().from(deals);\n";
    const unlisted = check({ ...owned, 'src/server/orders/lines.ts': reads });
    expect(unlisted.status).toBe(1);
    expect(unlisted.output).toContain('src/server/orders/lines.ts: reads deals of src/server/catalog/');
    const listing = (entries: string) =>
      `export const CROSS_SERVICE_READS = { 'src/server/orders/lines.ts': [${entries}] };\n`;
    const listed = { ...owned, 'src/server/orders/lines.ts': reads };
    expect(
      check({ ...listed, 'scripts/walls/cross-service-reads.mjs': listing("'src/server/catalog/deals'") }).status,
    ).toBe(0);
    const stale = check({
      ...owned,
      'src/server/orders/lines.ts': 'export const list = () => [];\n',
      'scripts/walls/cross-service-reads.mjs': listing("'src/server/catalog/deals'"),
    });
    expect(stale.status).toBe(1);
    expect(stale.output).toContain('src/server/orders/lines.ts: no longer reads src/server/catalog/deals');
  });

  it("fail when code under src takes tables from the gathering module instead of their owner's schema", () => {
    const barrel = "import { deals } from '@/server/db/schema';\nexport const d = deals;\n";
    const { status, output } = check({
      ...owned,
      'src/server/db/schema.ts': "export * from '../catalog/schema';\n",
      'src/server/orders/lines.ts': barrel,
    });
    expect(status).toBe(1);
    expect(output).toContain(
      "src/server/orders/lines.ts: '@/server/db/schema' (take tables from their owner's schema.ts",
    );
  });

  it("fail when a voucher's status changes outside the voucher state machine", () => {
    const vouchers = {
      'src/server/vouchers/schema.ts':
        "import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const vouchers = pgTable('vouchers', { id: serial('id') });\nexport const voucherStatusChanges = pgTable('voucher_status_changes', { id: serial('id') });\n",
      'src/server/vouchers/index.ts': "export { moveVoucher } from './transitions';\n",
      'src/server/vouchers/transitions.ts':
        "import { vouchers } from './schema';\nexport const moveVoucher = (tx) => tx.update(vouchers).set({ status: 'redeemed' });\n",
      'src/server/vouchers/redeem.ts':
        "import { vouchers, voucherStatusChanges } from './schema';\nexport const redeem = async (tx) => { await tx.update(vouchers).set({ status: 'redeemed' }); await tx.insert(voucherStatusChanges).values({}); };\n",
    };
    const { status, output } = check({ ...service, ...vouchers });
    expect(status).toBe(1);
    expect(output).toContain(
      "src/server/vouchers/redeem.ts: a voucher's status set outside src/server/vouchers/transitions.ts",
    );
    expect(output).toContain('src/server/vouchers/redeem.ts: voucher status history written outside');
    expect(output).not.toContain('src/server/vouchers/transitions.ts:');
  });

  it('fail when the shop imports the demo seed or anything under scripts/ (docs/decisions/036)', () => {
    const seedImport = "import { seedCatalogue } from '@/server/seed';\nexport const s = seedCatalogue;\n";
    const scriptsImport =
      "import { paintPictures } from '../../../scripts/seed/pictures';\nexport const p = paintPictures;\n";
    const { status, output } = check({
      ...service,
      'scripts/seed/pictures.ts': 'export function paintPictures() {}\n',
      'src/server/addresses/local.ts': seedImport,
      'src/pages/images.ts': "import { mediaDir } from '../../scripts/serve/media.mjs';\nexport const d = mediaDir;\n",
      'src/server/catalog/pictures.ts': scriptsImport,
    });
    expect(status).toBe(1);
    expect(output).toContain("src/server/addresses/local.ts: '@/server/seed' (the shop imports nothing from scripts/");
    expect(output).toContain("src/pages/images.ts: '../../scripts/serve/media.mjs'");
    expect(output).toContain("src/server/catalog/pictures.ts: '../../../scripts/seed/pictures'");
  });

  it('fail when code under src/ or sandbox/ reads process.env outside its one configuration module, naming the file', () => {
    const config = "export function serverConfig() { return { siteUrl: process.env.SITE_URL ?? '' }; }\n";
    const settings = 'export const readSettings = (env = process.env) => env;\n';
    const { status, output } = check({
      ...service,
      'src/server/config.ts': config,
      'sandbox/settings.ts': settings,
      'src/server/catalog/queries.ts': 'export const url = process.env.DATABASE_URL;\n',
      'src/pages/about.astro': '---\nconst { env } = process;\nconst where = env.SITE_URL;\n---\n<p>{where}</p>\n',
      'src/server/log.ts': "export const level = process['env'].LOG_LEVEL;\n",
      'sandbox/log.ts': 'export const level = process.env.LOG_LEVEL;\n',
      // Named in a comment only, and in a test that hands variables to what it starts: both are fine.
      'src/server/catalog/index.ts': "// Reads nothing from process.env.\nexport { url } from './queries';\n",
      'sandbox/tests/server.test.ts': 'export const child = { ...process.env, SANDBOX_PORT: "0" };\n',
    });
    expect(status).toBe(1);
    expect(output).toContain('src/server/catalog/queries.ts: reads process.env');
    expect(output).toContain('src/pages/about.astro: reads process.env');
    expect(output).toContain('src/server/log.ts: reads process.env (configuration is declared once');
    expect(output).toContain(
      'sandbox/log.ts: reads process.env (configuration is declared once: read it through sandbox/settings.ts)',
    );
    for (const fine of ['src/server/config.ts', 'sandbox/settings.ts', 'src/server/catalog/index.ts', 'sandbox/tests/'])
      expect(output).not.toContain(`${fine}: reads process.env`);
  });

  it('let scripts import the shop through its services and the domain', () => {
    const seed = "import { listDeals } from '@/server/catalog';\nimport { PENCE } from '@/domain/money';\n";
    expect(check({ ...service, 'scripts/seed/index.ts': seed }).status).toBe(0);
  });
});
