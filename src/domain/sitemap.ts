/**
 * Sitemap XML (sitemaps.org protocol 0.9): escaping, splitting long URL lists into files of at
 * most 50,000 URLs, and rendering a urlset or a sitemap index. Pure: no I/O.
 */

/** sitemaps.org: a sitemap file holds at most 50,000 URLs. */
export const MAX_URLS_PER_SITEMAP = 50_000;

export interface SitemapUrl {
  /** Absolute URL. */
  loc: string;
  /** W3C date (YYYY-MM-DD) or date-time. */
  lastmod?: string;
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes the five XML special characters (sitemaps.org requires entity-escaped URLs). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

/** How many sitemap files `count` URLs need (at least one, so an empty list still has a file). */
export function sitemapFileCount(count: number, perFile = MAX_URLS_PER_SITEMAP): number {
  return Math.max(1, Math.ceil(count / perFile));
}

/** Splits a URL list into chunks of at most `perFile` (an empty list gives one empty chunk). */
export function splitSitemap<T>(urls: readonly T[], perFile = MAX_URLS_PER_SITEMAP): T[][] {
  if (!Number.isInteger(perFile) || perFile < 1) throw new RangeError('perFile must be a positive integer');
  const files: T[][] = [];
  for (let start = 0; start < urls.length; start += perFile) files.push(urls.slice(start, start + perFile));
  return files.length > 0 ? files : [[]];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function entry(tag: 'url' | 'sitemap', item: SitemapUrl): string {
  const lastmod = item.lastmod ? `<lastmod>${escapeXml(item.lastmod)}</lastmod>` : '';
  return `<${tag}><loc>${escapeXml(item.loc)}</loc>${lastmod}</${tag}>`;
}

/** A <urlset> document. */
export function renderUrlset(urls: readonly SitemapUrl[]): string {
  return `${XML_HEAD}\n<urlset xmlns="${NS}">\n${urls.map((u) => entry('url', u)).join('\n')}\n</urlset>\n`;
}

/** A <sitemapindex> document listing sitemap files. */
export function renderSitemapIndex(sitemaps: readonly SitemapUrl[]): string {
  return `${XML_HEAD}\n<sitemapindex xmlns="${NS}">\n${sitemaps.map((s) => entry('sitemap', s)).join('\n')}\n</sitemapindex>\n`;
}

/** The kinds of sitemap the index points to. */
export const SITEMAP_KINDS = ['content', 'guides', 'locations', 'categories', 'deals'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/**
 * The sitemap @astrojs/sitemap writes at build time for the content pages that are files in the
 * build (src/content): /page/*, /faqs, /merchantfaqs, /refer-a-friend, the affiliates page
 * (decision 023). The index lists it beside the dynamic ones.
 */
export const STATIC_SITEMAP_PATH = '/sitemap-pages-0.xml';

/** The path of the n-th (1-based) file of a kind: /sitemaps/deals-2.xml. */
export function sitemapPath(kind: SitemapKind, page: number): string {
  return `/sitemaps/${kind}-${page}.xml`;
}

/** Reads "deals-2.xml" back into its kind and page, or null when it names no sitemap file. */
export function parseSitemapFile(file: string): { kind: SitemapKind; page: number } | null {
  const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match) return null;
  const kind = SITEMAP_KINDS.find((k) => k === match[1]);
  return kind ? { kind, page: Number(match[2]) } : null;
}
