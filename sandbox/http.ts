/**
 * How the sandbox answers over HTTP: JSON answers and `{message, status}` refusals (the shape the
 * shop's client reads), private and never stored by a cache; HTML pages with their own Content
 * Security Policy; and CORS for the calls a shop's browser makes to it (tokenise a card, create a
 * PayPal payment, a device wallet's sheet, 3-D Secure), answered for the shop's origins only
 * (SANDBOX_SHOP_ORIGINS; docs/decisions/035-sandbox-as-its-own-app.md).
 */
import type { SandboxSite } from './settings';

const PRIVATE = 'private, no-store';

/** A JSON answer, private. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': PRIVATE },
  });
}

/** A refusal: `{ message, status }`, private. */
export function apiError(status: number, message: string): Response {
  return json({ message, status }, status);
}

/** What a page may do beyond the default: be framed by a shop's page, run the sandbox's own script files. */
export interface PagePolicy {
  /** The origins that may frame it (the issuer's challenge page, in the shop's modal); none by default. */
  frameAncestors?: readonly string[];
  /** Whether it loads a script file of the sandbox's own (`script-src 'self'`, never inline). */
  scripts?: boolean;
}

/**
 * An HTML page of the sandbox's own (a provider's hosted page). Its policy allows only its own
 * stylesheet and forms that post to itself; a form's answer may redirect to the shop (the way back),
 * so the shop's origins join form-action, which browsers apply to a form's redirects too. No page is
 * framed, and none runs a script, unless its `policy` says so.
 */
export function html(markup: string, site: SandboxSite, status = 200, policy: PagePolicy = {}): Response {
  const ancestors = policy.frameAncestors?.length ? policy.frameAncestors.join(' ') : "'none'";
  const directives = [
    "default-src 'none'",
    "style-src 'self'",
    ...(policy.scripts ? ["script-src 'self'"] : []),
    "img-src 'self' data:",
    `form-action 'self' ${site.shopOrigins.join(' ')}`,
    "base-uri 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
  return new Response(`<!doctype html>${markup}`, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': PRIVATE,
      'Content-Security-Policy': directives,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    },
  });
}

/** A 303 to `location` (after a form post: the next step, or back to the shop). */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': PRIVATE } });
}

/** A form post from another site's page: refused, as the shop refuses one (the sandbox's pages post only to themselves). */
export function isCrossSiteForm(request: Request): boolean {
  const origin = request.headers.get('origin');
  return request.method === 'POST' && origin !== null && origin !== new URL(request.url).origin;
}

/**
 * A browser call from a shop's page: the preflight answered, the call run and its answer marked
 * readable by that origin. A call from another site's page is refused (403) before it does
 * anything; one with no Origin (a server, a test) is not a browser's and runs. Each call takes one
 * method (POST unless said: a 3-D Secure status is a GET).
 */
export async function forShopBrowsers(
  request: Request,
  site: SandboxSite,
  call: () => Promise<Response>,
  method: 'GET' | 'POST' = 'POST',
): Promise<Response> {
  const origin = request.headers.get('origin');
  if (origin !== null && !site.shopOrigins.includes(origin)) {
    return apiError(403, 'This origin may not call the payment gateway.');
  }
  const allowed = (response: Response) => {
    response.headers.append('Vary', 'Origin');
    if (origin !== null) response.headers.set('Access-Control-Allow-Origin', origin);
    return response;
  };
  if (request.method === 'OPTIONS') {
    const preflight = allowed(new Response(null, { status: 204, headers: { 'Cache-Control': PRIVATE } }));
    preflight.headers.set('Access-Control-Allow-Methods', method);
    preflight.headers.set('Access-Control-Allow-Headers', 'Content-Type, Accept');
    preflight.headers.set('Access-Control-Max-Age', '600');
    return preflight;
  }
  if (request.method !== method) {
    const refused = apiError(405, 'Method not allowed.');
    refused.headers.set('Allow', `${method}, OPTIONS`);
    return allowed(refused);
  }
  return allowed(await call());
}
