/**
 * Content collections (decision 023): the static pages of spec 2's Content row and the
 * shopper and merchant FAQs, kept as files in src/content and compiled into the build.
 * Guides are not here: editors change them at run time, so they live in the database
 * (src/server/content).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/** A page under /page/{slug} (or its own route, such as /refer-a-friend). */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './src/content/pages' }),
  schema: z.object({
    /** The URL slug, exactly as spec 2 spells it (some end in .html). */
    slug: z.string(),
    title: z.string().min(3).max(70),
    description: z.string().min(50).max(170),
    /** Last reviewed, shown under the heading (YAML reads YYYY-MM-DD as a date). */
    updated: z.coerce.date(),
    /** spec 9 feature switch that must be on for the page to exist (the pay-later FAQ). */
    requiresSwitch: z.enum(['FEATURE_PAY_LATER_FAQ_LINK', 'FEATURE_CAREERS_COLUMN']).optional(),
    /** Where it sits in the breadcrumb trail. */
    section: z.enum(['Help', 'Legal', 'Company']).default('Help'),
    /** Ends with the trader's details from configuration (decision 042): the terms pages and about us. */
    showsTraderDetails: z.boolean().default(false),
  }),
});

/** One FAQ list: /faqs (shoppers) or /merchantfaqs (merchants), grouped into topics. */
const faqs = defineCollection({
  loader: glob({ pattern: '**/*.json', base: './src/content/faqs' }),
  schema: z.object({
    title: z.string(),
    description: z.string(),
    intro: z.string(),
    topics: z
      .array(
        z.object({
          id: z.string().regex(/^[a-z0-9-]+$/),
          name: z.string(),
          questions: z.array(z.object({ question: z.string(), answer: z.string() })).min(1),
        }),
      )
      .min(1),
  }),
});

export const collections = { pages, faqs };
