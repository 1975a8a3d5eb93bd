/**
 * `npm test` fails on a wrong-way import (docs/decisions/037). The checker (scripts/check-imports.mjs, a step of
 * scripts/test.mjs) runs here on the real source tree, which must hold, and on small trees that break
 * each wall once, which must not.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const checker = path.resolve(import.meta.dirname, '../../scripts/check-imports.mjs');
const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

function check(files: Record<string, string> | null): { status: number | null; output: string } {
  const args = [checker];
  if (files !== null) {
    const root = mkdtempSync(path.join(tmpdir(), 'walls-'));
    trees.push(root);
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

  it('fail when the shop imports the payment sandbox instead of calling it over HTTP', () => {
    const shop = "import { tokenise } from '@/sandbox/tokenise';\nexport const t = tokenise;\n";
    const { status, output } = check({
      ...service,
      'src/sandbox/tokenise.ts': 'export function tokenise() {}\n',
      'src/server/checkout/index.ts': shop,
    });
    expect(status).toBe(1);
    expect(output).toContain('the shop reaches the payment sandbox over HTTP only');
  });

  it('no shop file is let off, the payment providers included (they call the gateway over HTTP)', () => {
    const provider = "import { authorise } from '@/sandbox';\nexport const a = authorise;\n";
    const { status, output } = check({
      ...service,
      'src/sandbox/index.ts': 'export function authorise() {}\n',
      'src/server/payments/index.ts': provider,
    });
    expect(status).toBe(1);
    expect(output).toContain(
      "src/server/payments/index.ts: '@/sandbox' (the shop reaches the payment sandbox over HTTP only)",
    );
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
});
