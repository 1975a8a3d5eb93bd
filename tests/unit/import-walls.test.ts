/**
 * Issue 16.4: `npm test` fails on a wrong-way import. The checker (scripts/check-imports.mjs, a step of
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

describe('issue 16.4: the import walls', () => {
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

  it('issue 16.5: no shop file is let off, the payment providers included (they call the gateway over HTTP)', () => {
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

  it('let scripts import the shop through its services and the domain', () => {
    const seed = "import { listDeals } from '@/server/catalog';\nimport { PENCE } from '@/domain/money';\n";
    expect(check({ ...service, 'scripts/seed/index.ts': seed }).status).toBe(0);
  });
});
