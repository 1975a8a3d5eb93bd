/**
 * /sitemap-index.xml: the sitemap index over the content, location, category and deal sitemaps
 * (each file at most 50,000 URLs). Absolute URLs use the configured site (SITE_URL, astro.config `site`).
 */
import type { APIRoute } from 'astro';
import { renderSitemapIndex, SITEMAP_KINDS, sitemapPath } from '../domain/sitemap';
import { getDb } from '../server/db';
import { countSitemapFiles, SITEMAP_CACHE_CONTROL } from '../server/sitemap';

export const GET: APIRoute = async ({ site, url }) => {
  const { db } = await getDb();
  const counts = await countSitemapFiles(db);
  const base = site ?? new URL(url.origin);
  const files = SITEMAP_KINDS.flatMap((kind) =>
    Array.from({ length: counts[kind] }, (_, index) => ({ loc: new URL(sitemapPath(kind, index + 1), base).href })),
  );
  return new Response(renderSitemapIndex(files), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SITEMAP_CACHE_CONTROL },
  });
};
