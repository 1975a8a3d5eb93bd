/**
 * Campaign landings (docs/decisions/025): what editors configure for /ppc and /welcome (headline,
 * hero, the deals feed, the offer, indexable or not). A missing row falls back to the defaults in
 * code.
 */
import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which deals a landing shows (the spec 3 guide feed configuration's fields that apply). */
export interface LandingFeed {
  location?: string;
  category?: string;
  searchTag?: string;
  orderBy?: 'popularity' | 'pricehigh' | 'discount' | 'recent' | 'pricelow';
  minPrice?: number;
  maxPrice?: number;
  pageSize?: number;
}

export interface LandingOffer {
  title: string;
  text: string;
  ctaLabel: string;
  ctaUrl: string;
}

export const landingPages = pgTable('landing_pages', {
  /** ppc or welcome. */
  slug: text('slug').primaryKey(),
  headline: text('headline').notNull(),
  subheading: text('subheading').notNull().default(''),
  /** A same-site image path for the hero; empty for the brand's colour band. */
  heroImageUrl: text('hero_image_url').notNull().default(''),
  heroAlt: text('hero_alt').notNull().default(''),
  feed: jsonb('feed').$type<LandingFeed>().notNull().default({}),
  offer: jsonb('offer').$type<LandingOffer | null>(),
  indexable: boolean('indexable').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LandingRow = typeof landingPages.$inferSelect;
