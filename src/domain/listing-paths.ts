/**
 * Listing URLs (spec 2 routes). Town listings nest category and sub-category:
 * /deals/glasgow/beauty/spa. The special locations each stand for one category, so their
 * sub-categories sit directly under them: /deals/travel/all-inclusive, /deals/national-deal/electronics.
 */

/** The category each special location stands for. */
export const SPECIAL_LOCATION_CATEGORY: Readonly<Record<string, string>> = {
  travel: 'travel',
  escapes: 'escapes',
  'national-deal': 'shop',
  'wellness-collection': 'beauty',
};

/** The URL of a listing for a location, optionally narrowed to a category and sub-category. */
export function listingPath(location: string, category?: string, subCategory?: string): string {
  const base = `/deals/${location}`;
  const home = SPECIAL_LOCATION_CATEGORY[location];
  if (home !== undefined && (category === undefined || category === home)) {
    return subCategory ? `${base}/${subCategory}` : base;
  }
  if (!category) return base;
  return subCategory ? `${base}/${category}/${subCategory}` : `${base}/${category}`;
}

/**
 * Reads the category segments of a listing path back: under a special location a single segment is
 * a sub-category of the location's own category.
 */
export function listingSegments(
  location: string,
  first?: string,
  second?: string,
): { category?: string; subCategory?: string; isImplicitCategory: boolean } {
  const home = SPECIAL_LOCATION_CATEGORY[location];
  if (home === undefined || first === undefined)
    return { category: first, subCategory: second, isImplicitCategory: false };
  if (first === home) return { category: home, subCategory: second, isImplicitCategory: false };
  if (second === undefined) return { category: home, subCategory: first, isImplicitCategory: true };
  return { category: first, subCategory: second, isImplicitCategory: false };
}
