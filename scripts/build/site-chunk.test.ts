import { describe, expect, it } from 'vitest';
import { SITE_CHUNKS } from './site-chunk.mjs';

/** A module graph as Rolldown describes it: each module's static importers and its exports. */
type Graph = Record<string, { importers: string[]; exports?: string[] }>;

const root = '/app/src';
const script = (component: string) => `${root}/components/${component}.astro?astro&type=script&index=0&lang.ts`;
const CONSENT = script('marketing/ConsentBanner');
const HEADER = script('chrome/Header');
const ACCOUNT_FORM = script('account/AccountForm');

const graph: Graph = {
  [CONSENT]: { importers: [] },
  [HEADER]: { importers: [] },
  [ACCOUNT_FORM]: { importers: [] },
  // Imported only for what it does (the consent banner's site-client): no exports.
  [`${root}/components/marketing/site-client.ts`]: { importers: [CONSENT], exports: [] },
  [`${root}/domain/consent.ts`]: { importers: [`${root}/components/marketing/site-client.ts`] },
  [`${root}/components/personal/buy-again-flag.ts`]: { importers: [`${root}/components/marketing/site-client.ts`] },
  [`${root}/components/chrome/header-behaviour.ts`]: { importers: [HEADER] },
  [`${root}/stores/user.ts`]: { importers: [`${root}/components/chrome/header-behaviour.ts`] },
  [`${root}/stores/request.ts`]: { importers: [`${root}/stores/user.ts`, `${root}/islands/Checkout.tsx`] },
  [`${root}/islands/Checkout.tsx`]: { importers: [] },
  [`${root}/domain/account-form.ts`]: { importers: [ACCOUNT_FORM] },
  [`${root}/domain/lightbox.ts`]: { importers: [] },
};

const context = {
  getModuleInfo: (id: string) => {
    const module = graph[id];
    return module ? { id, importers: module.importers, exports: module.exports ?? ['x'] } : null;
  },
};

/** The chunk a module lands in: the first group, by priority, whose name function claims it. */
function chunkOf(id: string): string | null {
  const groups = [...SITE_CHUNKS.groups].sort((a, b) => b.priority - a.priority);
  for (const group of groups) {
    const name = group.name(id, context);
    if (name) return name;
  }
  return null;
}

describe('decision 070: what the page scripts share comes in two chunks', () => {
  it('puts what the every-page scripts import into site, component helpers included', () => {
    expect(chunkOf(`${root}/domain/consent.ts`)).toBe('site');
    expect(chunkOf(`${root}/components/personal/buy-again-flag.ts`)).toBe('site');
  });

  it('puts the shared rules and stores of browse components into browse', () => {
    expect(chunkOf(`${root}/stores/user.ts`)).toBe('browse');
  });

  it('keeps what the checkout island shares with browse pages in site, which checkout loads anyway', () => {
    expect(chunkOf(`${root}/stores/request.ts`)).toBe('site');
  });

  it('leaves scripts and modules imported only for their effect with their own script', () => {
    expect(chunkOf(CONSENT)).toBeNull();
    expect(chunkOf(`${root}/components/marketing/site-client.ts`)).toBeNull();
  });

  it('leaves behaviour modules that a browse script imports with that script', () => {
    expect(chunkOf(`${root}/components/chrome/header-behaviour.ts`)).toBeNull();
  });

  it('leaves account pages’ code and what is only imported on demand to Rolldown', () => {
    expect(chunkOf(`${root}/domain/account-form.ts`)).toBeNull();
    expect(chunkOf(`${root}/domain/lightbox.ts`)).toBeNull();
  });
});
