/** Headings, titles and descriptions for listing pages (spec 2: from faceted navigation and location). */
import { listingPath, SPECIAL_LOCATION_CATEGORY } from '@/domain/listing-paths';
import { upToClaim } from '@/domain/price-evidence';
import type { SavingCeilings } from '@/server/catalog';
import type { ResolvedScope } from '@/server/listing';

const SPECIAL_HEADINGS: Record<string, string> = {
  'national-deal': 'Shop deals delivered across the UK',
  travel: 'Travel deals and holidays',
  escapes: 'UK escapes and short breaks',
  'wellness-collection': 'The Wellness Collection',
  'near-me': 'Deals near you',
};

export interface ListingCopy {
  heading: string;
  intro?: string;
  title: string;
  description: string;
  breadcrumbs: { label: string; url: string }[];
}

/** With no measured ceilings (none passed), the copy claims no saving (decision 024). */
const NO_CLAIMS: SavingCeilings = { local: 0, travel: 0 };

/** Copy for any listing scope: a place, VIP, a special page or /find. "Up to N%" is the measured ceiling. */
export function copyForScope(resolved: ResolvedScope & { savingCeilings?: SavingCeilings }): ListingCopy {
  const ceilings = resolved.savingCeilings ?? NO_CLAIMS;
  if (resolved.scope.kind === 'vip') return vipListingCopy(resolved);
  if (resolved.scope.kind === 'find') return findCopy(resolved, ceilings);
  if (resolved.scope.kind === 'special' && resolved.location) {
    return specialCopy(resolved.location, resolved.scope.slug, resolved.path, ceilings);
  }
  return listingCopy(resolved, ceilings);
}

/**
 * Copy for a listing, worded the way UK shoppers search: heading "Spa Days deals in Glasgow",
 * title "Spa Days in Glasgow" (spec 2: title and description from faceted navigation and location).
 */
export function listingCopy(
  { location, category, subCategory }: Pick<ResolvedScope, 'location' | 'category' | 'subCategory'>,
  ceilings: SavingCeilings = NO_CLAIMS,
): ListingCopy {
  if (!location)
    return { heading: 'Deals', title: 'Deals', description: 'Discounted vouchers, updated daily.', breadcrumbs: [] };
  const place = location.kind === 'local' ? location.name : null;
  const base = `/deals/${location.shortName}`;
  const topic = subCategory?.name ?? category?.name ?? null;
  const special = SPECIAL_HEADINGS[location.shortName];
  const heading = topic
    ? place
      ? `${topic} deals in ${place}`
      : `${topic} deals`
    : place
      ? `Deals in ${place}`
      : (special ?? `${location.name} deals`);
  // spec 1: travel has a ceiling of its own; both are measured from evidenced deals (decision 024).
  const claim = upToClaim(location.shortName === 'travel' ? ceilings.travel : ceilings.local);
  const save = claim ? `Save ${claim} on` : 'Discounted vouchers for';
  const description = place
    ? `${save} ${topic ? topic.toLowerCase() : 'restaurants, spa days, activities and more'} in ${place}. Discounted vouchers from local businesses, updated daily.`
    : `${save} ${topic ? topic.toLowerCase() : location.name.toLowerCase()} deals, with vouchers delivered instantly.`;
  const breadcrumbs = [
    { label: 'Home', url: '/' },
    { label: place ?? location.name, url: base },
  ];
  const isOwnCategory = category?.shortName === SPECIAL_LOCATION_CATEGORY[location.shortName];
  if (category && !isOwnCategory) {
    breadcrumbs.push({ label: category.name, url: listingPath(location.shortName, category.shortName) });
  }
  if (category && subCategory) {
    const url = listingPath(location.shortName, category.shortName, subCategory.shortName);
    breadcrumbs.push({ label: subCategory.name, url });
  }
  const title = topic && place ? `${topic} in ${place}` : heading;
  return { heading, title, description, breadcrumbs };
}

/** Title case for a slug: "afternoon-tea-for-two" → "Afternoon Tea For Two". */
function slugTitle(slug: string): string {
  return slug
    .split(/[^a-z0-9]+/i)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/** spec 2 special pages: titled from the slug. */
function specialCopy(
  location: NonNullable<ResolvedScope['location']>,
  slug: string,
  path: string,
  ceilings: SavingCeilings,
): ListingCopy {
  const claim = upToClaim(ceilings.local);
  const topic = slugTitle(slug);
  const place = location.kind === 'local' ? location.name : null;
  const heading = place ? `${topic} deals in ${place}` : `${topic} deals`;
  return {
    heading,
    title: place ? `${topic} in ${place}` : heading,
    description: `${claim ? `Save ${claim} on` : 'Deals on'} ${topic.toLowerCase()}${place ? ` in ${place}` : ''}. Hand-picked vouchers, updated daily.`,
    breadcrumbs: [
      { label: 'Home', url: '/' },
      { label: place ?? location.name, url: `/deals/${location.shortName}` },
      { label: topic, url: path },
    ],
  };
}

/** spec 2 /find and spec 9 feed size 20: a national listing to browse everything. */
function findCopy(
  { category, subCategory }: Pick<ResolvedScope, 'category' | 'subCategory'>,
  ceilings: SavingCeilings,
): ListingCopy {
  const claim = upToClaim(Math.max(ceilings.local, ceilings.travel));
  const topic = subCategory?.name ?? category?.name;
  const breadcrumbs = [
    { label: 'Home', url: '/' },
    { label: 'Find a deal', url: '/find' },
  ];
  if (category) breadcrumbs.push({ label: category.name, url: `/find?category=${category.shortName}` });
  if (category && subCategory) {
    breadcrumbs.push({
      label: subCategory.name,
      url: `/find?category=${category.shortName}&subcategory=${subCategory.shortName}`,
    });
  }
  return {
    heading: topic ? `Find a deal: ${topic}` : 'Find a deal',
    title: topic ? `Find a deal: ${topic}` : 'Find a deal',
    description: `Browse every deal${topic ? ` in ${topic.toLowerCase()}` : ''} across the UK: restaurants, spa days, activities, shop and travel${claim ? `, with savings of ${claim}` : ''}.`,
    breadcrumbs,
  };
}

/** Copy for the VIP listing (spec 1: VIP members get extra discounts). */
export function vipListingCopy({ category }: Pick<ResolvedScope, 'category'>): ListingCopy {
  const heading = category ? `VIP ${category.name} deals` : 'VIP deals';
  const breadcrumbs = [
    { label: 'Home', url: '/' },
    { label: 'VIP', url: '/deals/vip' },
  ];
  if (category) breadcrumbs.push({ label: category.name, url: `/deals/vip/${category.shortName}` });
  return {
    heading,
    title: heading,
    description: `Extra discounts for VIP members on ${category ? category.name.toLowerCase() : 'restaurants, spa days, travel and more'}. Look for the VIP price on each deal.`,
    breadcrumbs,
  };
}
