/**
 * /robots.txt: crawl everything public; keep crawlers out of the API, checkout, account pages and
 * search result pages (the bare /search landing stays crawlable). Points to the sitemap index on
 * the configured public origin (SITE_URL, read at run time).
 */
import type { APIRoute } from 'astro';
import { publicUrl } from '@/server/runtime';

const DISALLOWED = [
  '/api/',
  '/checkout',
  '/order-addon',
  '/myaccount',
  '/wishlist',
  '/buy-again',
  '/recently-viewed',
  '/recommended-for-you',
  '/consume-token',
  '/mygift',
  '/giftcard/redeem',
  '/email/preferences',
  '/search?',
  '/*?*dealPreview=',
] as const;

export const GET: APIRoute = () => {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl('/sitemap-index.xml')}`,
    '',
  ];
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
