/**
 * The route-cache provider: Astro's in-memory cache, keyed also by the request's page variant.
 * The brand cookie (`site`) and the remembered location (`location`) change a shared page's
 * HTML (logo, theme, the header's local item), so a page cached for one brand or location
 * must never be served for another. Astro's cache looks a page up before middleware runs,
 * so the variant is read from the cookies here and folded into the cache key
 * (docs/decisions/006-route-cache-variants.md). astro.config.mjs names this file as the provider.
 *
 * Each process has its own memory cache; with REDIS_URL set, an invalidation made in one process is
 * applied in every other one before the change's response is sent (src/server/cache/broadcast.ts,
 * docs/decisions/031-scale-out.md).
 */
import memoryProvider from 'astro/cache/memory';
import { assignedVariant, EXPERIMENTS, experimentsShapingPage } from '@/domain/experiments';
import { clearMemoCaches, joinInvalidationBus } from '@/server/cache';
import { serverConfig } from '@/server/config';

type Provider = ReturnType<typeof memoryProvider>;
type OnRequest = NonNullable<Provider['onRequest']>;

/** Cookies whose values change shared HTML (besides the experiments that shape a page, below). */
const VARIANT_COOKIES = ['site', 'location'] as const;
/** Query parameter the variant is carried in, inside the cache key only. */
const VARIANT_KEY = '__variant';

/**
 * Click ids and campaign parameters never change a page's HTML (the landing cookies are set by a later
 * call, docs/decisions/025), so they are left out of the cache key: every ad click on /ppc is a hit.
 * So is usr_src (a sponsored card's deal link; the browser records the click, docs/decisions/030).
 */
const TRACKING_PARAMS = /^(gclid|msclkid|mgclid|mgid|awc|affiliate|aff_id|affid|fbclid|usr_src|utm_[a-z]+)$/i;

/** The URL without its tracking parameters; the same object when it has none. */
export function withoutTrackingParams(url: URL): URL {
  const names = [...url.searchParams.keys()].filter((name) => TRACKING_PARAMS.test(name));
  if (names.length === 0) return url;
  const clean = new URL(url);
  for (const name of names) clean.searchParams.delete(name);
  return clean;
}

/** A cookie's value, or '' when absent or not decodable (`site=%` must not break the site). */
function readCookie(header: string | null, name: string): string {
  if (!header) return '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return '';
    }
  }
  return '';
}

/**
 * Shared HTML differs by the variant cookies, so a cache in front of the shop must key
 * on them too. Added outside Astro's memory cache, which would otherwise refuse to store the page.
 */
function withVaryCookie(response: Response): Response {
  if (!response.headers.has('CDN-Cache-Control')) return response;
  try {
    const vary = response.headers.get('Vary');
    if (
      !vary
        ?.toLowerCase()
        .split(',')
        .some((name) => name.trim() === 'cookie')
    ) {
      response.headers.set('Vary', vary ? `${vary}, Cookie` : 'Cookie');
    }
  } catch {
    // Immutable headers (a fetched response): leave them.
  }
  return response;
}

/**
 * `site=vip; location=leeds` → "vip|leeds"; empty when neither cookie matters. Pages under
 * /deals/{location} take the location from the path, so the cookie is left out of their key.
 * A page an experiment shapes (spec 4 test variants: /search, /deal/…) adds the visitor's valid
 * variants, `reviews=b`, so one variant's page is never served to another; an unassigned or
 * unknown value keys as the control does (docs/decisions/058).
 */
export function pageVariant(cookieHeader: string | null, pathname: string): string {
  const locationInPath = pathname.startsWith('/deals/');
  const values = VARIANT_COOKIES.map((name) =>
    name === 'location' && locationInPath ? '' : readCookie(cookieHeader, name),
  );
  const experiments = experimentsShapingPage(pathname).flatMap((name) => {
    const variant = assignedVariant(name, readCookie(cookieHeader, EXPERIMENTS[name].cookie));
    return variant === null ? [] : [`${name}=${variant}`];
  });
  if (experiments.length > 0) return [...values, ...experiments].join('|');
  return values.some(Boolean) ? values.join('|') : '';
}

/** Only reads are served from and stored in the cache. */
export function isCacheable(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** A response that no shared cache may keep: a form post's answer. */
function uncached(response: Response): Response {
  try {
    response.headers.delete('CDN-Cache-Control');
    response.headers.delete('Cache-Tag');
    response.headers.set('Cache-Control', 'no-store');
  } catch {
    // Immutable headers (a fetched response): leave them.
  }
  return response;
}

export default function variantCache(config: { max?: number } | undefined): Provider {
  const inner = memoryProvider({ max: config?.max ?? 5000 });
  const bus = joinInvalidationBus(serverConfig().redisUrl, async (invalidation) => {
    clearMemoCaches();
    await inner.invalidate(invalidation);
  });
  const invalidate: Provider['invalidate'] = async (invalidation) => {
    await inner.invalidate(invalidation);
    await bus.publish(invalidation);
  };
  const innerOnRequest = inner.onRequest?.bind(inner);
  if (!innerOnRequest) return { ...inner, invalidate };
  const onRequest: OnRequest = (context, next) => {
    // Forms post to their pages (`?_action=`), cached ones included (the deal page; docs/decisions/030).
    // A POST is answered by rendering, never from the cache, and its answer is never stored.
    if (!isCacheable(context.request.method)) return next().then(uncached);
    const original = new URL(context.request.url);
    const url = withoutTrackingParams(original);
    const untracked = url !== original;
    const variant = pageVariant(context.request.headers.get('cookie'), url.pathname);
    // The key's variant comes from the cookies only, never from a client's own ?__variant=.
    const supplied = url.searchParams.has(VARIANT_KEY);
    url.searchParams.delete(VARIANT_KEY);
    if (!variant && !supplied && !untracked) return innerOnRequest(context, next).then(withVaryCookie);
    if (variant) url.searchParams.set(VARIANT_KEY, variant);
    // Only the key changes: `next` renders the original request.
    const request = new Request(url, { method: context.request.method, headers: context.request.headers });
    return innerOnRequest({ ...context, request, url }, next).then(withVaryCookie);
  };
  return { ...inner, invalidate, onRequest };
}
