/**
 * One call to a shop endpoint as the shopper's browser makes it: JSON in and out, an Idempotency-Key
 * when given, and the session of a signed-in shopper (or a guest, for null). The 3-D Secure stories
 * go through the real endpoints this way; `callAsOperator` calls an internal endpoint as a script
 * with the operator's bearer token does.
 */
import type { APIContext, APIRoute } from 'astro';

/** Who is signed in: what the session's `account` entry names. */
export interface SignedIn {
  id: number;
  sessionEpoch: number;
}

export async function callAsShopper(
  route: APIRoute,
  path: string,
  shopper: SignedIn | null,
  init: { method?: 'GET' | 'POST' | 'PATCH'; body?: unknown; key?: string; params?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = `http://localhost${path}`;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.key) headers['Idempotency-Key'] = init.key;
  const method = init.method ?? 'POST';
  const response = await route({
    url: new URL(url),
    params: init.params ?? {},
    request: new Request(url, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(init.body ?? {}),
    }),
    session: {
      get: async (name: string) =>
        name === 'account' && shopper ? { userId: shopper.id, epoch: shopper.sessionEpoch } : undefined,
      set: () => undefined,
      destroy: () => undefined,
    },
    cookies: { get: () => undefined, set: () => undefined, delete: () => undefined },
    locals: { now: new Date(), brand: 'tuppence' },
  } as unknown as APIContext);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * One call to an internal endpoint (src/pages/api/internal) with a bearer token, as an operator's
 * script makes it; `token: null` sends none. The test sets OPERATOR_TOKEN to the token it passes.
 */
export async function callAsOperator(
  route: APIRoute,
  path: string,
  token: string | null,
  init: { method?: 'GET' | 'POST'; body?: unknown; params?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = `http://localhost${path}`;
  const method = init.method ?? 'POST';
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const response = await route({
    url: new URL(url),
    params: init.params ?? {},
    request: new Request(url, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined,
    }),
    cookies: { get: () => undefined, set: () => undefined, delete: () => undefined },
    locals: { now: new Date(), brand: 'tuppence' },
    cache: { enabled: false },
  } as unknown as APIContext);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
