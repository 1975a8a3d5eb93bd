/**
 * What the sitemaps list: content pages, town listings, category and sub-category listings that
 * have live deals, the gift finder of each town and category with live gift-able deals
 * (docs/decisions/028), and every live deal (with lastmod), each as site-relative paths. Deals are
 * read a file at a time, so a catalogue of any size never loads more than 50,000 rows at once.
 */
import { sql } from 'drizzle-orm';
import { giftFinderPath } from '@/domain/gift-finder';
import { listingPath } from '@/domain/listing-paths';
import { MAX_URLS_PER_SITEMAP, type SitemapKind, sitemapFileCount } from '@/domain/sitemap';
import { listLocations } from '@/server/catalog';
import { listPublishedGuides } from '@/server/content';
import type { Db } from '@/server/db';

/** Sitemaps change as deals come and go; crawlers and caches may keep them an hour. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600, s-maxage=3600';

/** A page in a sitemap: a site-relative path and, when known, its last change (YYYY-MM-DD). */
export interface SitemapPage {
  path: string;
  lastmod?: string;
}

/**
 * Shared pages that are not listings, deals or guides (spec 2 routes). The content pages that are
 * files (/page/*, /faqs, ...) are in the sitemap @astrojs/sitemap writes at build (STATIC_SITEMAP_PATH).
 */
export const CONTENT_PATHS = [
  '/',
  '/shop',
  '/travel',
  '/escapes',
  '/deals/wellness-collection',
  '/deals/vip',
  '/near-me',
  '/find',
  '/early-bird',
  '/search',
  '/guides',
  '/gifts',
] as const;

const LIVE = sql`d.status = 'live' and d.closing_date > now()`;

async function countLiveDeals(db: Db): Promise<number> {
  const result = await db.execute<{ count: number | string }>(sql`select count(*) as count from deals d where ${LIVE}`);
  return Number(result.rows[0]?.count ?? 0);
}

/** Published guides (docs/decisions/023), not those that redirect, with the day they were last published. */
async function guidePages(db: Db): Promise<SitemapPage[]> {
  const guides = await listPublishedGuides(db);
  return guides
    .filter((guide) => guide.redirectUrl === '')
    .map((guide) => ({ path: `/guides/${guide.slug}`, lastmod: guide.publishedAt.toISOString().slice(0, 10) }));
}

/** Town listings: /deals/{town}. */
async function locationPages(db: Db): Promise<SitemapPage[]> {
  const towns = (await listLocations(db)).filter((location) => location.kind === 'local');
  return towns.map((town) => ({ path: `/deals/${town.shortName}` }));
}

/** Category and sub-category listings with at least one live deal, under towns and special locations, and the towns' gift finders. */
async function categoryPages(db: Db): Promise<SitemapPage[]> {
  const result = await db.execute<{ location: string; category: string; sub_category: string | null }>(sql`
    select distinct l.short_name as location, c.short_name as category, sc.short_name as sub_category
    from deals d
    join locations l on l.id = d.location_id and l.status = 'active'
    join categories c on c.id = d.category_id
    left join categories sc on sc.id = d.sub_category_id
    where ${LIVE} and l.short_name <> 'near-me'
    order by 1, 2, 3
  `);
  const paths = new Set<string>();
  for (const row of result.rows) {
    paths.add(listingPath(row.location, row.category));
    if (row.sub_category) paths.add(listingPath(row.location, row.category, row.sub_category));
  }
  // A special location's own category is its listing, which the content sitemap already has.
  const locationRoots = new Set((await listLocations(db)).map((l) => `/deals/${l.shortName}`));
  const listings = [...paths].filter((path) => !locationRoots.has(path)).map((path) => ({ path }));
  return [...listings, ...(await giftFinderPages(db))];
}

/**
 * The gift finder of each town and top-level category with a live gift-able deal, at
 * spec 2's canonical path (/{location}/{category}/gift-finder); its recipient pages hang off it.
 */
async function giftFinderPages(db: Db): Promise<SitemapPage[]> {
  const result = await db.execute<{ location: string; category: string }>(sql`
    select distinct l.short_name as location, c.short_name as category
    from deals d
    join locations l on l.id = d.location_id and l.status = 'active' and l.kind = 'local'
    join categories c on c.id = d.category_id
    where ${LIVE} and exists (
      select 1 from deal_products gp
      where gp.deal_id = d.id and gp.is_giftable and gp.visibility = 'visible' and not gp.disabled
    )
    order by 1, 2
  `);
  return result.rows.map((row) => ({ path: giftFinderPath(row.location, row.category) }));
}

/** Live deals, one sitemap file's worth (1-based page), by id. */
async function dealPages(db: Db, page: number): Promise<SitemapPage[]> {
  const result = await db.execute<{ id: number; lastmod: string | Date }>(sql`
    select d.id, d.created_at as lastmod from deals d
    where ${LIVE}
    order by d.id
    limit ${MAX_URLS_PER_SITEMAP} offset ${(page - 1) * MAX_URLS_PER_SITEMAP}
  `);
  return result.rows.map((row) => ({
    path: `/deal/${row.id}`,
    lastmod: new Date(row.lastmod).toISOString().slice(0, 10),
  }));
}

/** How many files each kind of sitemap has. */
export async function countSitemapFiles(db: Db): Promise<Record<SitemapKind, number>> {
  const [guides, locations, categories, deals] = await Promise.all([
    guidePages(db),
    locationPages(db),
    categoryPages(db),
    countLiveDeals(db),
  ]);
  return {
    content: sitemapFileCount(CONTENT_PATHS.length),
    guides: sitemapFileCount(guides.length),
    locations: sitemapFileCount(locations.length),
    categories: sitemapFileCount(categories.length),
    deals: sitemapFileCount(deals),
  };
}

/** The pages of one sitemap file (1-based page); null when that file does not exist. */
export async function listSitemapPages(db: Db, kind: SitemapKind, page: number): Promise<SitemapPage[] | null> {
  const slice = (pages: SitemapPage[]) => {
    const start = (page - 1) * MAX_URLS_PER_SITEMAP;
    return page === 1 || start < pages.length ? pages.slice(start, start + MAX_URLS_PER_SITEMAP) : null;
  };
  switch (kind) {
    case 'content':
      return slice(CONTENT_PATHS.map((path) => ({ path })));
    case 'guides':
      return slice(await guidePages(db));
    case 'locations':
      return slice(await locationPages(db));
    case 'categories':
      return slice(await categoryPages(db));
    case 'deals': {
      if (page > sitemapFileCount(await countLiveDeals(db))) return null;
      return dealPages(db, page);
    }
  }
}
