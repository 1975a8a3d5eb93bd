/**
 * Cross-site form posts are refused (Astro's checkOrigin, kept as its own middleware so one route
 * can be exempt). RFC 8058 one-click unsubscribe is a POST a mail provider's server makes, with no
 * Origin header: POST /email/unsubscribe takes it. That is safe to take from anywhere: it only
 * unsubscribes the holder of a 256-bit manage token, which a forged form cannot know.
 */
import type { MiddlewareHandler } from 'astro';

const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];
/** Routes that take cross-site posts (method and path). */
const CROSS_SITE_ALLOWED = [{ method: 'POST', path: '/email/unsubscribe' }];

/** Astro's rule: an unsafe method from another origin is refused when it looks like a form (or has no type). */
export function isForbiddenCrossOriginRequest(request: Request, url: URL): boolean {
  if (SAFE_METHODS.includes(request.method)) return false;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (CROSS_SITE_ALLOWED.some((route) => route.method === request.method && route.path === path)) return false;
  const isSameOrigin = request.headers.get('origin') === url.origin;
  const contentType = request.headers.get('content-type');
  if (contentType !== null) {
    const lower = contentType.toLowerCase();
    return FORM_CONTENT_TYPES.some((type) => lower.includes(type)) && !isSameOrigin;
  }
  return !isSameOrigin;
}

export const checkFormOrigin: MiddlewareHandler = (context, next) => {
  if (!context.isPrerendered && isForbiddenCrossOriginRequest(context.request, context.url)) {
    return new Response(`Cross-site ${context.request.method} form submissions are forbidden`, { status: 403 });
  }
  return next();
};
