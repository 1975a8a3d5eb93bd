/**
 * Issue 16.5 (a vitest setup file): the shop's providers reach the payment sandbox over HTTP only,
 * and a test has no running site to answer them. Here the shop's default gateway URL is pointed at
 * an address no network has (http://sandbox.test), and `fetch` to it is answered in-process by the
 * sandbox's real gateway handler, on the database the code under test gets from `getDb()` (the
 * test's own, where the file mocks it) and with the switches in process.env at the time (so
 * vi.stubEnv('PAYMENTS_FAULT', ...) works as it does on a running site). Every other fetch is left alone.
 *
 * Nothing from src is imported here up front: a module a setup file imports is cached before the
 * test file's vi.mock runs, and would not be mocked.
 */
const GATEWAY_URL = 'http://sandbox.test/sandbox/gateway';
process.env.PAYMENTS_GATEWAY_SERVER_URL = GATEWAY_URL;

const marker = Symbol.for('tuppence.sandbox-over-fetch');
const patched = globalThis as typeof globalThis & { [marker]?: boolean };
if (!patched[marker]) {
  patched[marker] = true;
  const networkFetch = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(`${GATEWAY_URL}/`)) return networkFetch(input, init);
    const [{ createGatewayHandler }, { getDb }] = await Promise.all([
      import('../../../src/sandbox/gateway'),
      import('../../../src/server/db'),
    ]);
    const handle = createGatewayHandler({ db: async () => (await getDb()).db });
    return handle(new Request(input, init));
  };
}
