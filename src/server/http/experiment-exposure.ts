/**
 * spec 4 test variants, as a request sees them (docs/decisions/058): the visitor's variant of an
 * experiment read from its cookie, and the exposure recorded the first time in a browser session that
 * the variant decides what the visitor sees. Recording needs the visitor's analytics consent
 * (decision 059) and an assigned variant; the session is a random id in a session cookie set here,
 * so only responses that are not shared pages call `exposeVariant` (the checkout, the exposure call).
 */
import type { APIContext } from 'astro';
import { isAnalyticsAllowed } from '@/domain/analytics';
import { CONSENT_COOKIE, parseConsent } from '@/domain/consent';
import { isSecureCookieContext } from '@/domain/cookies';
import { type DynamicPriceVariant, dynamicPriceVariantOf } from '@/domain/dynamic-price';
import { assignedVariant, EXPERIMENTS, type ExperimentName } from '@/domain/experiments';
import type { Db } from '@/server/db';
import { recordExposure } from '@/server/experiments';

/** The browser session an exposure is counted in: a random id, gone when the browser closes. */
export const EXPOSURE_SESSION_COOKIE = 'exposure_session';
const SESSION_ID = /^[0-9a-f-]{36}$/;

type CookieContext = Pick<APIContext, 'cookies' | 'url'>;

/** The visitor's valid variant of `name`, or null while none is assigned (they see the control). */
export function readVariant(context: Pick<APIContext, 'cookies'>, name: ExperimentName): string | null {
  return assignedVariant(name, context.cookies.get(EXPERIMENTS[name].cookie)?.value);
}

/**
 * spec 4 dynamic price variant (decision 058): how a basket change from this request keeps the lower
 * price the visitor was shown. Every way into a basket passes it, so page, basket and charge agree.
 */
export function shownPriceOptions(context: Pick<APIContext, 'cookies'>): { dynamicPrice: DynamicPriceVariant } {
  return { dynamicPrice: dynamicPriceVariantOf(readVariant(context, 'dynamicPrice')) };
}

/** This browser session's id, made (and its cookie set) on first use. */
function exposureSession(context: CookieContext): string {
  const existing = context.cookies.get(EXPOSURE_SESSION_COOKIE)?.value;
  if (existing && SESSION_ID.test(existing)) return existing;
  const id = crypto.randomUUID();
  context.cookies.set(EXPOSURE_SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecureCookieContext(context.url),
  });
  return id;
}

/**
 * Records that this visitor saw their variant of `name` on `path`, once per session. Answers 0
 * without analytics consent, without an assigned variant, or when already recorded this session.
 */
export async function exposeVariant(
  context: CookieContext,
  db: Db,
  name: ExperimentName,
  path: string = context.url.pathname,
): Promise<{ recorded: 0 | 1 }> {
  const variant = readVariant(context, name);
  if (variant === null || !isAnalyticsAllowed(parseConsent(context.cookies.get(CONSENT_COOKIE)?.value))) {
    return { recorded: 0 };
  }
  return recordExposure(db, { experiment: name, variant, path, sessionId: exposureSession(context) });
}
