/**
 * Campaign landings (docs/decisions/025; spec 2 /ppc and /welcome, page types ppc and welcome): the
 * editor's configuration of each landing, its defaults, and the deals its feed shows.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DealSummary } from '@/contracts/deal';
import { SORT_OPTIONS } from '@/domain/listing-filters';
import { listDeals, retrieveCategory, retrieveLocation } from '@/server/catalog';
import type { Db } from '@/server/db';
import { type LandingFeed, type LandingOffer, type LandingRow, landingPages } from './schema';

export const LANDING_SLUGS = ['ppc', 'welcome'] as const;
export type LandingSlug = (typeof LANDING_SLUGS)[number];
export type Landing = Omit<LandingRow, 'updatedAt'>;

/** spec 9: 9 deals per block; a landing shows two blocks unless configured otherwise. */
const DEFAULT_FEED_SIZE = 18;
const MAX_FEED_SIZE = 50;

/** What a landing shows before an editor has saved anything. Paid landings stay out of search results. */
export const LANDING_DEFAULTS: Readonly<Record<LandingSlug, Landing>> = {
  ppc: {
    slug: 'ppc',
    headline: 'Treat yourself for less',
    subheading: 'Spa days, restaurants, experiences and UK breaks for less.',
    heroImageUrl: '',
    heroAlt: '',
    feed: { orderBy: 'popularity', pageSize: DEFAULT_FEED_SIZE },
    offer: {
      title: 'Local favourites for less',
      text: 'Hand-picked deals from independent restaurants, spas and experiences near you. Buy now, book later.',
      ctaLabel: 'See deals near you',
      ctaUrl: '/deals/london',
    },
    indexable: false,
  },
  welcome: {
    slug: 'welcome',
    headline: 'Welcome to Tuppence',
    subheading: 'The best of your town, and UK breaks, for less.',
    heroImageUrl: '',
    heroAlt: '',
    feed: { orderBy: 'discount', pageSize: DEFAULT_FEED_SIZE },
    offer: {
      title: 'New here? Start with our biggest discounts',
      text: 'Every voucher is valid for months, and you can extend it by up to 3 months if plans change.',
      ctaLabel: 'Browse all deals',
      ctaUrl: '/deals/london',
    },
    indexable: false,
  },
};

export function isLandingSlug(value: string): value is LandingSlug {
  return (LANDING_SLUGS as readonly string[]).includes(value);
}

/** The configured landing, or its defaults. */
export async function retrieveLanding(db: Db, slug: LandingSlug): Promise<Landing> {
  const [row] = await db.select().from(landingPages).where(eq(landingPages.slug, slug));
  if (row === undefined) return LANDING_DEFAULTS[slug];
  const { updatedAt: _updated, ...landing } = row;
  return landing;
}

const SamePath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s]*$/, { error: 'Use a path on this site, starting with /' });

/** What an editor may set (PUT /api/internal/landings/{slug}). */
export const LandingInputSchema = z.object({
  headline: z.string().trim().min(1).max(120),
  subheading: z.string().trim().max(300).default(''),
  heroImageUrl: z.union([SamePath, z.literal('')]).default(''),
  heroAlt: z.string().trim().max(200).default(''),
  feed: z
    .object({
      location: z.string().trim().max(60).optional(),
      category: z.string().trim().max(60).optional(),
      searchTag: z.string().trim().toLowerCase().max(60).optional(),
      orderBy: z.enum(['popularity', 'pricehigh', 'discount', 'recent', 'pricelow']).optional(),
      minPrice: z.number().int().min(0).max(5000).optional(),
      maxPrice: z.number().int().min(0).max(5000).optional(),
      pageSize: z.number().int().min(1).max(MAX_FEED_SIZE).optional(),
    })
    .default({}),
  offer: z
    .object({
      title: z.string().trim().min(1).max(120),
      text: z.string().trim().max(400),
      ctaLabel: z.string().trim().min(1).max(40),
      ctaUrl: SamePath,
    })
    .nullable()
    .default(null),
  indexable: z.boolean().default(false),
});
export type LandingInput = z.infer<typeof LandingInputSchema>;

/** Saves an editor's configuration (one row per landing). */
export async function saveLanding(db: Db, slug: LandingSlug, input: LandingInput): Promise<Landing> {
  const values = { slug, ...input, feed: input.feed as LandingFeed, offer: input.offer as LandingOffer | null };
  await db
    .insert(landingPages)
    .values(values)
    .onConflictDoUpdate({ target: landingPages.slug, set: { ...values, updatedAt: sql`now()` } });
  return retrieveLanding(db, slug);
}

/** The deals a landing's feed shows (live deals only; an unknown location or category shows none). */
export async function landingDeals(db: Db, feed: LandingFeed): Promise<DealSummary[]> {
  const location = feed.location ? await retrieveLocation(db, feed.location) : null;
  if (feed.location && location === null) return [];
  const category = feed.category ? await retrieveCategory(db, feed.category) : null;
  if (feed.category && category === null) return [];
  const sort = SORT_OPTIONS.find((option) => option.orderBy === (feed.orderBy ?? 'popularity'))?.sort ?? 'popularity';
  return listDeals(db, {
    locationId: location && location.kind === 'local' ? location.id : undefined,
    categoryId: category?.id,
    searchTag: feed.searchTag,
    minPriceMinor: feed.minPrice === undefined ? undefined : feed.minPrice * 100,
    maxPriceMinor: feed.maxPrice === undefined ? undefined : feed.maxPrice * 100,
    orderBy: sort,
    limit: Math.min(MAX_FEED_SIZE, feed.pageSize ?? DEFAULT_FEED_SIZE),
  });
}
