/**
 * The shop's HTTP client for the payment gateway's server-to-server API
 * (src/contracts/payment-gateway.ts; docs/decisions/020-payment-gateway-over-http.md): the payment
 * sandbox, an app of its own, by default; a real provider by configuration
 * (docs/decisions/035-sandbox-as-its-own-app.md). Where it calls, with which key and how long it
 * waits are the gateway settings of src/server/config.ts (PAYMENTS_GATEWAY_SERVER_URL, by default the
 * sandbox `npm start` runs; PAYMENTS_GATEWAY_SECRET, by default the key the sandbox issues:
 * ./gateway-key.ts; PAYMENTS_GATEWAY_TIMEOUT_MS), or those a caller hands in.
 * The network's failures become two errors the providers turn into results: GatewayUnreachable
 * (no connection, no key yet, or the gateway said 503 / broke) and GatewayTimeout (no answer in
 * time, or 504).
 */
import http from 'node:http';
import https from 'node:https';
import { type GatewaySettings, serverConfig } from '@/server/config';
import { logError } from '@/server/log';
import { PaymentProviderError } from './errors';
import { gatewayKey } from './gateway-key';

/** The gateway could not be reached, refused the connection or failed (nothing is known to be done). */
export class GatewayUnreachable extends Error {
  constructor(detail = 'The payment gateway could not be reached') {
    super(detail);
    this.name = 'GatewayUnreachable';
  }
}

/** No answer came in time. */
export class GatewayTimeout extends Error {
  constructor() {
    super('The payment gateway did not answer in time');
    this.name = 'GatewayTimeout';
  }
}

/** The gateway refused the call itself (4xx): a bad request or a wrong server key; our mistake, logged. */
export class GatewayRefused extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`${status}: ${detail}`);
    this.name = 'GatewayRefused';
  }
}

/** How the providers reach the gateway; tests pass a `fetch` that answers in-process. */
export interface GatewayTransport {
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

/** What a provider is made with: the transport, and the gateway settings (default the configuration's). */
export interface GatewayOptions extends GatewayTransport {
  gateway?: GatewaySettings;
}

/** What a call reads of the gateway's answer: a fetch `Response` has it, and so has the keep-alive client's. */
export interface GatewayAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  json(): Promise<unknown>;
}

/** One exchange with the gateway: the answer once its body is in, or an error named TimeoutError after `timeoutMs`. */
export type GatewaySend = (
  url: string,
  call: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
) => Promise<GatewayAnswer>;

export interface GatewayConnection {
  baseUrl: string;
  /** The server key, read when a call is made (null until the sandbox has issued one). */
  key: () => string | null;
  timeoutMs: number;
  send: GatewaySend;
}

/** Where and how to call the gateway (read when a provider is made). */
export function gatewayConnection(options: GatewayOptions = {}): GatewayConnection {
  const settings = options.gateway ?? serverConfig().payments.gateway;
  // Read now, so a kept key too short to be one stops whoever makes the provider.
  const key = gatewayKey(settings);
  return {
    baseUrl: settings.serverUrl,
    key: () => key ?? gatewayKey(settings),
    timeoutMs: settings.timeoutMs,
    send:
      options.fetch !== undefined
        ? sendThrough(options.fetch)
        : settings.client === 'fetch'
          ? sendThrough((input, init) => fetch(input, init))
          : sendOverHttp,
  };
}

/**
 * A `fetch` as the connection's exchange: a caller's (the tests' in-process sandbox), or the runtime's
 * when PAYMENTS_GATEWAY_CLIENT is `fetch` (the integration tests answer it in-process, see
 * tests/integration/support/sandbox-over-fetch.ts).
 */
function sendThrough(fetcher: NonNullable<GatewayTransport['fetch']>): GatewaySend {
  return (url, { method, headers, body, timeoutMs }) =>
    fetcher(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
}

/**
 * The gateway's connections, kept open between calls (every order makes two: the authorisation and
 * its capture). Node's own client, not `fetch`: the purchase bench's CPU profile put `fetch` (undici and
 * its web streams) at about a fifth of the shop process's busy time on PostgreSQL, about 0.75 ms a call,
 * where `node:http` does the same exchange in about half (docs/decisions/083).
 */
const AGENTS = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** Made when the wait runs out, named as `AbortSignal.timeout` names its reason. */
function timedOut(): Error {
  const error = new Error('The payment gateway did not answer in time');
  error.name = 'TimeoutError';
  return error;
}

/**
 * One exchange over `node:http(s)`: the whole answer read before it resolves, all within `timeoutMs`.
 * A kept connection the gateway closed as it sat idle (its keep-alive timeout) can be handed to a call
 * just as it closes: the call then fails with a reset before any answer. Node's documentation says to
 * send such a call again on a new connection, and the gateway's calls may be sent twice (a sale under
 * its idempotency key, capture and void by state), so it is sent again, once per such connection,
 * within the same time (docs/decisions/083).
 */
export const sendOverHttp: GatewaySend = (url, call) => exchange(url, call, Date.now() + call.timeoutMs);

/** A reset of a connection the agent had kept: the gateway closed it, never saw the call. */
function closedWhileKept(request: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
}

function exchange(url: string, call: Parameters<GatewaySend>[1], deadline: number): Promise<GatewayAnswer> {
  const { method, headers, body } = call;
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const request = (secure ? https : http).request(target, {
      method,
      agent: AGENTS[secure ? 'https:' : 'http:'],
      headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(() => request.destroy(timedOut()), Math.max(0, deadline - Date.now()));
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!closedWhileKept(request, error)) return fail(error);
      clearTimeout(timer);
      exchange(url, call, deadline).then(resolve, reject);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        const status = response.statusCode ?? 0;
        resolve({
          ok: status >= 200 && status < 300,
          status,
          statusText: response.statusMessage ?? '',
          json: async () => JSON.parse(text) as unknown,
        });
      });
    });
    request.end(body);
  });
}

async function messageOf(response: GatewayAnswer): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : response.statusText;
  } catch {
    return response.statusText;
  }
}

/**
 * One call to the gateway: JSON in, the answer's JSON out. Throws GatewayUnreachable, GatewayTimeout
 * or GatewayRefused; every other answer (a decline included) is the gateway's and comes back.
 */
export async function callGateway<Answer>(
  connection: GatewayConnection,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<Answer> {
  const key = connection.key();
  if (key === null) {
    const missing = new GatewayUnreachable('No gateway key: set PAYMENTS_GATEWAY_SECRET, or start the sandbox');
    logError('payments', `gateway ${method} ${path.split('/')[0]}: no server key`, missing);
    throw missing;
  }
  let response: GatewayAnswer;
  try {
    response = await connection.send(`${connection.baseUrl}/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        accept: 'application/json',
        // On every call that changes something, body or not: a keyless call with no content type is
        // what a cross-site form sends, and the site's origin check (Astro's checkOrigin) refuses it.
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: connection.timeoutMs,
    });
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new GatewayTimeout();
    throw new GatewayUnreachable();
  }
  if (response.ok) {
    try {
      return (await response.json()) as Answer;
    } catch (error) {
      if ((error as Error | undefined)?.name === 'TimeoutError') throw new GatewayTimeout();
      logError('payments', `gateway ${method} ${path.split('/')[0]}: the answer was not JSON`, error);
      throw new GatewayUnreachable('The payment gateway answered something unreadable');
    }
  }
  const message = await messageOf(response);
  if (response.status === 504) throw new GatewayTimeout();
  if (response.status >= 500) {
    if (response.status !== 503)
      logError('payments', `gateway ${method} ${path.split('/')[0]} answered ${response.status}`, message);
    throw new GatewayUnreachable();
  }
  logError('payments', `gateway ${method} ${path.split('/')[0]} refused (${response.status})`, message);
  throw new GatewayRefused(response.status, message);
}

/** A capture or void whose network failures (retryable) and refusals (not) are PaymentProviderErrors. */
export async function settlementCall<Answer extends { success: boolean; code?: string; text?: string }>(
  call: () => Promise<Answer>,
  transactionId: string,
): Promise<void> {
  let answer: Answer;
  try {
    answer = await call();
  } catch (error) {
    if (error instanceof GatewayUnreachable) throw new PaymentProviderError('unreachable', transactionId);
    if (error instanceof GatewayTimeout) throw new PaymentProviderError('noResponse', transactionId);
    if (error instanceof GatewayRefused) throw new PaymentProviderError('invalidState', error.message);
    throw error;
  }
  if (!answer.success) {
    throw new PaymentProviderError(answer.code === 'not_found' ? 'notFound' : 'invalidState', answer.text ?? '');
  }
}

/** A network failure of a call whose caller only needs to know whether to retry (refund, search). */
export function asProviderError(error: unknown, call: string): unknown {
  if (error instanceof GatewayUnreachable) return new PaymentProviderError('unreachable', call);
  if (error instanceof GatewayTimeout) return new PaymentProviderError('noResponse', call);
  if (error instanceof GatewayRefused) return new PaymentProviderError('invalidState', `${call}: ${error.message}`);
  return error;
}
