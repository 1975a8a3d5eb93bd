/**
 * Issue 14.1: the shop's public origin, from SITE_URL read at run time. Every absolute URL the shop
 * hands out (emailed links, canonicals, sitemaps, robots.txt, JSON-LD, social tags) is built from
 * it, never from the request's Host header, which a stranger chooses.
 */
import { SITE_URL } from 'astro:env/server';
import { absoluteUrl } from '@/domain/absolute-url';

/** `https://www.tuppence.co.uk` (no trailing slash, no path). */
export function publicOrigin(): string {
  return new URL(SITE_URL).origin;
}

/** The absolute URL of a path (or path and query) on the public origin. */
export function publicUrl(path: string): string {
  return absoluteUrl(SITE_URL, path);
}
