/**
 * The spec 3 logging record of a request: brand, the basket and customer token cookies (as
 * pseudonyms), the client's address and user agent. Used by notFoundHit and the spec 7 log call.
 */
import type { APIContext } from 'astro';
import { BASKET_TOKEN_COOKIE } from '@/domain/basket';
import { IDENTITY_COOKIES } from '@/domain/cookies';
import { type LogRecordInput, logRecord } from '@/server/log';

type RequestLike = Pick<APIContext, 'cookies' | 'request' | 'locals'> & { clientAddress?: string };

function clientAddress(context: RequestLike): string | null {
  try {
    return context.clientAddress ?? null;
  } catch {
    // Astro throws when the adapter cannot tell (prerendering, tests).
    return null;
  }
}

export function requestRecord(
  context: RequestLike,
  fields: Pick<LogRecordInput, 'description' | 'pageNotFound' | 'reason'> & { userAgent?: string | null },
): LogRecordInput {
  return {
    brand: context.locals.brand ?? 'tuppence',
    basketToken: context.cookies.get(BASKET_TOKEN_COOKIE)?.value ?? null,
    customerToken: context.cookies.get(IDENTITY_COOKIES.customerToken)?.value ?? null,
    ip: clientAddress(context),
    userAgent: fields.userAgent ?? context.request.headers.get('user-agent'),
    description: fields.description,
    pageNotFound: fields.pageNotFound ?? null,
    reason: fields.reason ?? null,
  };
}

/** spec 7 notFoundHit: every page answered 404 is recorded (path only, never its query). */
export function recordNotFound(context: RequestLike, path: string): void {
  const referrer = context.request.headers.get('referer');
  logRecord(
    'notFoundHit',
    requestRecord(context, {
      description: 'Page not found',
      pageNotFound: path,
      reason: referrer ? `referrer ${new URL(referrer, 'http://x').pathname}` : null,
    }),
    'warn',
  );
}
