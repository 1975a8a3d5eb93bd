/**
 * The gift finder (spec 2 gift recipients, personalities and sections; spec 9 page size
 * 12, carousel 20, price steps 0, 10, 20, 50, 100). Pure: which deals suit a recipient or a
 * personality is read from the category tree (a category or sub-category short name) and the deal
 * tags, so no deal needs tagging by hand. docs/decisions/028-gifting.md.
 */

/** spec 9: gift finder default page size, gift carousel size. */
export const GIFT_FINDER_PAGE_SIZE = 12;
export const GIFT_CAROUSEL_SIZE = 20;
/** spec 9: gift finder price steps, in pounds (each step is "up to" the next one; the last is "and over"). */
export const GIFT_FINDER_PRICE_STEPS = [0, 10, 20, 50, 100] as const;

export interface GiftTopic {
  slug: string;
  name: string;
  /** Category or sub-category short names whose deals suit it. */
  categories: readonly string[];
  /** Deal tags that mark a deal as suiting it (lower case, matched exactly). */
  tags: readonly string[];
  /** A recipient's finder from /gifts opens on this category. */
  hubCategory?: string;
}

/** spec 2 gift recipients, in the spec's order. */
export const GIFT_RECIPIENTS: readonly GiftTopic[] = [
  {
    slug: 'mum',
    hubCategory: 'beauty',
    name: 'Mum',
    categories: ['beauty', 'afternoon-tea', 'food-drink', 'restaurants-food', 'courses', 'spa-escapes', 'jewellery'],
    tags: ['gift for mum', 'gift for her'],
  },
  {
    slug: 'dad',
    hubCategory: 'experiences',
    name: 'Dad',
    categories: ['golf', 'driving-experiences', 'brewery-tours', 'steak', 'restaurants-food', 'experiences', 'massage'],
    tags: ['gift for dad', 'gift for him'],
  },
  {
    slug: 'hubby',
    hubCategory: 'experiences',
    name: 'Hubby',
    categories: ['experiences', 'activities', 'restaurants-food', 'watches', 'gaming', 'cocktails', 'massage'],
    tags: ['gift for him'],
  },
  {
    slug: 'wifey',
    hubCategory: 'beauty',
    name: 'Wifey',
    categories: ['beauty', 'food-drink', 'restaurants-food', 'jewellery', 'spa-escapes', 'escapes'],
    tags: ['gift for her'],
  },
  {
    slug: 'little-ones',
    hubCategory: 'activities',
    name: 'Little Ones',
    categories: ['toys', 'animal-experiences', 'bowling', 'art-classes'],
    tags: ['kids'],
  },
  {
    slug: 'teen',
    hubCategory: 'activities',
    name: 'Teen',
    categories: ['activities', 'gaming', 'mobile-phones-tablets', 'dance-classes', 'climbing', 'escape-rooms'],
    tags: [],
  },
  {
    slug: 'grandparents',
    hubCategory: 'food-drink',
    name: 'Grandparents',
    categories: ['afternoon-tea', 'restaurants-food', 'home-garden', 'spa', 'massage', 'cottages', 'seaside'],
    tags: [],
  },
  {
    slug: 'bff',
    hubCategory: 'food-drink',
    name: 'BFF',
    categories: [
      'bottomless-brunch',
      'cocktails',
      'gin-tasting',
      'nails',
      'lashes-brows',
      'escape-rooms',
      'activities',
    ],
    tags: [],
  },
  {
    slug: 'colleague',
    hubCategory: 'food-drink',
    name: 'Colleague',
    categories: ['food-drink', 'restaurants-food', 'courses', 'gift-cards'],
    tags: ['gift card'],
  },
];

/** spec 2 gift personalities, in the spec's order. */
export const GIFT_PERSONALITIES: readonly GiftTopic[] = [
  {
    slug: 'playful',
    name: 'Playful',
    categories: ['activities', 'bowling', 'escape-rooms', 'toys', 'gaming'],
    tags: [],
  },
  {
    slug: 'indulgent',
    name: 'Indulgent',
    categories: ['afternoon-tea', 'food-drink', 'restaurants-food', 'spa', 'spa-escapes', 'wine-tasting'],
    tags: [],
  },
  {
    slug: 'insta-famous',
    name: 'Insta-famous',
    categories: ['bottomless-brunch', 'cocktails', 'hot-air-balloon', 'lashes-brows', 'nails', 'photography-courses'],
    tags: [],
  },
  {
    slug: 'geeky',
    name: 'Geeky',
    categories: ['electronics', 'gaming', 'online-courses', 'mobile-phones-tablets', 'courses'],
    tags: [],
  },
  {
    slug: 'giggly',
    name: 'Giggly',
    categories: ['axe-throwing', 'escape-rooms', 'bowling', 'bottomless-brunch', 'cocktails'],
    tags: [],
  },
  {
    slug: 'gorgeous',
    name: 'Gorgeous',
    categories: ['beauty', 'fashion', 'jewellery', 'health-beauty-products'],
    tags: [],
  },
  {
    slug: 'active',
    name: 'Active',
    categories: ['health-fitness', 'climbing', 'golf', 'activities', 'dance-classes'],
    tags: [],
  },
  {
    slug: 'pampered',
    name: 'Pampered',
    categories: ['spa', 'massage', 'facials', 'beauty', 'spa-escapes', 'spa-breaks'],
    tags: ['pamper'],
  },
  {
    slug: 'jet-setter',
    name: 'Jet Setter',
    categories: ['escapes', 'flying-experiences', 'hot-air-balloon', 'city-escapes', 'coastal-escapes'],
    tags: [],
  },
  {
    slug: 'daredevil',
    name: 'Daredevil',
    categories: ['driving-experiences', 'flying-experiences', 'climbing', 'axe-throwing', 'hot-air-balloon'],
    tags: [],
  },
];

/** spec 2 gift sections: by interest, occasion, recipient, type and Valentine's. */
export const GIFT_SECTIONS = [
  {
    slug: 'interest',
    name: 'Gifts by interest',
    links: [
      { label: 'Foodies', category: 'food-drink' },
      { label: 'Pamper days', category: 'beauty' },
      { label: 'Thrill seekers', category: 'experiences' },
      { label: 'Get active', category: 'health-fitness' },
      { label: 'Learn something new', category: 'courses' },
      { label: 'Days out', category: 'activities' },
    ],
  },
  {
    slug: 'occasion',
    name: 'Gifts by occasion',
    links: [
      { label: 'Birthdays', category: 'experiences' },
      { label: "Mother's Day", recipient: 'mum' },
      { label: "Father's Day", recipient: 'dad' },
      { label: 'Anniversaries', category: 'restaurants-food' },
      { label: 'Thank you', recipient: 'colleague' },
      { label: 'Christmas', category: 'food-drink' },
    ],
  },
  { slug: 'recipient', name: 'Gifts by recipient', links: [] },
  {
    slug: 'type',
    name: 'Gifts by type',
    links: [
      { label: 'Experiences', category: 'experiences' },
      { label: 'Spa days', category: 'beauty' },
      { label: 'Dining', category: 'restaurants-food' },
      { label: 'Things to unwrap', category: 'shop', location: 'national-deal' },
    ],
  },
  {
    slug: 'valentines',
    name: "Valentine's gifts",
    links: [
      { label: 'For him', recipient: 'hubby' },
      { label: 'For her', recipient: 'wifey' },
      { label: 'Dinner for two', category: 'restaurants-food' },
      { label: 'Spa for two', category: 'beauty' },
    ],
  },
] as const;

export function recipientBySlug(slug: string | undefined): GiftTopic | undefined {
  return slug === undefined ? undefined : GIFT_RECIPIENTS.find((r) => r.slug === slug.toLowerCase());
}

export function personalityBySlug(slug: string | null | undefined): GiftTopic | undefined {
  return slug ? GIFT_PERSONALITIES.find((p) => p.slug === slug.toLowerCase()) : undefined;
}

/** spec 2: {location}/{category}/gift-finder with an optional gifts-for-{recipient} segment. */
export function giftFinderPath(location: string, category: string, recipient?: string): string {
  // spec 2 writes the finder without /deals: this is its canonical form (/deals/... redirects here).
  const base = `/${location}/${category}/gift-finder`;
  return recipient ? `${base}/gifts-for-${recipient}` : base;
}

/** The refinements a gift finder page reads from its query. */
export interface GiftFinderFilter {
  personality: GiftTopic | undefined;
  /** spec 9 price steps: the lower bound in pounds (one of GIFT_FINDER_PRICE_STEPS), or undefined for any. */
  priceFrom: number | undefined;
  page: number;
}

/** Reads ?personality=, ?price= (a step) and ?page=; anything unreadable is ignored (spec 2 filters). */
export function parseGiftFinderFilter(query: URLSearchParams): GiftFinderFilter {
  const priceRaw = query.get('price');
  const price = priceRaw === null || priceRaw.trim() === '' ? Number.NaN : Number(priceRaw);
  const page = Number(query.get('page') ?? '1');
  return {
    personality: personalityBySlug(query.get('personality')),
    priceFrom: (GIFT_FINDER_PRICE_STEPS as readonly number[]).includes(price) ? price : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The pence bounds of a price step: [from, up to the next step) — the last step has no upper bound. */
export function priceStepBounds(from: number | undefined): { minPriceMinor?: number; maxPriceMinor?: number } {
  if (from === undefined) return {};
  const steps = GIFT_FINDER_PRICE_STEPS as readonly number[];
  const next = steps[steps.indexOf(from) + 1];
  return { minPriceMinor: from * 100, ...(next === undefined ? {} : { maxPriceMinor: next * 100 - 1 }) };
}

/** How a price step reads: "Under £10", "£10 to £20", "£100 and over". */
export function priceStepLabel(from: number): string {
  const steps = GIFT_FINDER_PRICE_STEPS as readonly number[];
  const next = steps[steps.indexOf(from) + 1];
  if (from === 0) return `Under £${next}`;
  return next === undefined ? `£${from} and over` : `£${from} to £${next}`;
}

/**
 * The category short names a gift finder page takes deals from: the recipient's and the
 * personality's suitable categories, both when both are chosen (the deal's category or
 * sub-category must be in each). Undefined: no narrowing.
 */
export function giftTopicsFilter(
  recipient: GiftTopic | undefined,
  personality: GiftTopic | undefined,
): { categories: readonly string[]; tags: readonly string[] }[] {
  return [recipient, personality].flatMap((topic) =>
    topic === undefined ? [] : [{ categories: topic.categories, tags: topic.tags }],
  );
}

/** A gift finder page's title for search engines (spec 2: good titles). */
export function giftFinderTitle(parts: {
  locationName: string;
  categoryName: string;
  recipient?: GiftTopic;
  personality?: GiftTopic;
}): string {
  const who = parts.recipient ? `for ${parts.recipient.name}` : '';
  const kind = parts.personality ? `${parts.personality.name} ` : '';
  return `${kind}${parts.categoryName} Gifts ${who} in ${parts.locationName}`.replace(/\s+/g, ' ').trim();
}

/** A gift finder URL with its refinements (?personality=, ?price=); page 1 is the clean URL (spec 2). */
export function giftFinderUrl(
  path: string,
  gift: Pick<GiftFinderFilter, 'personality' | 'priceFrom'>,
  page: number,
): string {
  const params = new URLSearchParams();
  if (gift.personality) params.set('personality', gift.personality.slug);
  if (gift.priceFrom !== undefined) params.set('price', String(gift.priceFrom));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query === '' ? path : `${path}?${query}`;
}
