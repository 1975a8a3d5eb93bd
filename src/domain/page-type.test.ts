import { describe, expect, it } from 'vitest';
import {
  assertPath,
  DEFAULT_LOCATION,
  LAYOUTS,
  type Layout,
  layoutRequiresLogin,
  locationFromPath,
  PAGE_TYPE_LAYOUTS,
  PAGE_TYPES,
  PATH_RULE_MESSAGES,
  type PageInfo,
  type PageType,
  PathRuleError,
  pageTypeOrThrow,
  parseDealPath,
  type ResolveOptions,
  resolveDealFeedPath,
  resolvePageType,
  SPECIAL_LOCATIONS,
} from './page-type';

type ResolveQuery = NonNullable<ResolveOptions['query']>;

const knownLocations: ReadonlySet<string> = new Set(['london', 'glasgow']);

/** Runs `act` and returns the PathRuleError it throws, failing the test if it does not. */
function pathRuleErrorOf(act: () => unknown): PathRuleError {
  try {
    act();
  } catch (error) {
    if (error instanceof PathRuleError) return error;
    throw error;
  }
  throw new Error('expected a PathRuleError');
}

describe('page type resolution', () => {
  it.each<[string, string, PageType, Layout]>([
    ['spec 2: "/" is root', '/', 'root', 'deals'],
    ['spec 2: /myaccount/... is myaccount', '/myaccount/profile', 'myaccount', 'account'],
    ['spec 2: /myaccount/wallet is myaccount', '/myaccount/wallet', 'myaccount', 'account'],
    ['spec 2: /myaccount/delete uses the delete layout', '/myaccount/delete', 'myaccount', 'delete'],
    ['spec 2: /myaccount/vouchers is vouchers', '/myaccount/vouchers', 'vouchers', 'account'],
    ['spec 2: /account is account', '/account/details', 'account', 'account'],
    ['spec 2: bare /account (a redirect to the account home) is account', '/account', 'account', 'account'],
    ['spec 2: the account home /myaccount is myaccount', '/myaccount', 'myaccount', 'account'],
    ['spec 2: /checkout is checkout', '/checkout', 'checkout', 'checkout'],
    ['spec 2: /order-addon is order-addon', '/order-addon', 'order-addon', 'checkout'],
    ['spec 2: /order-addon/signin-page is order-addon', '/order-addon/signin-page', 'order-addon', 'checkout'],
    ['spec 2: /search is search', '/search', 'search', 'deals'],
    ['spec 2: /map-view is map-view', '/map-view', 'map-view', 'deals'],
    ['spec 2: /early-bird is early-bird', '/early-bird', 'early-bird', 'deals'],
    ['spec 2: /recently-viewed is recentlyViewed', '/recently-viewed', 'recentlyViewed', 'deals'],
    ['spec 2: /recommended-for-you is recommended', '/recommended-for-you', 'recommended', 'deals'],
    ['spec 2: /ppc is ppc', '/ppc', 'ppc', 'deals'],
    ['spec 2: /welcome is the paid-campaign welcome page', '/welcome', 'welcome', 'header-footer'],
    ['spec 2: /insights is insights (a shopper’s own, decision 052)', '/insights', 'insights', 'account'],
    ['spec 2: /dashboard is dashboard', '/dashboard', 'dashboard', 'account'],
    ['spec 1: the merchant dashboard is dashboard', '/merchant/12/redeem', 'dashboard', 'account'],
    ['spec 2: /extend... is extendLanding', '/extend-voucher', 'extendLanding', 'header-footer'],
    [
      'spec 2: /extend, the extension landing (decision 052), is extendLanding',
      '/extend',
      'extendLanding',
      'header-footer',
    ],
    ['spec 2: /gifts is gifts', '/gifts', 'gifts', 'gift'],
    ['spec 2: /guides/... is guide', '/guides/affiliates-tuppence', 'guide', 'header-footer'],
    ['spec 2: /travel is travel', '/travel', 'travel', 'deals'],
    ['spec 2: /deals/travel is travel', '/deals/travel', 'travel', 'deals'],
    ['spec 2: /deals/vip is vipCategory', '/deals/vip', 'vipCategory', 'deals'],
    ['spec 2: /deals/vip/{category} is vipCategory', '/deals/vip/spa', 'vipCategory', 'deals'],
    ['spec 2: /deal/vip/{id} is vipDeal', '/deal/vip/12345', 'vipDeal', 'deals'],
    [
      'spec 2: /deals/wellness-collection is wellness-collection',
      '/deals/wellness-collection',
      'wellness-collection',
      'deals',
    ],
    ['spec 2: /deal/{id} is deal', '/deal/12345', 'deal', 'deals'],
    ['spec 2: third segment special is special', '/deals/london/special/black-friday', 'special', 'deals'],
    ['spec 2: /login uses the login layout', '/login', 'other', 'login'],
    ['spec 2: /register uses the login layout', '/register', 'other', 'login'],
    ['spec 2: /forgot-password uses the login layout', '/forgot-password', 'other', 'login'],
    ['spec 2: /mygift uses the gift layout', '/mygift', 'other', 'gift'],
    ['spec 2: content pages are other with header and footer', '/page/termsofuse', 'other', 'header-footer'],
    ['spec 2: anything else is other', '/faqs', 'other', 'header-footer'],
  ])('%s', (_name, path, pageType, layout) => {
    const info = resolvePageType(path, { knownLocations });
    expect(info.pageType).toBe(pageType);
    expect(info.layout).toBe(layout);
  });

  it.each<[string, string, Partial<PageInfo>]>([
    [
      'spec 2: homepage is deals plus a national location',
      '/deals/national-deal',
      { pageType: 'homepage', location: 'national-deal' },
    ],
    [
      'spec 2: shop maps to national-deal, so /deals/shop is the homepage',
      '/deals/shop',
      { pageType: 'homepage', location: 'national-deal' },
    ],
    [
      'spec 2: location page is deals plus a known short name',
      '/deals/london',
      { pageType: 'category', location: 'london' },
    ],
    [
      'spec 2: location page for another known location',
      '/deals/glasgow',
      { pageType: 'category', location: 'glasgow' },
    ],
    ['spec 2: an unknown short name is other', '/deals/atlantis', { pageType: 'other' }],
    ['spec 2: a listing under an unknown location is other', '/deals/atlantis/spa', { pageType: 'other' }],
    [
      'spec 2: /deals/{location}/{category} is category',
      '/deals/london/beauty',
      { pageType: 'category', location: 'london', category: 'beauty' },
    ],
    [
      'spec 2: /deals/{location}/{category}/{sub} is category',
      '/deals/london/beauty/spa',
      { pageType: 'category', location: 'london', category: 'beauty', subCategory: 'spa' },
    ],
    [
      'spec 2: special keeps the campaign slug as its category',
      '/deals/london/special/black-friday',
      { pageType: 'special', location: 'london', category: 'black-friday' },
    ],
    ['spec 2: /shop is the national listing', '/shop', { pageType: 'category', location: 'national-deal' }],
    [
      'spec 2: /shop/{category} is a national category',
      '/shop/electricals',
      { pageType: 'category', location: 'national-deal', category: 'electricals' },
    ],
    ['spec 2: /near-me is the hyperlocal listing', '/near-me', { pageType: 'category', location: 'near-me' }],
    [
      'spec 2: /deals/near-me is the hyperlocal listing',
      '/deals/near-me',
      { pageType: 'category', location: 'near-me' },
    ],
    [
      'spec 2: /deals/escapes is a location-like listing',
      '/deals/escapes',
      { pageType: 'category', location: 'escapes' },
    ],
    ['spec 2: /travel sets the travel location', '/travel', { pageType: 'travel', location: 'travel', isTravel: true }],
    ['spec 2: a path containing /gifts maps to gifts', '/deals/gifts', { pageType: 'gifts', location: 'gifts' }],
    [
      'spec 2: gift finder without a recipient',
      '/london/spa/gift-finder',
      { pageType: 'gift-finder', location: 'london', category: 'spa', layout: 'gift' },
    ],
    [
      'spec 2: gift finder with gifts-for-{recipient}',
      '/london/spa/gift-finder/gifts-for-mum',
      { pageType: 'gift-finder', location: 'london', category: 'spa', giftRecipient: 'mum' },
    ],
    [
      'spec 2: gift finder under deals',
      '/deals/glasgow/experiences/gift-finder',
      { pageType: 'gift-finder', location: 'glasgow', category: 'experiences' },
    ],
    [
      'spec 2: gift finder with a malformed recipient is other',
      '/london/spa/gift-finder/for-mum',
      { pageType: 'other' },
    ],
    ['spec 2: deal path with deal id', '/deal/12345', { pageType: 'deal', dealId: 12345 }],
    ['spec 2: deal path with product id', '/deal/12345/678', { pageType: 'deal', dealId: 12345, productId: 678 }],
    [
      'spec 2: deal path with location and slug',
      '/deal/london/spa-day-for-two/12345',
      { pageType: 'deal', location: 'london', dealId: 12345 },
    ],
    [
      'spec 2: deal under deals with location',
      '/deals/glasgow/spa/12345/9',
      { pageType: 'deal', location: 'glasgow', dealId: 12345, productId: 9 },
    ],
    ['spec 2: evergreen e path on /deal', '/deal/e/spa-day', { pageType: 'deal', isEvergreen: true }],
    [
      'spec 2: evergreen e path under deals',
      '/deals/london/e/spa-day',
      { pageType: 'deal', location: 'london', isEvergreen: true },
    ],
    ['spec 2: a plain deal is not evergreen', '/deal/12345', { isEvergreen: false }],
    [
      'spec 2: first segment email-deal marks an email deal',
      '/email-deal/12345',
      { pageType: 'deal', dealId: 12345, isEmailDeal: true },
    ],
    [
      'spec 2: first segment email-deals marks an email deal',
      '/email-deals/london/spa/777',
      { pageType: 'deal', location: 'london', dealId: 777, isEmailDeal: true },
    ],
    [
      'spec 2: bare /email-deals is the national email listing',
      '/email-deals/',
      { pageType: 'category', location: 'national-deal', isEmailDeal: true },
    ],
    ['spec 2: a deal path is not an email deal', '/deal/12345', { isEmailDeal: false }],
    [
      'spec 2: travel deal identified by the second segment',
      '/deals/travel/12345',
      { pageType: 'deal', location: 'travel', isTravel: true, dealId: 12345 },
    ],
    [
      'spec 2: travel deal on /deal identified by the second segment',
      '/deal/travel/55',
      { pageType: 'deal', isTravel: true },
    ],
    [
      'spec 2: travel email deal identified by the second segment',
      '/email-deals/travel/55',
      { isTravel: true, isEmailDeal: true },
    ],
    ['spec 2: a local deal is not travel', '/deals/london/spa/12345', { isTravel: false }],
    [
      'spec 2: deal preview path names the deal group',
      '/deals/preview/london/spa-days',
      { pageType: 'dealPreview', isDealPreview: true, dealGroup: 'london/spa-days', location: 'london' },
    ],
    [
      'spec 2: wellness-collection is also a deal location',
      '/deals/wellness-collection/42',
      { pageType: 'deal', location: 'wellness-collection', dealId: 42 },
    ],
    [
      'spec 2: case and trailing slash do not change the page',
      '/Deals/London/',
      { pageType: 'category', location: 'london' },
    ],
  ])('%s', (_name, path, expected) => {
    expect(resolvePageType(path, { knownLocations })).toMatchObject(expected);
  });

  it.each<[string, string, keyof PageInfo]>([
    ['spec 2: an unknown short name gets no location', '/deals/atlantis', 'location'],
    ['spec 2: a deal path without a second number has no product id', '/deal/12345', 'productId'],
    ['spec 2: an evergreen e path without a number has no deal id', '/deal/e/spa-day', 'dealId'],
    ['spec 2: a deal page has no deal group', '/deal/12345', 'dealGroup'],
  ])('%s', (_name, path, absentField) => {
    expect(resolvePageType(path, { knownLocations })).not.toHaveProperty(absentField);
  });

  it('spec 2: without knownLocations any slug under deals is taken as a location', () => {
    expect(resolvePageType('/deals/bristol')).toMatchObject({ pageType: 'category', location: 'bristol' });
  });

  it.each<[string, string, ResolveQuery, Partial<PageInfo>]>([
    [
      'spec 2: query flag dealPreview makes a deal preview',
      '/deals/london/spa-days',
      { dealPreview: 'true' },
      { pageType: 'dealPreview', dealGroup: 'london/spa-days', isDealPreview: true },
    ],
    [
      'spec 2: dealPreview flag as URLSearchParams',
      '/deal/12345',
      new URLSearchParams('dealPreview=true'),
      { pageType: 'dealPreview', dealId: 12345 },
    ],
    [
      'spec 2: dealPreview=false is not a preview',
      '/deals/london',
      { dealPreview: 'false' },
      { pageType: 'category', isDealPreview: false },
    ],
    [
      'spec 2: claim-my-gift flag on a guides path is claim-gift',
      '/guides/christmas',
      { 'claim-my-gift': 'true' },
      { pageType: 'claim-gift', layout: 'gift' },
    ],
    [
      'spec 2: claim-my-gift flag with an empty value still counts',
      '/guides/christmas',
      new URLSearchParams('claim-my-gift'),
      { pageType: 'claim-gift' },
    ],
    [
      'spec 2: claim-my-gift flag off a guides path changes nothing',
      '/checkout',
      { 'claim-my-gift': 'true' },
      { pageType: 'checkout' },
    ],
  ])('%s', (_name, path, query, expected) => {
    expect(resolvePageType(path, { query, knownLocations })).toMatchObject(expected);
  });

  it('spec 2: a query in the path itself is read as well', () => {
    expect(resolvePageType('/guides/mum?claim-my-gift=1#top')).toMatchObject({ pageType: 'claim-gift' });
  });

  it('spec 2: resolvePageType returns only known page types and layouts', () => {
    const paths = ['/', '/deals/london', '/deal/1', '/anything/at/all', '/deals/london/a/b/c'];
    for (const path of paths) {
      const info = resolvePageType(path, { knownLocations });
      expect(PAGE_TYPES).toContain(info.pageType);
      expect(LAYOUTS).toContain(info.layout);
    }
  });

  it('spec 2: every page type has a layout', () => {
    for (const pageType of PAGE_TYPES) expect(LAYOUTS).toContain(PAGE_TYPE_LAYOUTS[pageType]);
  });
});

describe('layouts', () => {
  it.each<[Layout, boolean]>([
    ['account', true],
    ['delete', true],
    ['checkout', false],
    ['deals', false],
    ['gift', false],
    ['header-footer', false],
    ['login', false],
  ])('spec 2: layout %s requires login: %s', (layout, requiresLogin) => {
    expect(layoutRequiresLogin(layout)).toBe(requiresLogin);
  });
});

describe('deal paths', () => {
  it.each<[string, string, ReturnType<typeof parseDealPath>]>([
    ['spec 2: deal path with deal id', '/deal/12345', { dealId: 12345, isEvergreen: false }],
    ['spec 2: deal path with product id', '/deal/12345/678', { dealId: 12345, productId: 678, isEvergreen: false }],
    ['spec 2: deal path with slugs', '/deals/london/spa-day-for-two/12345', { dealId: 12345, isEvergreen: false }],
    ['spec 2: evergreen e path with an id', '/deals/london/e/spa-day/12345', { dealId: 12345, isEvergreen: true }],
    ['spec 2: email deal path', '/email-deals/12345', { dealId: 12345, isEvergreen: false }],
    ['spec 2: a listing has no deal id', '/deals/london/spa', null],
    ['spec 2: evergreen e path without an id has no deal id', '/deal/e/spa-day', null],
    ['spec 2: numbers outside deal paths are not deals', '/myaccount/vouchers/12345', null],
  ])('%s', (_name, path, expected) => {
    expect(parseDealPath(path)).toEqual(expected);
  });
});

describe('locations', () => {
  it.each<[string, string, string | undefined]>([
    ['spec 2: location is the second segment after deals', '/deals/london/spa', 'london'],
    ['spec 2: shop maps to national-deal', '/shop', 'national-deal'],
    ['spec 2: shop after deals maps to national-deal', '/deals/shop/electricals', 'national-deal'],
    ['spec 2: a path containing /gifts maps to gifts', '/gifts', 'gifts'],
    ['spec 2: a deals path containing /gifts maps to gifts', '/deals/gifts/for-her', 'gifts'],
    ['spec 2: near-me is a special location', '/near-me', 'near-me'],
    ['spec 2: near-me after deals is a special location', '/deals/near-me', 'near-me'],
    ['spec 2: travel is a special location', '/travel', 'travel'],
    ['spec 2: travel after deals is a special location', '/deals/travel/beach', 'travel'],
    ['spec 2: national-deal is a special location', '/deals/national-deal', 'national-deal'],
    ['spec 2: email deals carry a location too', '/email-deals/glasgow/spa/1', 'glasgow'],
    ['spec 2: gift finder location', '/glasgow/spa/gift-finder', 'glasgow'],
    ['spec 2: an unknown location is not a location', '/deals/atlantis', undefined],
    ['spec 2: a deal id is not a location', '/deal/12345', undefined],
    ['spec 2: the evergreen marker is not a location', '/deal/e/spa', undefined],
    ['spec 2: a page outside deals has no location', '/checkout', undefined],
  ])('%s', (_name, path, expected) => {
    expect(locationFromPath(path, knownLocations)).toBe(expected);
  });

  it('spec 2: the special locations are national-deal, near-me and travel', () => {
    expect(SPECIAL_LOCATIONS).toEqual(['national-deal', 'near-me', 'travel']);
    expect(DEFAULT_LOCATION).toBe('london');
  });
});

describe('deal feed paths', () => {
  it.each<[string, { path: string; dealIdOverride?: number }, ReturnType<typeof resolveDealFeedPath>]>([
    [
      'spec 2: a deal id without a location falls back to the default location',
      { path: '/deal/12345' },
      { location: 'london', dealId: 12345, isEvergreen: false, isTravel: false, isEmailDeal: false },
    ],
    [
      'spec 2: a location listing feed',
      { path: '/deals/glasgow/spa' },
      { location: 'glasgow', isEvergreen: false, isTravel: false, isEmailDeal: false },
    ],
    [
      'spec 2: evergreen path with dealIdOverride',
      { path: '/deals/london/e/spa-day', dealIdOverride: 999 },
      { location: 'london', dealId: 999, isEvergreen: true, isTravel: false, isEmailDeal: false },
    ],
    [
      'spec 2: travel email deal feed',
      { path: '/email-deals/travel/321/4' },
      { location: 'travel', dealId: 321, productId: 4, isEvergreen: false, isTravel: true, isEmailDeal: true },
    ],
    [
      'spec 2: shop feed maps to national-deal',
      { path: '/shop' },
      { location: 'national-deal', isEvergreen: false, isTravel: false, isEmailDeal: false },
    ],
  ])('%s', (_name, input, expected) => {
    expect(resolveDealFeedPath(input)).toEqual(expected);
  });
});

describe('spec 8 path rule errors', () => {
  it.each<[string, () => unknown, keyof typeof PATH_RULE_MESSAGES, string]>([
    ['spec 8: unknown page type', () => pageTypeOrThrow('landing'), 'unsupportedPageType', 'Unsupported page type'],
    [
      'spec 8: evergreen path without dealIdOverride',
      () => resolveDealFeedPath({ path: '/deal/e/spa-day' }),
      'evergreenWithoutDealId',
      'dealIdOverride must be specified on Evergreen path',
    ],
    [
      'spec 8: no deal type or location in a feed path',
      () => resolveDealFeedPath({ path: '/checkout' }),
      'unparsableDealTypeOrLocation',
      'Unable to parse deal type / location',
    ],
    [
      'spec 8: deals root without location or deal id',
      () => resolveDealFeedPath({ path: '/deals' }),
      'unparsableDealTypeOrLocation',
      'Unable to parse deal type / location',
    ],
    ['spec 5 and 8: empty string', () => assertPath(''), 'emptyPath', 'Empty string received'],
    ['spec 5 and 8: whitespace only', () => assertPath('   '), 'emptyPath', 'Empty string received'],
    ['spec 5 and 8: empty path to resolvePageType', () => resolvePageType(''), 'emptyPath', 'Empty string received'],
    [
      'spec 5 and 8: https URL',
      () => assertPath('https://tuppence.co.uk/deals/london'),
      'fullUrl',
      'This function does not accept full URL...',
    ],
    [
      'spec 5 and 8: http URL',
      () => resolvePageType('http://tuppence.co.uk/'),
      'fullUrl',
      'This function does not accept full URL...',
    ],
    [
      'spec 5 and 8: protocol-relative URL',
      () => parseDealPath('//tuppence.co.uk/deal/1'),
      'fullUrl',
      'This function does not accept full URL...',
    ],
    [
      'spec 5 and 8: full URL to the feed builder',
      () => resolveDealFeedPath({ path: 'HTTPS://x.test/deal/1' }),
      'fullUrl',
      'This function does not accept full URL...',
    ],
  ])('%s', (_name, act, rule, message) => {
    const error = pathRuleErrorOf(act);
    expect(error.rule).toBe(rule);
    expect(error.message).toBe(message);
    expect(PATH_RULE_MESSAGES[rule]).toBe(message);
  });

  it('spec 8: pageTypeOrThrow accepts every spec 2 page type', () => {
    for (const pageType of PAGE_TYPES) expect(pageTypeOrThrow(pageType)).toBe(pageType);
    expect(PAGE_TYPES).toHaveLength(30);
  });
});

describe('path normalising (spec 5)', () => {
  it.each<[string, string, string]>([
    ['spec 5: root stays root', '/', '/'],
    ['spec 5: a leading slash is added', 'deals/london', '/deals/london'],
    ['spec 5: a trailing slash is removed', '/deals/london/', '/deals/london'],
    ['spec 5: query and hash are dropped', '/search?q=spa#results', '/search'],
    ['spec 5: repeated slashes collapse', '/deals//london', '/deals/london'],
    ['spec 5: surrounding whitespace is trimmed', '  /checkout  ', '/checkout'],
  ])('%s', (_name, input, expected) => {
    expect(assertPath(input)).toBe(expected);
  });
});
