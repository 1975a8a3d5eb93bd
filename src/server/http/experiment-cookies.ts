/**
 * spec 4 "Test variants", assigned on the server: a GET answered with something that is not a
 * shared cached page (an API read such as suggest or search, a personal or uncached page) carries Set-Cookie for each experiment the
 * visitor has no valid variant of yet, drawn once and then kept (spec 9: 365 days; the dynamic
 * price variant to the end of the day UTC). A shared page never sets a cookie (it would be served
 * to everyone), and nothing here runs in the browser, which keeps the pages' JavaScript light.
 * Variants are performance cookies: allowed unless refused (spec 5).
 */
import { CONSENT_COOKIE, isAllowed, parseConsent, readCookie } from '@/domain/consent';
import { assignVariant, EXPERIMENT_NAMES, EXPERIMENTS, variantExpiry } from '@/domain/experiments';

/** The Set-Cookie values a request's visitor still needs (none when performance cookies are refused). */
export function experimentCookies(
  cookieHeader: string | null,
  options: { now: Date; secure: boolean; random?: () => number },
): string[] {
  if (!isAllowed(parseConsent(readCookie(cookieHeader, CONSENT_COOKIE)), 'performance')) return [];
  const cookies: string[] = [];
  for (const name of EXPERIMENT_NAMES) {
    const definition = EXPERIMENTS[name];
    const { value, isNew } = assignVariant(
      definition,
      readCookie(cookieHeader, definition.cookie),
      options.random ?? Math.random,
    );
    if (!isNew) continue;
    const expires = variantExpiry(definition, options.now).toUTCString();
    cookies.push(
      `${definition.cookie}=${value}; Path=/; Expires=${expires}; SameSite=Lax${options.secure ? '; Secure' : ''}`,
    );
  }
  return cookies;
}

/** Adds the visitor's missing variants to a response that is not a shared page. */
export function withExperimentCookies(response: Response, request: Request, secure: boolean): Response {
  const cacheControl = response.headers.get('Cache-Control') ?? '';
  // Reads only: a form post or a call that changes something answers the same for everyone.
  if (request.method !== 'GET' || cacheControl.startsWith('public') || response.status >= 300) return response;
  try {
    for (const cookie of experimentCookies(request.headers.get('cookie'), { now: new Date(), secure })) {
      response.headers.append('Set-Cookie', cookie);
    }
  } catch {
    // Immutable headers (a fetched response): variants wait for the next request.
  }
  return response;
}
