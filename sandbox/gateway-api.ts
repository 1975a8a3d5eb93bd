/**
 * The sandbox gateway's server-to-server API (src/contracts/payment-gateway.ts;
 * docs/decisions/020-payment-gateway-over-http.md): what the shop calls over HTTP, as it would call
 * Braintree, Klarna or Clearpay. One handler, Request in and Response out, served under /gateway/ by
 * the sandbox's app (./app.ts) and, in tests, called in-process on the test's own database.
 *
 * Every call needs the server key (`Authorization: Bearer <PAYMENTS_GATEWAY_SECRET>`, or the key
 * the sandbox issues into its file: ./kept-secret.ts), so a browser cannot make one; answers are
 * JSON, private and never cached (./http.ts). Each goes through the simulated network
 * (PAYMENTS_FAULT, read per call): `unreachable` answers 503 and `timeout` 504 with nothing done;
 * `slow` does the work, then answers late.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import {
  EmptyBodySchema,
  GATEWAY_KEY,
  GatewayRefundSchema,
  GatewaySaleSchema,
  type PayLaterProviderName,
  PayLaterSaleSchema,
  PayLaterSessionSchema,
  type PaymentMethodNonceAnswer,
} from '@/contracts/payment-gateway';
import { KeptSecretError } from '@/domain/kept-secret';
import { MESSAGES } from '@/domain/messages';
import { configurationOf } from './clearpay';
import type { SandboxDb } from './db/client';
import { apiError, json } from './http';
import {
  authorise,
  capture,
  createPaymentMethodNonce,
  deletePaymentMethod,
  lookupSale,
  lookupThreeDSecure,
  refundSale,
  voidSale,
} from './index';
import { keptSecret } from './kept-secret';
import { logFailure } from './log';
import { GatewayTimeout, GatewayUnreachable, overNetwork } from './network';
import { payLaterOrders } from './pay-later-sales';
import { openPayLaterSession, payLaterLimits } from './pay-later-sessions';
import { isShopUrl, PaymentsConfigError, readSandboxConfig, type SandboxSite } from './settings';
import { findVaulted } from './vault';

export interface GatewayServerOptions {
  /** The sandbox's database, or how to reach it. */
  db: SandboxDb | (() => Promise<SandboxDb>);
  /** The variables the switches and the server key are read from, on every call (./settings.ts); default the environment. */
  env?: NodeJS.ProcessEnv;
  /** The sandbox's browser origin (its approval pages) and the shop's origins (where they return to). */
  site: SandboxSite;
}

/** What every call is handed besides its path's parts and its body. */
interface CallContext {
  db: () => Promise<SandboxDb>;
  env: NodeJS.ProcessEnv | undefined;
  site: SandboxSite;
}

/** A request the schema lets through but the call refuses (400), with what to send instead. */
class BadRequest extends Error {}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries this installation's server key (compared in constant time). */
function authorised(request: Request, env: NodeJS.ProcessEnv | undefined): boolean {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(keptSecret(GATEWAY_KEY, env)));
}

type Route = {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  schema?: z.ZodType;
  /** The answer, sent as JSON 200, or a Response of its own (a 404 for what is not there). */
  run: (context: CallContext, parts: string[], body: unknown) => Promise<unknown>;
};

const PROVIDER = '(klarna|clearpay)';
const SEGMENT = '([^/]+)';

/** The API: paths below the gateway's base URL. */
const ROUTES: Route[] = [
  {
    method: 'POST',
    pattern: /^transactions\/sale$/,
    schema: GatewaySaleSchema,
    run: async ({ db, env }, _, body) => authorise(await db(), body as z.output<typeof GatewaySaleSchema>, { env }),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^transactions/${SEGMENT}/submit_for_settlement$`),
    schema: EmptyBodySchema,
    run: async ({ db, env }, [id = '']) => capture(await db(), id, { env }),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^transactions/${SEGMENT}/void$`),
    schema: EmptyBodySchema,
    run: async ({ db, env }, [id = '']) => voidSale(await db(), id, { env }),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^transactions/${SEGMENT}/refund$`),
    schema: GatewayRefundSchema,
    run: async ({ db, env }, [id = ''], body) =>
      refundSale(await db(), id, body as z.output<typeof GatewayRefundSchema>, { env }),
  },
  {
    method: 'GET',
    pattern: /^transactions\/search$/,
    // The query string is the body of a GET: ?idempotencyKey=
    run: async ({ db, env }, _parts, query) =>
      lookupSale(await db(), (query as Record<string, string>).idempotencyKey ?? '', { env }),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^payment_methods/${SEGMENT}$`),
    run: ({ db, env }, [token = '']) => overNetwork(async () => findVaulted(await db(), token), env),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^payment_methods/${SEGMENT}/nonces$`),
    schema: EmptyBodySchema,
    run: async ({ db, env }, [token = '']) => {
      const nonce = await createPaymentMethodNonce(await db(), token, { env });
      if (nonce === null) return apiError(404, 'Payment method token is invalid.');
      const answer: PaymentMethodNonceAnswer = { nonce };
      return answer;
    },
  },
  {
    method: 'DELETE',
    pattern: new RegExp(`^payment_methods/${SEGMENT}$`),
    run: async ({ db, env }, [token = '']) => deletePaymentMethod(await db(), token, { env }),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^three_d_secure/${SEGMENT}$`),
    run: async ({ db, env }, [id = '']) => lookupThreeDSecure(await db(), id, { env }),
  },
  {
    method: 'GET',
    pattern: new RegExp(`^${PROVIDER}/configuration$`),
    run: ({ env }, [provider]) =>
      overNetwork(async () => configurationOf(payLaterLimits(provider as PayLaterProviderName)), env),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${PROVIDER}/sessions$`),
    schema: PayLaterSessionSchema,
    run: async ({ db, env, site }, [provider], body) => {
      const session = body as z.output<typeof PayLaterSessionSchema>;
      // The provider's page sends the shopper there: only to a shop this sandbox serves.
      if (!isShopUrl(session.returnUrl, site)) {
        throw new BadRequest('returnUrl must be on a shop origin this sandbox serves (SANDBOX_SHOP_ORIGINS).');
      }
      return openPayLaterSession(await db(), provider as PayLaterProviderName, session, {
        env,
        publicUrl: site.publicUrl,
      });
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${PROVIDER}/sales$`),
    schema: PayLaterSaleSchema,
    run: async ({ db, env }, [provider], body) =>
      payLaterOrders(await db(), provider as PayLaterProviderName, { env }).authorise(
        body as z.output<typeof PayLaterSaleSchema>,
      ),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${PROVIDER}/sales/${SEGMENT}/capture$`),
    schema: EmptyBodySchema,
    run: async ({ db, env }, [provider, id = '']) =>
      payLaterOrders(await db(), provider as PayLaterProviderName, { env }).capture(id),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${PROVIDER}/sales/${SEGMENT}/void$`),
    schema: EmptyBodySchema,
    run: async ({ db, env }, [provider, id = '']) =>
      payLaterOrders(await db(), provider as PayLaterProviderName, { env }).void(id),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${PROVIDER}/sales/${SEGMENT}/refunds$`),
    schema: GatewayRefundSchema,
    run: async ({ db, env }, [provider, id = ''], body) =>
      payLaterOrders(await db(), provider as PayLaterProviderName, { env }).refund(
        id,
        body as z.output<typeof GatewayRefundSchema>,
      ),
  },
];

/** The path below `/gateway/` of a request's URL ("transactions/sale"). */
function apiPath(url: URL): string {
  const at = url.pathname.indexOf('/gateway/');
  return at < 0 ? '' : url.pathname.slice(at + '/gateway/'.length).replace(/\/+$/, '');
}

async function readBody(request: Request, schema: z.ZodType): Promise<{ ok: true; data: unknown } | Response> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return apiError(400, 'Send a JSON body.');
  }
  const parsed = schema.safeParse(body);
  // The schemas' own messages only: they are written by us and hold no input.
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? 'Check the request.');
  return { ok: true, data: parsed.data };
}

/**
 * The gateway's handler. Checks the switches at once, so a fault switch left on in production stops
 * whoever builds it (PaymentsConfigError), and makes the server key when none is kept yet, so the
 * shop finds it from the start.
 */
export function createGatewayHandler(options: GatewayServerOptions): (request: Request) => Promise<Response> {
  const { env, site } = options;
  readSandboxConfig(env);
  keptSecret(GATEWAY_KEY, env);
  const db = typeof options.db === 'function' ? options.db : async () => options.db as SandboxDb;
  return async (request) => {
    try {
      if (!authorised(request, env)) {
        const refused = apiError(401, 'This call needs the gateway server key.');
        refused.headers.set('WWW-Authenticate', 'Bearer');
        return refused;
      }
      const url = new URL(request.url);
      const path = apiPath(url);
      const matching = ROUTES.filter((route) => route.pattern.test(path));
      if (matching.length === 0) return apiError(404, 'No such gateway call.');
      const route = matching.find((candidate) => candidate.method === request.method);
      if (route === undefined) {
        const refused = apiError(405, 'Method not allowed.');
        refused.headers.set('Allow', matching.map((candidate) => candidate.method).join(', '));
        return refused;
      }
      let body: unknown = Object.fromEntries(url.searchParams);
      if (route.schema) {
        const read = await readBody(request, route.schema);
        if (read instanceof Response) return read;
        body = read.data;
      }
      const parts = (route.pattern.exec(path) ?? []).slice(1).map((part) => decodeURIComponent(part));
      const answer = await route.run({ db, env, site }, parts, body);
      return answer instanceof Response ? answer : json(answer);
    } catch (error) {
      if (error instanceof BadRequest) return apiError(400, error.message);
      if (error instanceof GatewayUnreachable) return apiError(503, MESSAGES.providerUnreachable);
      if (error instanceof GatewayTimeout) return apiError(504, MESSAGES.connectionTimeout);
      if (error instanceof PaymentsConfigError || error instanceof KeptSecretError) {
        logFailure('gateway misconfigured', error);
        return apiError(500, error.message);
      }
      throw error;
    }
  };
}
