/**
 * Hyperlocal pages (spec 2): the near-me hub has a fixed "near you" title and description;
 * every other hyperlocal page takes its title from the path slug (/near-me/spa-days ->
 * "Spa Days Near Me"). Pure: no I/O.
 */

/** spec 2: the hub's fixed "near you" title and description. */
export const NEAR_ME_HUB = {
  title: 'Deals near you',
  description:
    'Find the best local deals near you: restaurants, spa days, afternoon tea and things to do in your town, for less.',
} as const;

/** Hyperlocal pages show deals in the chosen town and the towns this close to it. */
export const NEAR_ME_RADIUS_KM = 40;

/** A hyperlocal slug: lower-case words joined by single hyphens (spa-days, afternoon-tea). */
const HYPERLOCAL_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True for a slug a hyperlocal page can be built from. */
export function isHyperlocalSlug(slug: string): boolean {
  return slug.length <= 60 && HYPERLOCAL_SLUG.test(slug);
}

/** spec 2: "spa-days" -> "Spa Days Near Me". */
export function hyperlocalTitle(slug: string): string {
  const words = slug
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  return `${words.join(' ')} Near Me`;
}

/** The description of a hyperlocal page, naming the town the deals are near. */
export function hyperlocalDescription(slug: string, townName: string): string {
  const topic = hyperlocalTitle(slug)
    .replace(/ Near Me$/, '')
    .toLowerCase();
  return `Discover ${topic} deals near you in and around ${townName}, with vouchers from local businesses, for less.`;
}

/**
 * The words a slug may match in a deal's sub-category or tags: the slug's phrase and its
 * singular ("spa-days" -> "spa days", "spa day"), so both the tag "spa day" and the sub-category
 * named "Spa Days" match.
 */
export function hyperlocalPhrases(slug: string): string[] {
  const phrase = slug.split('-').join(' ');
  const singular = phrase.endsWith('s') && !phrase.endsWith('ss') ? phrase.slice(0, -1) : phrase;
  return [...new Set([phrase, singular])];
}

/** A name as a slug: "Spa Days" -> "spa-days", "Lashes & Brows" -> "lashes-brows". */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
