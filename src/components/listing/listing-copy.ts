/** Headings, titles and descriptions for listing pages (spec 2: from faceted navigation and location). */
import { listingPath, SPECIAL_LOCATION_CATEGORY } from '../../domain/listing-paths';
import type { ListingData, VipListingData } from '../../server/listing';

const SPECIAL_HEADINGS: Record<string, string> = {
  'national-deal': 'Shop deals delivered across the UK',
  travel: 'Travel deals and holidays',
  escapes: 'UK escapes and short breaks',
  'wellness-collection': 'The Wellness Collection',
  'near-me': 'Deals near you',
};

export interface ListingCopy {
  heading: string;
  title: string;
  description: string;
  breadcrumbs: { label: string; url: string }[];
}

/** Copy for a listing, worded the way UK shoppers search ("Spa Days deals in Glasgow"). */
export function listingCopy({ location, category, subCategory }: ListingData): ListingCopy {
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
  const saving = location.shortName === 'travel' ? 'up to 50%' : 'up to 80%';
  const description = place
    ? `Save ${saving} on ${topic ? topic.toLowerCase() : 'restaurants, spa days, activities and more'} in ${place}. Discounted vouchers from local businesses, updated daily.`
    : `Save ${saving} on ${topic ? topic.toLowerCase() : location.name.toLowerCase()} deals, with vouchers delivered instantly.`;
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
  return { heading, title: heading, description, breadcrumbs };
}

/** Copy for the VIP listing (spec 1: VIP members get extra discounts). */
export function vipListingCopy({ category }: VipListingData): ListingCopy {
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
