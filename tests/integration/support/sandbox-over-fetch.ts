/**
 * A vitest setup file: the shop's providers reach the payment sandbox over HTTP only, and a test runs
 * no sandbox process (docs/decisions/035-sandbox-as-its-own-app.md). Here the shop's default gateway
 * URL is pointed at an address no network has (http://sandbox.test), and `fetch` to it is answered
 * in-process by the sandbox's real app on the database the code under test gets from `getDb()` (the
 * test's own, the sandbox's tables in their schema beside the shop's), with the switches in
 * process.env at the time (so vi.stubEnv('PAYMENTS_FAULT', ...) works as it does on a running
 * sandbox). Every other fetch is left alone. The sandbox's server key is made here, before any shop
 * code reads it, as `npm start` has the sandbox issue it before the shop starts.
 *
 * Nothing from src is imported here up front (the key's rule aside, which no test replaces): a
 * module a setup file imports is cached before the test file's vi.mock runs, and would not be mocked.
 */
import { keptSecret } from '../../../sandbox/kept-secret';
import { GATEWAY_KEY } from '../../../src/contracts/payment-gateway';

const SANDBOX_URL = 'http://sandbox.test';
process.env.PAYMENTS_GATEWAY_SERVER_URL = `${SANDBOX_URL}/gateway`;
// The shop's calls go through `fetch`, which is answered below (its default, node:http, would look the
// address up on a network: docs/decisions/083).
process.env.PAYMENTS_GATEWAY_CLIENT = 'fetch';
keptSecret(GATEWAY_KEY);

const marker = Symbol.for('tuppence.sandbox-over-fetch');
const patched = globalThis as typeof globalThis & { [marker]?: boolean };
if (!patched[marker]) {
  patched[marker] = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(`${SANDBOX_URL}/`)) return networkFetch(input, init);
    const [{ sandboxApp }, { getDb }] = await Promise.all([
      import('../../fixtures/sandbox-gateway'),
      import('../../../src/server/db'),
    ]);
    const handle = sandboxApp(async () => (await getDb()).db);
    return handle(new Request(input, init));
  };
}
