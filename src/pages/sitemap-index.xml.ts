/**
 * /sitemap-index.xml: the sitemap index over the content, guide, location, category and deal sitemaps
 * (each file at most 50,000 URLs), and beside them the content pages' sitemap that @astrojs/sitemap
 * wrote at build (decision 023). Absolute URLs use the configured public origin (SITE_URL, read at run time).
 */
import type { APIRoute } from 'astro';
import { renderSitemapIndex, SITEMAP_KINDS, STATIC_SITEMAP_PATH, sitemapPath } from '@/domain/sitemap';
import { getDb } from '@/server/db';
import { publicUrl } from '@/server/runtime';
import { countSitemapFiles, SITEMAP_CACHE_CONTROL } from '@/server/sitemap';

export const GET: APIRoute = async () => {
  const { db } = await getDb();
  const counts = await countSitemapFiles(db);
  const files = [
    ...SITEMAP_KINDS.flatMap((kind) =>
      Array.from({ length: counts[kind] }, (_, index) => ({ loc: publicUrl(sitemapPath(kind, index + 1)) })),
    ),
    { loc: publicUrl(STATIC_SITEMAP_PATH) },
  ];
  return new Response(renderSitemapIndex(files), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SITEMAP_CACHE_CONTROL },
  });
};
