/**
 * `npm test` fails on a wrong-way import (docs/decisions/037; the sandbox's walls: 035). The checker
 * (scripts/walls/check.mjs; its command, scripts/check-imports.mjs, is a step of scripts/test.mjs)
 * runs here on the real source tree, which must hold, on small trees that break each wall once, which
 * must not, and on a copy of the real tree with wrong-way files added, which must fail naming each.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWalls, wallsReport } from '../../scripts/walls/check.mjs';

const repository = path.resolve(import.meta.dirname, '../..');
const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

/** A tree of `files`, or a copy of the real one plus `files`. */
function tree(files: Record<string, string>, options: { onCopyOfTheTree?: boolean } = {}): string {
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
  return root;
}

/** Checks a tree of `files` (or a copy of the real one plus `files`): 1 and the report when a wall is broken, else 0. */
async function check(
  files: Record<string, string>,
  options: { onCopyOfTheTree?: boolean } = {},
): Promise<{ status: number; output: string }> {
  const result = await checkWalls(tree(files, options));
  return { status: result.problems.length > 0 ? 1 : 0, output: wallsReport(result) };
}

/** A service with a public index.ts and an inner module. */
const service = {
  'src/server/catalog/index.ts': "export { listDeals } from './queries';\n",
  'src/server/catalog/queries.ts': 'export function listDeals() { return []; }\n',
  'src/domain/money.ts': 'export const PENCE = 100;\n',
};

describe('the import walls', () => {
  it("hold on the shop's own source, as npm test's step reports it", async () => {
    const run = spawnSync(process.execPath, [path.join(repository, 'scripts/check-imports.mjs')], {
      encoding: 'utf8',
    });
    expect(`${run.stdout}${run.stderr}`).toContain('Import walls hold');
    expect(run.status).toBe(0);
  });

  it('let a page import a service through its index.ts and the domain', async () => {
    const page = "---\nimport { listDeals } from '@/server/catalog';\nimport { PENCE } from '@/domain/money';\n---\n";
    expect((await check({ ...service, 'src/pages/deals.astro': page })).status).toBe(0);
  });

  it("fail when a page reaches past a service's index.ts", async () => {
    const page = "---\nimport { listDeals } from '@/server/catalog/queries';\n---\n";
    const { status, output } = await check({ ...service, 'src/pages/deals.astro': page });
    expect(status).toBe(1);
    expect(output).toContain("src/pages/deals.astro: '@/server/catalog/queries'");
  });

  it('fail when one service reaches into another through a relative path', async () => {
    const inner = "import { listDeals } from '../catalog/queries';\nexport const all = listDeals;\n";
    const { status, output } = await check({ ...service, 'src/server/search/index.ts': inner });
    expect(status).toBe(1);
    expect(output).toContain('outside src/server/catalog/ import only src/server/catalog/index.ts');
  });

  it('fail when the domain imports server code, contracts or Astro', async () => {
    const domain =
      "import { listDeals } from '@/server/catalog';\nimport { z } from '@/contracts/deal';\nimport { SITE_URL } from 'astro:env/server';\n";
    const { status, output } = await check({
      ...service,
      'src/contracts/deal.ts': 'export const z = 1;\n',
      'src/domain/bad.ts': domain,
    });
    expect(status).toBe(1);
    expect(output).toContain("src/domain/bad.ts: '@/server/catalog'");
    expect(output).toContain("src/domain/bad.ts: '@/contracts/deal'");
    expect(output).toContain("src/domain/bad.ts: 'astro:env/server'");
  });

  it('fail when an island imports server runtime code, but not when it imports only types', async () => {
    const runtime =
      "import { listDeals } from '@/server/catalog';\nexport default function Island() { return listDeals(); }\n";
    const typeOnly = "import type { listDeals } from '@/server/catalog';\nexport type L = typeof listDeals;\n";
    const bad = await check({ ...service, 'src/islands/Deals.tsx': runtime });
    expect(bad.status).toBe(1);
    expect(bad.output).toContain("src/islands/Deals.tsx: '@/server/catalog'");
    expect((await check({ ...service, 'src/islands/Deals.tsx': typeOnly })).status).toBe(0);
  });

  /** A sandbox app of its own, beside the shop, with its tests. */
  const sandbox = {
    'sandbox/index.ts': "import { PENCE } from '@/domain/money';\nexport function tokenise() { return PENCE; }\n",
    'sandbox/tests/support.ts': "export { embedded } from '../../tests/integration/databases';\n",
    'tests/integration/databases.ts': 'export const embedded = [];\n',
  };

  it('fail when the shop imports the payment sandbox instead of calling it over HTTP, statically or dynamically', async () => {
    const shop = "import { tokenise } from '../../../sandbox';\nexport const t = tokenise;\n";
    const provider =
      "export async function pay() {\n  return (await import('../../../sandbox/index')).tokenise();\n}\n";
    const { status, output } = await check({
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

  it('let the sandbox import itself, the domain, the contracts and packages, and its tests the test support', async () => {
    const gateway =
      "import { z } from 'zod';\nimport { createHash } from 'node:crypto';\nimport { tokenise } from './index';\nimport { MESSAGE } from '@/contracts/gateway';\nexport const g = [z, createHash, tokenise, MESSAGE];\n";
    const { status } = await check({
      ...service,
      ...sandbox,
      'src/contracts/gateway.ts': 'export const MESSAGE = 1;\n',
      'sandbox/gateway.ts': gateway,
    });
    expect(status).toBe(0);
  });

  it("fail when the sandbox imports the shop's server code or anything else outside its walls, dynamically too", async () => {
    const inner =
      "import { getDb } from '@/server/db';\nexport async function log() {\n  const { logError } = await import('@/server/log');\n  return [getDb, logError];\n}\n";
    const outside = "import { embedded } from '../tests/integration/databases';\nexport const e = embedded;\n";
    const { status, output } = await check({
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

  it('fail on a copy of the real tree with four wrong-way files added, naming each file', async () => {
    // Copying the tree is the slow part: one copy carries one wrong-way file per wall, and the report
    // must name all four and nothing else.
    const wrongWay: Array<[file: string, text: string, named: string]> = [
      [
        'sandbox/wrong-way.ts',
        "import { getDb } from '@/server/db';\nexport const d = getDb;\n",
        "sandbox/wrong-way.ts: '@/server/db'",
      ],
      [
        'src/server/payments/wrong-way.ts',
        "export const app = () => import('../../../sandbox/app');\n",
        "src/server/payments/wrong-way.ts: '../../../sandbox/app'",
      ],
      [
        'src/server/loyalty/wrong-way.ts',
        "import { vouchers } from '@/server/vouchers/schema';\nexport const take = (db) => db.update(vouchers).set({ isProtected: true });\n",
        'src/server/loyalty/wrong-way.ts: update(vouchers) (a table of src/server/vouchers/',
      ],
      [
        'src/server/accounts/wrong-way.ts',
        "export const later = () => import('@/server/basket');\n",
        "src/server/accounts/wrong-way.ts: '@/server/basket' (no dynamic import between parts of the server",
      ],
    ];
    const files = Object.fromEntries(wrongWay.map(([file, text]) => [file, text]));
    const { status, output } = await check(files, { onCopyOfTheTree: true });
    expect(status).toBe(1);
    expect(output).toContain('Wrong-way imports (4)');
    for (const [, , named] of wrongWay) expect(output).toContain(named);
  });

  it("fail when a service imports Astro's request machinery, naming the file; the web layer and astro:env may", async () => {
    const cookies =
      "import type { AstroCookies } from 'astro';\nexport const read = (c: AstroCookies) => c.get('x');\n";
    const action = "import { ActionError } from 'astro:actions';\nexport const refused = ActionError;\n";
    const middleware = "import { defineMiddleware } from 'astro:middleware';\nexport const m = defineMiddleware;\n";
    const provider = "import memoryProvider from 'astro/cache/memory';\nexport const p = memoryProvider;\n";
    const { status, output } = await check({
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
    expect((await check(webLayer)).status).toBe(0);
  });

  it('fail on a dynamic import between services, which would hide the arrow', async () => {
    const lazy =
      "export async function later() { const { listDeals } = await import('@/server/catalog'); return listDeals(); }\n";
    const { status, output } = await check({ ...service, 'src/server/accounts/session.ts': lazy });
    expect(status).toBe(1);
    expect(output).toContain(
      "src/server/accounts/session.ts: '@/server/catalog' (no dynamic import between parts of the server",
    );
  });

  it('fail on a circle between services, naming the file behind each arrow', async () => {
    const { status, output } = await check({
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

  it('let the one list of subscribers import a subscriber file, and nobody else', async () => {
    const subscriber = {
      'src/server/loyalty/index.ts': 'export const points = 1;\n',
      'src/server/loyalty/subscribers/award-points.ts':
        "export const config = { event: 'order.placed', subscriberId: 'loyalty-points' };\nexport default async function award() {}\n",
    };
    const list =
      "import * as awardPoints from '@/server/loyalty/subscribers/award-points';\nexport const SUBSCRIBERS = [awardPoints];\n";
    expect((await check({ ...service, ...subscriber, 'src/server/subscribers.ts': list })).status).toBe(0);
    const { status, output } = await check({ ...service, ...subscriber, 'src/server/orders/index.ts': list });
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

  it("fail when a service writes another service's table, through drizzle or raw SQL", async () => {
    const drizzle =
      "import { deals } from '@/server/catalog/schema';\nexport const bump = (db) => db.update(deals).set({ boughtCount: 1 });\n";
    const raw =
      "import { sql } from 'drizzle-orm';\nexport const take = (tx) => tx.execute(sql`update deals set bought_count = 1`);\n";
    const { status, output } = await check({
      ...owned,
      'src/server/orders/commit.ts': drizzle,
      'src/server/orders/stock.ts': raw,
    });
    expect(status).toBe(1);
    expect(output).toContain('src/server/orders/commit.ts: update(deals) (a table of src/server/catalog/');
    expect(output).toContain('src/server/orders/stock.ts: update deals (a table of src/server/catalog/');
  });

  it("fail when a service reads another's table without it being listed, and when a listed read is gone", async () => {
    const reads =
      "import { deals } from '@/server/catalog/schema';\nexport const list = (db) => db.select().from(deals);\n";
    const unlisted = await check({ ...owned, 'src/server/orders/lines.ts': reads });
    expect(unlisted.status).toBe(1);
    expect(unlisted.output).toContain('src/server/orders/lines.ts: reads deals of src/server/catalog/');
    const listing = (entries: string) =>
      `export const CROSS_SERVICE_READS = { 'src/server/orders/lines.ts': [${entries}] };\n`;
    const listed = { ...owned, 'src/server/orders/lines.ts': reads };
    const fine = await check({
      ...listed,
      'scripts/walls/cross-service-reads.mjs': listing("'src/server/catalog/deals'"),
    });
    expect(fine.status).toBe(0);
    const stale = await check({
      ...owned,
      'src/server/orders/lines.ts': 'export const list = () => [];\n',
      'scripts/walls/cross-service-reads.mjs': listing("'src/server/catalog/deals'"),
    });
    expect(stale.status).toBe(1);
    expect(stale.output).toContain('src/server/orders/lines.ts: no longer reads src/server/catalog/deals');
  });

  it("fail when code under src takes tables from the gathering module instead of their owner's schema", async () => {
    const barrel = "import { deals } from '@/server/db/schema';\nexport const d = deals;\n";
    const { status, output } = await check({
      ...owned,
      'src/server/db/schema.ts': "export * from '../catalog/schema';\n",
      'src/server/orders/lines.ts': barrel,
    });
    expect(status).toBe(1);
    expect(output).toContain(
      "src/server/orders/lines.ts: '@/server/db/schema' (take tables from their owner's schema.ts",
    );
  });

  it("fail when a voucher's status changes outside the voucher state machine", async () => {
    const vouchers = {
      'src/server/vouchers/schema.ts':
        "import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const vouchers = pgTable('vouchers', { id: serial('id') });\nexport const voucherStatusChanges = pgTable('voucher_status_changes', { id: serial('id') });\n",
      'src/server/vouchers/index.ts': "export { moveVoucher } from './transitions';\n",
      'src/server/vouchers/transitions.ts':
        "import { vouchers } from './schema';\nexport const moveVoucher = (tx) => tx.update(vouchers).set({ status: 'redeemed' });\n",
      'src/server/vouchers/redeem.ts':
        "import { vouchers, voucherStatusChanges } from './schema';\nexport const redeem = async (tx) => { await tx.update(vouchers).set({ status: 'redeemed' }); await tx.insert(voucherStatusChanges).values({}); };\n",
    };
    const { status, output } = await check({ ...service, ...vouchers });
    expect(status).toBe(1);
    expect(output).toContain(
      "src/server/vouchers/redeem.ts: a voucher's status set outside src/server/vouchers/transitions.ts",
    );
    expect(output).toContain('src/server/vouchers/redeem.ts: voucher status history written outside');
    expect(output).not.toContain('src/server/vouchers/transitions.ts:');
  });

  it('fail when the shop imports the demo seed or anything under scripts/ (docs/decisions/036)', async () => {
    const seedImport = "import { seedCatalogue } from '@/server/seed';\nexport const s = seedCatalogue;\n";
    const scriptsImport =
      "import { paintPictures } from '../../../scripts/seed/pictures';\nexport const p = paintPictures;\n";
    const { status, output } = await check({
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

  it('fail when code under src/ or sandbox/ reads process.env outside its one configuration module, naming the file', async () => {
    const config = "export function serverConfig() { return { siteUrl: process.env.SITE_URL ?? '' }; }\n";
    const settings = 'export const readSettings = (env = process.env) => env;\n';
    const { status, output } = await check({
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

  it('let scripts import the shop through its services and the domain', async () => {
    const seed = "import { listDeals } from '@/server/catalog';\nimport { PENCE } from '@/domain/money';\n";
    expect((await check({ ...service, 'scripts/seed/index.ts': seed })).status).toBe(0);
  });
});
