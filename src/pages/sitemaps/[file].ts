/** /sitemaps/{kind}-{n}.xml: one sitemap file (content, locations, categories or deals), 404 for any other name. */
import type { APIRoute } from 'astro';
import { parseSitemapFile, renderUrlset } from '@/domain/sitemap';
import { getDb } from '@/server/db';
import { publicUrl } from '@/server/runtime';
import { listSitemapPages, SITEMAP_CACHE_CONTROL } from '@/server/sitemap';

export const GET: APIRoute = async ({ params }) => {
  const file = parseSitemapFile(params.file ?? '');
  const { db } = await getDb();
  const pages = file ? await listSitemapPages(db, file.kind, file.page) : null;
  if (!pages) {
    return new Response('Sitemap not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const urls = pages.map((page) => ({ loc: publicUrl(page.path), lastmod: page.lastmod }));
  return new Response(renderUrlset(urls), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SITEMAP_CACHE_CONTROL },
  });
};
