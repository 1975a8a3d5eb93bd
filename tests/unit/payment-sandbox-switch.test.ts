/**
 * Issue 16.5: the payment sandbox is an app of its own. Its routes come from its integration
 * (src/sandbox/integration.mjs): all of them, from files under src/sandbox, when it is on; none when
 * PAYMENTS_SANDBOX=false, so the shop builds and serves without it and /sandbox/* is a 404.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paymentSandbox } from '../../src/sandbox/integration.mjs';

function injectedRoutes(enabled: boolean): { pattern: string; entrypoint: string | URL }[] {
  const routes: { pattern: string; entrypoint: string | URL }[] = [];
  const setup = paymentSandbox({ enabled }).hooks['astro:config:setup'];
  const logger = { info: () => undefined };
  // Only the two parts of the setup hook the integration uses.
  (setup as unknown as (options: unknown) => void)({ injectRoute: (route: never) => routes.push(route), logger });
  return routes;
}

describe('issue 16.5: switching the payment sandbox on and off', () => {
  it("on: the gateway's endpoints and approval pages are served from src/sandbox", () => {
    const routes = injectedRoutes(true);
    expect(routes.map((route) => route.pattern).sort()).toEqual([
      '/sandbox/bt/tokenize',
      '/sandbox/clearpay/checkout/[token]',
      '/sandbox/gateway/[...path]',
      '/sandbox/klarna/hpp/[id]',
      '/sandbox/paypal/approve',
      '/sandbox/paypal/payments',
      '/sandbox/wallets/tokenize',
    ]);
    for (const route of routes) {
      const file = fileURLToPath(route.entrypoint);
      expect(file).toContain('/src/sandbox/routes/');
      expect(existsSync(file), file).toBe(true);
    }
  });

  it('off (PAYMENTS_SANDBOX=false): no sandbox route is part of the site', () => {
    expect(injectedRoutes(false)).toEqual([]);
  });
});
