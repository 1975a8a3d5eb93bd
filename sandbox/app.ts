/**
 * The payment sandbox as one handler, Request in and Response out (docs/decisions/035-sandbox-as-its-own-app.md):
 * what ./server.ts serves on its own port and tests call in-process. Its paths:
 * - `/gateway/*`: the server-to-server API the shop calls with the server key (./gateway-api.ts);
 * - `POST /bt/tokenize`, `/wallets/tokenize`, `/paypal/payments`, `/3ds/authenticate`,
 *   `/3ds/{id}/cancel` and `GET /3ds/{id}`: what a shop's page calls from the shopper's browser,
 *   cross-origin (CORS for the shop's origins: ./http.ts);
 * - `/paypal/approve?id=`, `/klarna/hpp/{id}`, `/clearpay/checkout/{token}`: the providers' hosted
 *   pages the shopper is sent to, which send them back to the shop's checkout (./pages);
 *   `/3ds/challenge/{id}`: the card issuer's challenge page, which the shop's page frames;
 * - `/idp/google/*`, `/idp/facebook/*`: the identity-provider stand-in (./identity-provider.ts,
 *   decision 055): the sign-in pages a shopper is sent to, and the token, key set and profile calls
 *   the shop makes server to server;
 * - `/assets/*.css`, `/assets/*.js`: those pages' stylesheets and the challenge page's script.
 *   Anything else is a 404.
 */
import { readFileSync } from 'node:fs';
import { STAND_IN_PATHS } from '@/contracts/identity-provider.mjs';
import type { SandboxDb } from './db/client';
import { createGatewayHandler } from './gateway-api';
import { apiError, forShopBrowsers, isCrossSiteForm } from './http';
import { createIdentityProvider, type IdentityProviderName } from './identity-provider';
import { logFailure } from './log';
import { clearpayPage } from './pages/clearpay-checkout';
import { identityProviderSignInPage } from './pages/identity-provider-sign-in';
import { klarnaPage } from './pages/klarna-hpp';
import { payPalApprovePage } from './pages/paypal-approve';
import { threeDSecureChallengePage } from './pages/three-d-secure-challenge';
import type { SandboxContext } from './routes/context';
import { createPayPalPaymentCall } from './routes/paypal-payments';
import { authenticateCall, authenticationStatusCall, cancelChallengeCall } from './routes/three-d-secure';
import { tokeniseCardCall } from './routes/tokenise';
import { tokeniseWalletCall } from './routes/wallets';
import { readSandboxSettings, type SandboxSite } from './settings';

export interface SandboxAppOptions {
  /** The sandbox's database, or how to reach it (tests: the test's own). */
  db: SandboxDb | (() => Promise<SandboxDb>);
  /** The variables the switches and keys are read from, per call (./settings.ts); default the environment. */
  env?: NodeJS.ProcessEnv;
  /** Its browser origin and the shop's origins; default from the settings in `env`. */
  site?: SandboxSite;
}

type Call = (request: Request, context: SandboxContext) => Promise<Response>;

/** The calls a shop's page makes from the shopper's browser. */
const BROWSER_CALLS: Readonly<Record<string, Call>> = {
  '/bt/tokenize': tokeniseCardCall,
  '/wallets/tokenize': tokeniseWalletCall,
  '/paypal/payments': createPayPalPaymentCall,
  '/3ds/authenticate': authenticateCall,
};

/** The browser's calls about one thing, by the pattern of their path (its id) and their one method. */
const BROWSER_CALLS_ON: ReadonlyArray<
  readonly [RegExp, 'GET' | 'POST', (request: Request, context: SandboxContext, part: string) => Promise<Response>]
> = [
  [/^\/3ds\/([^/]+)$/, 'GET', authenticationStatusCall],
  [/^\/3ds\/([^/]+)\/cancel$/, 'POST', cancelChallengeCall],
];

/** The hosted pages, each by the pattern of its path (the one segment it takes). */
const PAGES: ReadonlyArray<
  readonly [RegExp, (request: Request, context: SandboxContext, part: string) => Promise<Response>]
> = [
  [/^\/paypal\/approve$/, (request, context) => payPalApprovePage(request, context)],
  [/^\/klarna\/hpp\/([^/]+)$/, klarnaPage],
  [/^\/clearpay\/checkout\/([^/]+)$/, clearpayPage],
  [/^\/3ds\/challenge\/([^/]+)$/, threeDSecureChallengePage],
];

const asset = (file: string) => readFileSync(new URL(`./pages/${file}`, import.meta.url), 'utf8');

/** The pages' own files, each with its type. */
const ASSETS: Readonly<Record<string, { body: string; type: string }>> = {
  '/assets/paypal.css': { body: asset('paypal.css'), type: 'text/css; charset=utf-8' },
  '/assets/pay-later.css': { body: asset('pay-later.css'), type: 'text/css; charset=utf-8' },
  '/assets/three-d-secure.css': { body: asset('three-d-secure.css'), type: 'text/css; charset=utf-8' },
  '/assets/challenge-complete.js': {
    body: asset('challenge-complete.js'),
    type: 'text/javascript; charset=utf-8',
  },
};

function assetResponse({ body, type }: { body: string; type: string }): Response {
  return new Response(body, {
    headers: { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
  });
}

/** A path segment as text: decoded, and '' when it cannot be or holds a NUL (never a 500). */
function segment(raw: string): string {
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.includes('\u0000') ? '' : decoded;
  } catch {
    return '';
  }
}

/** The sandbox's handler. Builds the gateway API at once, so a bad switch stops whoever starts it. */
export function createSandboxApp(options: SandboxAppOptions): (request: Request) => Promise<Response> {
  const site = options.site ?? readSandboxSettings(options.env);
  const db = typeof options.db === 'function' ? options.db : async () => options.db as SandboxDb;
  const context: SandboxContext = { db, env: options.env, site };
  const gateway = createGatewayHandler({ db, env: options.env, site });
  const idp = createIdentityProvider(site);
  const signInPages: ReadonlyArray<readonly [string, IdentityProviderName]> = [
    [STAND_IN_PATHS.google.authorize, 'google'],
    [STAND_IN_PATHS.facebook.authorize, 'facebook'],
  ];

  async function route(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/gateway/')) return gateway(request);
    const idpCall = idp.call(request);
    if (idpCall !== null) return idpCall;
    for (const [signInPath, provider] of signInPages) {
      if (path !== signInPath) continue;
      if (request.method !== 'GET' && request.method !== 'POST') return apiError(405, 'Method not allowed.');
      if (isCrossSiteForm(request)) return apiError(403, 'Cross-site form posts are refused.');
      return identityProviderSignInPage(request, context, provider, idp);
    }
    const call = BROWSER_CALLS[path];
    if (call) return forShopBrowsers(request, site, () => call(request, context));
    for (const [pattern, method, callOn] of BROWSER_CALLS_ON) {
      const match = pattern.exec(path);
      if (match) return forShopBrowsers(request, site, () => callOn(request, context, segment(match[1] ?? '')), method);
    }
    const file = ASSETS[path];
    if (file !== undefined && (request.method === 'GET' || request.method === 'HEAD')) return assetResponse(file);
    for (const [pattern, show] of PAGES) {
      const match = pattern.exec(path);
      if (!match) continue;
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST') {
        const refused = apiError(405, 'Method not allowed.');
        refused.headers.set('Allow', 'GET, HEAD, POST');
        return refused;
      }
      if (isCrossSiteForm(request)) return apiError(403, 'Cross-site form posts are refused.');
      return show(request, context, segment(match[1] ?? ''));
    }
    return apiError(404, 'Not found.');
  }

  return async (request) => {
    try {
      return await route(request);
    } catch (error) {
      // The first segment only: the rest may be a session's id or a checkout's token.
      logFailure(`${request.method} /${new URL(request.url).pathname.split('/')[1] ?? ''} failed`, error);
      return apiError(500, 'The payment sandbox could not answer.');
    }
  };
}
