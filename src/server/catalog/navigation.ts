/**
 * Header navigation (spec 2 "Header, footer, home and menus"; spec 3 Navigation item).
 * Counts are live deals per top-level category in the chosen location.
 */
import { sql } from 'drizzle-orm';
import type { NavigationItem } from '@/contracts/navigation';
import { listingPath, SPECIAL_LOCATION_CATEGORY } from '@/domain/listing-paths';
import { LOGGED } from '@/domain/logged-messages';
import type { Db } from '@/server/db';
import { logWarning } from '@/server/log';
import type { HeaderData } from './header-types';
import { listLocations } from './locations';

/** spec 2: the default Scottish location menu. */
const SCOTTISH_LOCATIONS = ['glasgow', 'edinburgh', 'aberdeen'] as const;

/** spec 2: each Scottish location's sub-links, in order; {product} is the brand's name. */
function scottishSubLinks(location: string, productName: string) {
  return [
    { shortName: 'restaurants', linkText: 'Restaurants', url: `/deals/${location}/restaurants-food` },
    { shortName: 'product', linkText: productName, url: `/deals/${location}` },
    { shortName: 'afternoon-tea', linkText: 'Afternoon Tea', url: `/deals/${location}/food-drink/afternoon-tea` },
    { shortName: 'spa-days', linkText: 'Spa Days', url: `/deals/${location}/beauty/spa` },
    { shortName: 'beauty', linkText: 'Beauty', url: `/deals/${location}/beauty` },
    {
      shortName: 'fitness-classes',
      linkText: 'Fitness Classes',
      url: `/deals/${location}/health-fitness/fitness-classes`,
    },
    { shortName: 'courses', linkText: 'Courses', url: `/deals/${location}/courses` },
    { shortName: 'food', linkText: 'Food', url: `/deals/${location}/food-drink` },
  ];
}

/** Top-level categories that live under special locations rather than a town. */
const NATIONAL_ITEMS: ReadonlyArray<{ shortName: string; linkText: string; url: string; location: string }> = [
  { shortName: 'shop', linkText: 'Shop', url: '/shop', location: 'national-deal' },
  { shortName: 'travel', linkText: 'Travel', url: '/travel', location: 'travel' },
  { shortName: 'escapes', linkText: 'Escapes', url: '/escapes', location: 'escapes' },
  {
    shortName: 'wellness-collection',
    linkText: 'Wellness',
    url: '/deals/wellness-collection',
    location: 'wellness-collection',
  },
];

const TTL_MS = 60_000;
const headerCache = new Map<string, { at: number; data: HeaderData }>();

/** Forget cached headers (after a reseed, or between test databases). */
export function clearHeaderCache(): void {
  headerCache.clear();
}

function navItem(
  partial: Partial<NavigationItem> & Pick<NavigationItem, 'id' | 'shortName' | 'linkText' | 'url'>,
): NavigationItem {
  return {
    subNavigations: [],
    isLocal: false,
    isLocalLink: false,
    isLocationPlaceholder: false,
    isDefault: false,
    showPopover: false,
    showScotland: false,
    ...partial,
  };
}

/** Everything the header needs for a location, cached per location and brand for a minute. */
export async function retrieveHeaderData(
  db: Db,
  location: { shortName: string; name: string },
  productName: string,
): Promise<HeaderData> {
  const key = `${location.shortName}:${productName}`;
  const hit = headerCache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.data;
  let data: HeaderData;
  try {
    data = await loadHeaderData(db, location, productName);
  } catch (error) {
    // spec 8: a menu that cannot load is a warning; the last menu read still serves, if there is one.
    logWarning('catalog', `${LOGGED.menuLoadFailed} for ${location.shortName}`, error);
    if (hit) return hit.data;
    throw error;
  }
  headerCache.set(key, { at: Date.now(), data });
  return data;
}

async function loadHeaderData(
  db: Db,
  location: { shortName: string; name: string },
  productName: string,
): Promise<HeaderData> {
  const allLocations = await listLocations(db);
  const isLocalLocation = allLocations.some((l) => l.shortName === location.shortName && l.kind === 'local');
  const localShortName = isLocalLocation ? location.shortName : 'london';
  const localName = isLocalLocation ? location.name : 'London';

  const counts = await db.execute<{
    id: number;
    short_name: string;
    name: string;
    location: string;
    count: number | string;
    parent_id: number | null;
    navigation_type: string | null;
  }>(sql`
    select c.id, c.short_name, c.name, l.short_name as location, c.parent_id, c.navigation_type, count(*) as count
    from deals d
    join locations l on l.id = d.location_id
    join categories c on c.id in (d.category_id, d.sub_category_id)
    where d.status = 'live' and d.closing_date > now()
      and (l.short_name = ${localShortName} or l.kind = 'special')
    group by c.id, c.short_name, c.name, l.short_name, c.parent_id, c.navigation_type, c.sort_order
    order by c.sort_order, c.name
  `);

  const rows = counts.rows.map((r) => ({ ...r, count: Number(r.count) }));
  const topLevel = rows.filter((r) => r.parent_id === null && r.location === localShortName);
  const subsOf = (parentId: number, loc: string) => rows.filter((r) => r.parent_id === parentId && r.location === loc);

  const nav: NavigationItem[] = [
    navItem({
      id: `local-${localShortName}`,
      shortName: localShortName,
      linkText: localName,
      url: `/deals/${localShortName}`,
      isLocal: true,
      isLocalLink: true,
      showPopover: true,
      showScotland: true,
      count: topLevel.reduce((sum, r) => sum + r.count, 0),
    }),
    ...topLevel.map((r) =>
      navItem({
        id: `cat-${r.id}`,
        shortName: r.short_name,
        linkText: r.name,
        url: listingPath(localShortName, r.short_name),
        count: r.count,
        showPopover: true,
        subNavigations: subsOf(r.id, localShortName).map((s) => ({
          id: `sub-${s.id}`,
          shortName: s.short_name,
          linkText: s.name,
          url: listingPath(localShortName, r.short_name, s.short_name),
          count: s.count,
        })),
      }),
    ),
    ...NATIONAL_ITEMS.map((item) => {
      const count = rows
        .filter((r) => r.location === item.location && r.parent_id === null)
        .reduce((sum, r) => sum + r.count, 0);
      const subNavigations = rows
        .filter((r) => r.location === item.location && r.parent_id !== null)
        .map((s) => ({
          id: `special-${item.shortName}-${s.id}`,
          shortName: s.short_name,
          linkText: s.name,
          url: listingPath(item.location, SPECIAL_LOCATION_CATEGORY[item.location], s.short_name),
          count: s.count,
        }));
      return navItem({
        id: `special-${item.shortName}`,
        shortName: item.shortName,
        linkText: item.linkText,
        url: item.url,
        count,
        showPopover: subNavigations.length > 0,
        subNavigations,
      });
    }).filter((item) => (item.count ?? 0) > 0),
  ];

  const travelNav = rows
    .filter((r) => r.location === 'travel' && r.parent_id !== null && r.navigation_type)
    .map((r) =>
      navItem({
        id: `travel-${r.id}`,
        shortName: r.short_name,
        linkText: r.name,
        url: listingPath('travel', 'travel', r.short_name),
        count: r.count,
        navigationType: r.navigation_type === 'International Travel' ? 'International Travel' : 'UK Travel',
      }),
    );

  const byName = new Map(allLocations.map((l) => [l.shortName, l]));
  const scottishMenu = SCOTTISH_LOCATIONS.flatMap((shortName) => {
    const loc = byName.get(shortName);
    if (!loc) return [];
    return [
      navItem({
        id: `scotland-${shortName}`,
        shortName,
        linkText: loc.name,
        url: `/deals/${shortName}`,
        showScotland: true,
        isLocalLink: true,
        subNavigations: scottishSubLinks(shortName, productName).map((s) => ({
          id: `${shortName}-${s.shortName}`,
          ...s,
        })),
      }),
    ];
  });

  return {
    location: { shortName: localShortName, name: localName },
    nav,
    travelNav,
    locations: allLocations
      .filter((l) => l.kind === 'local')
      .map((l) => ({ shortName: l.shortName, name: l.name, region: l.region })),
    scottishMenu,
  };
}
