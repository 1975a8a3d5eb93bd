/**
 * The shop's public origin, from SITE_URL read at run time (src/server/config.ts, which the jobs
 * read too). Every absolute URL the shop hands out (emailed links, canonicals, sitemaps, robots.txt,
 * JSON-LD, social tags) is built from it, never from the request's Host header, which a stranger
 * chooses. Components, which import no server code, find it on `Astro.locals.publicOrigin`.
 */
import { absoluteUrl } from '@/domain/absolute-url';
import { serverConfig } from '@/server/config';

/** `https://www.tuppence.co.uk` (no trailing slash, no path). */
export function publicOrigin(): string {
  return serverConfig().publicOrigin;
}

/** The absolute URL of a path (or path and query) on the public origin. */
export function publicUrl(path: string): string {
  return absoluteUrl(publicOrigin(), path);
}
