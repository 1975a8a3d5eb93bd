/**
 * Page types and the path rules that derive them (spec 2), the URL guards (spec 5) and the
 * internal path errors (spec 8). Pure: no I/O, no imports.
 *
 * Choices the spec leaves open, made here:
 * - "/" is `root`; `/deals/national-deal` (and `/deals/shop`) is `homepage`.
 * - A location page is `category` with `location` set and no `category`.
 * - Bare `/deals`, `/email-deals` and `/shop` are the national listing: `category` + national-deal.
 * - `/deals/{unknown}` (and deeper listings under it) is `other`, so the route can 404 it.
 *   Without `knownLocations` any slug is accepted as a location.
 * - The evergreen marker is a path segment exactly `e`; deal ids are all-digit segments.
 * - `email-deal(s)` is an alias of `deals` with `isEmailDeal` set.
 * - `escapes` is a location-like slug: a `category` page with location `escapes`.
 * - The dealPreview query flag counts only on /deal and /deals paths.
 */

export const PAGE_TYPES = [
  'account',
  'category',
  'checkout',
  'claim-gift',
  'dashboard',
  'deal',
  'dealPreview',
  'early-bird',
  'extendLanding',
  'gift-finder',
  'gifts',
  'guide',
  'homepage',
  'map-view',
  'myaccount',
  'order-addon',
  'ppc',
  'recentlyViewed',
  'recommended',
  'search',
  'special',
  'travel',
  'vipCategory',
  'vipDeal',
  'vouchers',
  'wellness-collection',
  'welcome',
  'insights',
  'root',
  'other',
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const LAYOUTS = ['account', 'checkout', 'deals', 'delete', 'gift', 'header-footer', 'login'] as const;
export type Layout = (typeof LAYOUTS)[number];

export const NATIONAL_LOCATION = 'national-deal';
/** spec 2: national-deal, near-me (hyperlocal) and travel are special locations. */
export const SPECIAL_LOCATIONS = ['national-deal', 'near-me', 'travel'] as const;
/** Slugs that sit where a location would but are served by their own page type. */
export const LOCATION_LIKE_SLUGS = ['escapes', 'wellness-collection', 'gifts'] as const;
export const DEFAULT_LOCATION = 'london';

/** Query flags that change the page type (spec 2). */
export const PAGE_QUERY_FLAGS = {
  dealPreview: 'dealPreview',
  claimMyGift: 'claim-my-gift',
} as const;

/** spec 8 "Internal or logged": quoted exactly. */
export const PATH_RULE_MESSAGES = {
  unsupportedPageType: 'Unsupported page type',
  evergreenWithoutDealId: 'dealIdOverride must be specified on Evergreen path',
  unparsableDealTypeOrLocation: 'Unable to parse deal type / location',
  emptyPath: 'Empty string received',
  fullUrl: 'This function does not accept full URL...',
} as const;
export type PathRule = keyof typeof PATH_RULE_MESSAGES;

/** A path broke a spec 2 / spec 5 rule; branch on `rule`, never on the message text. */
export class PathRuleError extends Error {
  readonly rule: PathRule;
  constructor(rule: PathRule) {
    super(PATH_RULE_MESSAGES[rule]);
    this.name = 'PathRuleError';
    this.rule = rule;
  }
}

export type PageInfo = {
  pageType: PageType;
  location?: string;
  category?: string;
  subCategory?: string;
  dealId?: number;
  productId?: number;
  /** The gift-finder recipient from a `gifts-for-{recipient}` segment. */
  giftRecipient?: string;
  isEvergreen: boolean;
  isEmailDeal: boolean;
  isTravel: boolean;
  isDealPreview: boolean;
  /** spec 2: on a deal preview, the rest of the path after deals/. */
  dealGroup?: string;
  layout: Layout;
};

export type ResolveOptions = {
  query?: URLSearchParams | Readonly<Record<string, string>>;
  knownLocations?: ReadonlySet<string>;
};

export type DealPath = { dealId: number; productId?: number; isEvergreen: boolean };

/** An evergreen path names no deal, so its feed needs dealIdOverride (spec 8). */
export type DealFeedInput = { path: string; dealIdOverride?: number };

export type DealFeedPath = {
  /** Falls back to DEFAULT_LOCATION when only a deal id is in the path. */
  location: string;
  dealId?: number;
  productId?: number;
  isEvergreen: boolean;
  isTravel: boolean;
  isEmailDeal: boolean;
};

/** The layout each page type renders in, before path-specific overrides. */
export const PAGE_TYPE_LAYOUTS: Readonly<Record<PageType, Layout>> = {
  account: 'account',
  category: 'deals',
  checkout: 'checkout',
  'claim-gift': 'gift',
  dashboard: 'account',
  deal: 'deals',
  dealPreview: 'deals',
  'early-bird': 'deals',
  extendLanding: 'header-footer',
  'gift-finder': 'gift',
  gifts: 'gift',
  guide: 'header-footer',
  homepage: 'deals',
  'map-view': 'deals',
  myaccount: 'account',
  'order-addon': 'checkout',
  ppc: 'deals',
  recentlyViewed: 'deals',
  recommended: 'deals',
  search: 'deals',
  special: 'deals',
  travel: 'deals',
  vipCategory: 'deals',
  vipDeal: 'deals',
  vouchers: 'account',
  'wellness-collection': 'deals',
  welcome: 'header-footer',
  // A shopper's own insights (docs/decisions/052): personal, so guests sign in first.
  insights: 'account',
  root: 'deals',
  other: 'header-footer',
};

const EMAIL_ROOTS: ReadonlySet<string> = new Set(['email-deal', 'email-deals']);
const DEAL_ROOTS: ReadonlySet<string> = new Set(['deal', 'deals', 'travel', 'shop', 'near-me', 'escapes']);
const EVERGREEN_MARKER = 'e';
const PREVIEW_MARKER = 'preview';
const GIFT_FINDER = 'gift-finder';
/** Segments that sit where a location would but are markers, not places. */
const NOT_LOCATIONS: ReadonlySet<string> = new Set([EVERGREEN_MARKER, PREVIEW_MARKER, 'vip']);
const SCHEME = /^[a-z][a-z\d+.-]*:/i;
const DIGITS = /^\d+$/;
const SLUG = /^[a-z][a-z\d-]*$/;

const FIRST_SEGMENT_PAGES: ReadonlyMap<string, PageType> = new Map<string, PageType>([
  ['account', 'account'],
  ['checkout', 'checkout'],
  ['dashboard', 'dashboard'],
  ['early-bird', 'early-bird'],
  ['insights', 'insights'],
  ['map-view', 'map-view'],
  // The merchant dashboard (spec 1 "reached through a link") is the dashboard page type.
  ['merchant', 'dashboard'],
  ['order-addon', 'order-addon'],
  ['ppc', 'ppc'],
  ['recently-viewed', 'recentlyViewed'],
  ['recommended-for-you', 'recommended'],
  ['search', 'search'],
  ['welcome', 'welcome'],
]);

/** Routes without a page type of their own that still need a particular layout. */
const OTHER_ROUTE_LAYOUTS: ReadonlyMap<string, Layout> = new Map<string, Layout>([
  ['login', 'login'],
  ['register', 'login'],
  ['forgot-password', 'login'],
  ['mygift', 'gift'],
  ['giftcard', 'gift'],
  ['wishlist', 'deals'],
  ['buy-again', 'deals'],
  ['find', 'deals'],
]);

/** spec 2: the account and delete layouts send unauthenticated users to the login page. */
export function layoutRequiresLogin(layout: Layout): boolean {
  return layout === 'account' || layout === 'delete';
}

/** Narrows a string to a PageType, throwing "Unsupported page type" (spec 8) otherwise. */
export function pageTypeOrThrow(value: string): PageType {
  const found = PAGE_TYPES.find((pageType) => pageType === value);
  if (found === undefined) throw new PathRuleError('unsupportedPageType');
  return found;
}

/**
 * spec 5: rejects empty strings and full URLs; returns the path with a leading slash,
 * no trailing slash (except "/"), and no query or hash.
 */
export function assertPath(input: string): string {
  return splitPath(input).path;
}

/** Derives the page type and what the path says about location, category and deal (spec 2). */
export function resolvePageType(path: string, options: ResolveOptions = {}): PageInfo {
  const { path: normalised, search } = splitPath(path);
  const query = new URLSearchParams(search);
  for (const [key, value] of entriesOf(options.query)) query.set(key, value);
  const { route, isEmailDeal } = dealRoute(segmentsOf(normalised));
  const ctx: MatchContext = { route, query, knownLocations: options.knownLocations };
  const match = matchRoute(ctx);
  return {
    ...match,
    isEvergreen: isEvergreenRoute(route),
    isEmailDeal,
    isTravel: isTravelRoute(route),
    isDealPreview: match.pageType === 'dealPreview',
    layout: match.layout ?? PAGE_TYPE_LAYOUTS[match.pageType],
  };
}

/**
 * spec 2: a deal path holds a numeric deal id and optionally a second number, the product id.
 * Returns null when the path is not under a deal root or carries no deal id.
 */
export function parseDealPath(path: string): DealPath | null {
  const { route } = dealRoute(segmentsOf(assertPath(path)));
  if (!DEAL_ROOTS.has(route[0] ?? '')) return null;
  const { dealId, productId } = dealNumbers(route.slice(1));
  if (dealId === undefined) return null;
  const isEvergreen = isEvergreenRoute(route);
  return productId === undefined ? { dealId, isEvergreen } : { dealId, productId, isEvergreen };
}

/** True when a deal path carries the evergreen marker segment `e` (spec 2). */
export function isEvergreenPath(path: string): boolean {
  return isEvergreenRoute(dealRoute(segmentsOf(assertPath(path))).route);
}

/** Reads what a deal feed needs from a path, throwing the spec 8 deal feed builder errors. */
export function resolveDealFeedPath(input: DealFeedInput): DealFeedPath {
  const { route, isEmailDeal } = dealRoute(segmentsOf(assertPath(input.path)));
  const isEvergreen = isEvergreenRoute(route);
  if (isEvergreen && input.dealIdOverride === undefined) {
    throw new PathRuleError('evergreenWithoutDealId');
  }
  if (!DEAL_ROOTS.has(route[0] ?? '')) throw new PathRuleError('unparsableDealTypeOrLocation');
  const parsed = dealNumbers(route.slice(1));
  const dealId = input.dealIdOverride ?? parsed.dealId;
  const location = locationOfRoute(route, undefined);
  if (location === undefined && dealId === undefined) {
    throw new PathRuleError('unparsableDealTypeOrLocation');
  }
  const feed: DealFeedPath = {
    location: location ?? DEFAULT_LOCATION,
    isEvergreen,
    isTravel: isTravelRoute(route),
    isEmailDeal,
  };
  if (dealId !== undefined) feed.dealId = dealId;
  if (parsed.productId !== undefined) feed.productId = parsed.productId;
  return feed;
}

/**
 * spec 2: the location is the second segment after deals; shop maps to national-deal, a path
 * containing /gifts maps to gifts, near-me and travel are special. Undefined when none applies.
 */
export function locationFromPath(path: string, knownLocations?: ReadonlySet<string>): string | undefined {
  return locationOfRoute(dealRoute(segmentsOf(assertPath(path))).route, knownLocations);
}

type KnownLocations = ReadonlySet<string>;
type DerivedFlag = 'isEvergreen' | 'isEmailDeal' | 'isTravel' | 'isDealPreview';
/** What a route matcher decides; the flags are derived once in resolvePageType. */
type Match = Omit<PageInfo, DerivedFlag | 'layout'> & { layout?: Layout };
type MatchContext = {
  route: readonly string[];
  query: URLSearchParams;
  knownLocations: KnownLocations | undefined;
};

function matchRoute(ctx: MatchContext): Match {
  const { route, query } = ctx;
  const [first, second] = route;
  if (first === undefined) return { pageType: 'root' };
  if (first === 'deal' || first === 'deals') return matchDealsRoute(ctx);
  if (DEAL_ROOTS.has(first)) return matchLocationRoot(ctx, first);
  if (first === 'gifts') return { pageType: 'gifts', location: 'gifts' };
  if (first === 'guides') {
    // spec 2: the claim experience gift page is a guides path with a claim-my-gift flag.
    return { pageType: isFlagSet(query, PAGE_QUERY_FLAGS.claimMyGift) ? 'claim-gift' : 'guide' };
  }
  if (first === 'myaccount') {
    if (second === 'vouchers') return { pageType: 'vouchers' };
    if (second === 'delete') return { pageType: 'myaccount', layout: 'delete' };
    return { pageType: 'myaccount' };
  }
  if (first.startsWith('extend')) return { pageType: 'extendLanding' };
  const simple = FIRST_SEGMENT_PAGES.get(first);
  if (simple !== undefined) return { pageType: simple };
  if (route[2] === GIFT_FINDER) return matchGiftFinder(ctx, route);
  const layout = OTHER_ROUTE_LAYOUTS.get(first);
  return layout === undefined ? { pageType: 'other' } : { pageType: 'other', layout };
}

/** /deal/... and /deals/... (email-deal(s) arrive here aliased to deals). */
function matchDealsRoute(ctx: MatchContext): Match {
  const { route, query } = ctx;
  const rest = route.slice(1);
  const numbers = dealNumbers(rest);
  const isPreviewPath = route[0] === 'deals' && rest[0] === PREVIEW_MARKER;
  const isPreview = isPreviewPath || isFlagSet(query, PAGE_QUERY_FLAGS.dealPreview);
  if (isPreview) {
    const group = rest.filter((segment) => segment !== PREVIEW_MARKER);
    const dealGroup = route[0] === 'deals' && group.length > 0 ? group.join('/') : undefined;
    const location = locationOfRoute([route[0] ?? 'deals', ...group], ctx.knownLocations);
    return match('dealPreview', { location, dealGroup, ...numbers });
  }
  if (rest[0] === 'vip') {
    if (numbers.dealId !== undefined) return match('vipDeal', { ...numbers });
    if (route[0] === 'deal') return { pageType: 'other' };
    return match('vipCategory', { category: rest[1], subCategory: rest[2] });
  }
  if (numbers.dealId !== undefined || rest.includes(EVERGREEN_MARKER)) {
    return match('deal', { location: locationOfRoute(route, ctx.knownLocations), ...numbers });
  }
  if (route[0] === 'deal') return { pageType: 'other' };
  if (rest.includes('gifts')) return { pageType: 'gifts', location: 'gifts' };
  if (rest[2] === GIFT_FINDER) return matchGiftFinder(ctx, rest);
  const [slug, category, subCategory, ...beyond] = rest;
  if (slug === undefined) return { pageType: 'category', location: NATIONAL_LOCATION };
  const location = mapLocation(slug);
  if (location === 'wellness-collection') {
    return match('wellness-collection', { location, category });
  }
  if (location === 'travel') return match('travel', { location, category, subCategory });
  if (!isKnownLocation(location, ctx.knownLocations) || beyond.length > 0) {
    return { pageType: 'other' };
  }
  // spec 2: a homepage is deals plus a national location with exactly two segments.
  if (category === undefined && location === NATIONAL_LOCATION) {
    return { pageType: 'homepage', location };
  }
  // spec 2: the special page type is chosen by a third segment of special.
  if (category === 'special') return match('special', { location, category: subCategory });
  return match('category', { location, category, subCategory });
}

/** /travel, /shop, /near-me and /escapes: a fixed location with optional category segments. */
function matchLocationRoot(ctx: MatchContext, root: string): Match {
  const rest = ctx.route.slice(1);
  const location = mapLocation(root);
  const numbers = dealNumbers(rest);
  if (numbers.dealId !== undefined || rest.includes(EVERGREEN_MARKER)) {
    return match('deal', { location, ...numbers });
  }
  if (rest.length > 2) return { pageType: 'other' };
  const pageType: PageType = location === 'travel' ? 'travel' : 'category';
  return match(pageType, { location, category: rest[0], subCategory: rest[1] });
}

/** spec 2: {location}/{category}/gift-finder with an optional gifts-for-{recipient} segment. */
function matchGiftFinder(ctx: MatchContext, parts: readonly string[]): Match {
  const [slug, category, , recipientSegment, ...beyond] = parts;
  if (slug === undefined || beyond.length > 0) return { pageType: 'other' };
  const location = mapLocation(slug);
  if (!isKnownLocation(location, ctx.knownLocations)) return { pageType: 'other' };
  if (recipientSegment === undefined) return match('gift-finder', { location, category });
  const recipient = /^gifts-for-(.+)$/.exec(recipientSegment)?.[1];
  if (recipient === undefined) return { pageType: 'other' };
  return match('gift-finder', { location, category, giftRecipient: recipient });
}

function locationOfRoute(route: readonly string[], knownLocations: KnownLocations | undefined): string | undefined {
  const [root, second] = route;
  if (root === undefined) return undefined;
  if (route.includes('gifts')) return 'gifts';
  if (DEAL_ROOTS.has(root) && root !== 'deal' && root !== 'deals') return mapLocation(root);
  const isDealsRoot = root === 'deal' || root === 'deals';
  const candidate = isDealsRoot ? second : route[2] === GIFT_FINDER ? root : undefined;
  if (candidate === undefined || NOT_LOCATIONS.has(candidate) || DIGITS.test(candidate)) {
    return undefined;
  }
  const location = mapLocation(candidate);
  return isKnownLocation(location, knownLocations) ? location : undefined;
}

/** spec 2: the word shop maps to national-deal. */
function mapLocation(slug: string): string {
  return slug === 'shop' ? NATIONAL_LOCATION : slug;
}

function isKnownLocation(location: string, knownLocations: KnownLocations | undefined): boolean {
  if (includes(SPECIAL_LOCATIONS, location) || includes(LOCATION_LIKE_SLUGS, location)) return true;
  return knownLocations === undefined ? SLUG.test(location) : knownLocations.has(location);
}

/** spec 2: a path containing the letter e (as its own segment) marks an evergreen deal. */
function isEvergreenRoute(route: readonly string[]): boolean {
  return DEAL_ROOTS.has(route[0] ?? '') && route.slice(1).includes(EVERGREEN_MARKER);
}

/** spec 2: travel deals are identified by the second segment (or the /travel root). */
function isTravelRoute(route: readonly string[]): boolean {
  return DEAL_ROOTS.has(route[0] ?? '') && (route[0] === 'travel' || route[1] === 'travel');
}

/** The first all-digit segment is the deal id, the second the product id (spec 2). */
function dealNumbers(segments: readonly string[]): { dealId?: number; productId?: number } {
  const [dealId, productId] = segments
    .filter((segment) => DIGITS.test(segment))
    .map(Number)
    .filter((value) => Number.isSafeInteger(value));
  const numbers: { dealId?: number; productId?: number } = {};
  if (dealId !== undefined) numbers.dealId = dealId;
  if (productId !== undefined) numbers.productId = productId;
  return numbers;
}

/** spec 2: a first segment of email-deal or email-deals marks an email deal. */
function dealRoute(segments: readonly string[]): {
  route: readonly string[];
  isEmailDeal: boolean;
} {
  const isEmailDeal = EMAIL_ROOTS.has(segments[0] ?? '');
  return { route: isEmailDeal ? ['deals', ...segments.slice(1)] : segments, isEmailDeal };
}

function splitPath(input: string): { path: string; search: string } {
  const trimmed = input.trim();
  if (trimmed === '') throw new PathRuleError('emptyPath');
  if (SCHEME.test(trimmed) || trimmed.startsWith('//')) throw new PathRuleError('fullUrl');
  const withoutHash = trimmed.split('#', 1)[0] ?? '';
  const queryAt = withoutHash.indexOf('?');
  const rawPath = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : withoutHash.slice(queryAt + 1);
  return {
    path: `/${rawPath
      .split('/')
      .filter((segment) => segment !== '')
      .join('/')}`,
    search,
  };
}

function segmentsOf(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.toLowerCase());
}

function entriesOf(query: ResolveOptions['query']): Array<[string, string]> {
  if (query === undefined) return [];
  return query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query);
}

function isFlagSet(query: URLSearchParams, flag: string): boolean {
  const value = query.get(flag);
  return value !== null && !['false', '0', 'no'].includes(value.toLowerCase());
}

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return list.some((item) => item === value);
}

type Loose<T> = { [K in keyof T]: T[K] | undefined };

/** Builds a match, dropping undefined fields so optional properties stay absent. */
function match(pageType: PageType, fields: Loose<Omit<Match, 'pageType'>> = {}): Match {
  const defined = Object.entries(fields).filter(([, value]) => value !== undefined);
  // Only defined values of Match's own fields remain, so the cast narrows nothing away.
  return { pageType, ...(Object.fromEntries(defined) as Omit<Match, 'pageType'>) };
}
