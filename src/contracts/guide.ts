/**
 * Guides (spec 3 "Guide page" and "Guide feed configuration"; decision 023): what an editor writes and
 * what the public page and the editor's preview read. One schema for the editor's form, the draft
 * versions stored in the database and the seed.
 */
import { z } from 'zod';
import { DbIdSchema, text } from './text';

/** spec 9: guide page size 30 (also the most a feed may ask for). */
export const GUIDE_PAGE_SIZE = 30;

/** A guide's URL slug: /guides/{slug}. */
export const GuideSlugSchema = text()
  .trim()
  .min(3, 'The slug needs at least 3 characters')
  .max(80, 'The slug can be at most 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, numbers and single hyphens, e.g. best-spa-days')
  .refine((slug) => !slug.startsWith('affiliates-'), { error: 'Slugs starting affiliates- are the affiliate pages' });

const shortName = text()
  .trim()
  .max(60)
  .regex(/^[a-z0-9-]*$/, 'Use the short name as it appears in URLs, e.g. beauty');

/** Pounds typed in a form as pence, or null when left blank. */
const priceMinor = z.number().int().min(0).max(10_000_000).nullable();

/** spec 3 guide feed configuration: which live deals the guide lists and in what order. */
export const GuideFeedSchema = z
  .object({
    searchTerm: text().trim().max(100).default(''),
    tag: text().trim().toLowerCase().max(60).default(''),
    /** A location's short name (london, manchester, national-deal), or '' for every location. */
    location: shortName.default(''),
    category: shortName.default(''),
    subCategory: shortName.default(''),
    minPriceMinor: priceMinor.default(null),
    maxPriceMinor: priceMinor.default(null),
    orderBy: z.enum(['popularity', 'newest', 'price', 'discount']).default('popularity'),
    direction: z.enum(['asc', 'desc']).default('desc'),
    /** Deal ids never to show (exclusions). */
    excludeIds: z.array(DbIdSchema).max(100).default([]),
    pageSize: z.number().int().min(1).max(GUIDE_PAGE_SIZE).default(GUIDE_PAGE_SIZE),
  })
  .refine(
    (feed) => feed.minPriceMinor === null || feed.maxPriceMinor === null || feed.minPriceMinor <= feed.maxPriceMinor,
    { error: 'The minimum price must not be above the maximum price', path: ['maxPriceMinor'] },
  )
  .refine((feed) => feed.subCategory === '' || feed.category !== '', {
    error: 'Choose the category the sub-category belongs to',
    path: ['category'],
  });

/** One numbered pick of a listicle: a deal and a short write-up. */
export const ListiclePickSchema = z.object({
  dealId: DbIdSchema,
  writeUp: text().trim().min(1, 'Write a line about this pick').max(600),
});

/** Everything an editor writes about a guide (spec 3 Guide page), stored as one version. */
export const GuideContentSchema = z.object({
  displayName: text().trim().min(3, 'The name needs at least 3 characters').max(120),
  description: text().trim().min(10, 'The description needs at least 10 characters').max(300),
  /** Markdown. */
  text: text().max(20_000).default(''),
  /** Markdown shown under the deals. */
  additionalText: text().max(20_000).default(''),
  seoTitle: text().trim().max(70, 'Keep the SEO title to 70 characters').default(''),
  seoDescription: text().trim().max(170, 'Keep the SEO description to 170 characters').default(''),
  /** When set the guide answers a 301 to this site path or https address (spec 7). */
  redirectUrl: text()
    .trim()
    .max(500)
    .refine((url) => url === '' || /^\/(?!\/)[^\s]*$/.test(url) || /^https:\/\/[^\s]+$/.test(url), {
      error: 'Use a site path such as /guides/spa-days, or an https:// address',
    })
    .default(''),
  /** spec 3 listicleView: show the picks as a numbered list with write-ups. */
  listicleView: z.boolean().default(false),
  listicle: z.array(ListiclePickSchema).max(GUIDE_PAGE_SIZE).default([]),
  feed: GuideFeedSchema.default(() => GuideFeedSchema.parse({})),
});

export type GuideFeed = z.output<typeof GuideFeedSchema>;
export type GuideContent = z.output<typeof GuideContentSchema>;
export type GuideContentInput = z.input<typeof GuideContentSchema>;
export type ListiclePick = z.output<typeof ListiclePickSchema>;

/** A form field as text ('' when missing or a file), with the CRLF line ends browsers submit made LF. */
function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : '';
}

/** "12.50" (pounds, as typed) as pence; null when blank; NaN (refused by the schema) when not money. */
function poundsToPence(value: string): number | null {
  const trimmed = value.trim().replace(/^£/, '');
  if (trimmed === '') return null;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

/**
 * The editor's form as guide content, before validation: picks are one per line as
 * "deal id | write-up", exclusions a comma-separated list of deal ids, prices in pounds.
 */
export function readGuideForm(form: FormData): GuideContentInput {
  const listicle = field(form, 'listicle')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [id = '', ...rest] = line.split('|');
      return { dealId: Number(id.trim().replace(/^#/, '')), writeUp: rest.join('|').trim() };
    });
  const excludeIds = field(form, 'excludeIds')
    .split(/[\s,]+/)
    .filter((id) => id !== '')
    .map(Number);
  return {
    displayName: field(form, 'displayName'),
    description: field(form, 'description'),
    text: field(form, 'text'),
    additionalText: field(form, 'additionalText'),
    seoTitle: field(form, 'seoTitle'),
    seoDescription: field(form, 'seoDescription'),
    redirectUrl: field(form, 'redirectUrl'),
    listicleView: field(form, 'listicleView') === 'on',
    listicle,
    feed: {
      searchTerm: field(form, 'searchTerm'),
      tag: field(form, 'tag'),
      location: field(form, 'location').trim().toLowerCase(),
      category: field(form, 'category').trim().toLowerCase(),
      subCategory: field(form, 'subCategory').trim().toLowerCase(),
      minPriceMinor: poundsToPence(field(form, 'minPrice')),
      maxPriceMinor: poundsToPence(field(form, 'maxPrice')),
      orderBy: (field(form, 'orderBy') || 'popularity') as GuideFeed['orderBy'],
      direction: (field(form, 'direction') || 'desc') as GuideFeed['direction'],
      excludeIds,
      pageSize: Number(field(form, 'pageSize') || GUIDE_PAGE_SIZE),
    },
  };
}

/** The form's fields for some content (the editor's initial values): the inverse of readGuideForm. */
export function guideFormValues(content: GuideContent): Record<string, string> {
  const pounds = (pence: number | null) => (pence === null ? '' : (pence / 100).toFixed(2).replace(/\.00$/, ''));
  return {
    displayName: content.displayName,
    description: content.description,
    text: content.text,
    additionalText: content.additionalText,
    seoTitle: content.seoTitle,
    seoDescription: content.seoDescription,
    redirectUrl: content.redirectUrl,
    listicle: content.listicle.map((pick) => `${pick.dealId} | ${pick.writeUp}`).join('\n'),
    searchTerm: content.feed.searchTerm,
    tag: content.feed.tag,
    location: content.feed.location,
    category: content.feed.category,
    subCategory: content.feed.subCategory,
    minPrice: pounds(content.feed.minPriceMinor),
    maxPrice: pounds(content.feed.maxPriceMinor),
    orderBy: content.feed.orderBy,
    direction: content.feed.direction,
    excludeIds: content.feed.excludeIds.join(', '),
    pageSize: String(content.feed.pageSize),
  };
}

/** A readable list of what is wrong with a form: "Name: The name needs at least 3 characters". */
export function guideFormErrors(error: z.ZodError): string[] {
  const labels: Record<string, string> = {
    displayName: 'Name',
    description: 'Description',
    text: 'Text',
    additionalText: 'Additional text',
    seoTitle: 'SEO title',
    seoDescription: 'SEO description',
    redirectUrl: 'Redirect URL',
    listicle: 'Listicle picks',
    feed: 'Feed',
  };
  return error.issues.map((issue) => {
    const [first, ...rest] = issue.path.map(String);
    const label = labels[first ?? ''] ?? first ?? 'Form';
    const where = rest.length > 0 ? `${label} (${rest.join(' ')})` : label;
    return `${where}: ${issue.message}`;
  });
}
