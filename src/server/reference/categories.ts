/**
 * The category tree. Ids are stable because rules name them: spec 5 payment eligibility
 * singles out sub-categories 14, 17, 386, 398, 585, 586 (fraud-prone shop goods),
 * 218 and 711 (clinics), 197 and 200 (aesthetics).
 */
import type * as s from '@/server/catalog/schema';

export type CategoryRow = typeof s.categories.$inferInsert;

/** spec 5: high-value shop goods allowed only on orders under £50. */
export const HIGH_FRAUD_SUB_CATEGORY_IDS = [14, 17, 386, 398, 585, 586] as const;
/** spec 5: clinic treatments that block some pay-later options. */
export const PAY_LATER_BLOCKED_SUB_CATEGORY_IDS = [218, 711] as const;
/** spec 5: aesthetics blocked from pay-later when the stricter flag is set. */
export const STRICT_PAY_LATER_SUB_CATEGORY_IDS = [197, 200] as const;

type NavigationType = 'UK Travel' | 'International Travel';
type Sub = readonly [id: number, shortName: string, name: string, navigationType?: NavigationType];

interface TopLevel {
  id: number;
  shortName: string;
  name: string;
  isTravel?: boolean;
  subs: readonly Sub[];
}

const TREE: readonly TopLevel[] = [
  {
    id: 1,
    shortName: 'food-drink',
    name: 'Food & Drink',
    subs: [
      [101, 'afternoon-tea', 'Afternoon Tea'],
      [102, 'bottomless-brunch', 'Bottomless Brunch'],
      [103, 'wine-tasting', 'Wine Tasting'],
      [104, 'cocktails', 'Cocktails'],
      [105, 'gin-tasting', 'Gin Tasting'],
      [106, 'brewery-tours', 'Brewery Tours'],
    ],
  },
  {
    id: 2,
    shortName: 'beauty',
    name: 'Beauty',
    subs: [
      [121, 'spa', 'Spa Days'],
      [122, 'hair', 'Hair'],
      [123, 'nails', 'Nails'],
      [124, 'massage', 'Massage'],
      [125, 'facials', 'Facials'],
      [126, 'lashes-brows', 'Lashes & Brows'],
      [197, 'teeth-whitening', 'Teeth Whitening'],
      [200, 'botox-fillers', 'Botox & Fillers'],
    ],
  },
  {
    id: 3,
    shortName: 'restaurants-food',
    name: 'Restaurants',
    subs: [
      [141, 'italian', 'Italian'],
      [142, 'indian', 'Indian'],
      [143, 'steak', 'Steak'],
      [144, 'sushi', 'Sushi'],
      [145, 'tapas', 'Tapas'],
      [146, 'pub-food', 'Pub Food'],
      [147, 'burgers', 'Burgers'],
      [148, 'seafood', 'Seafood'],
    ],
  },
  {
    id: 4,
    shortName: 'health-fitness',
    name: 'Health & Fitness',
    subs: [
      [161, 'fitness-classes', 'Fitness Classes'],
      [162, 'gym-passes', 'Gym Passes'],
      [163, 'yoga', 'Yoga'],
      [164, 'pilates', 'Pilates'],
      [165, 'boxing', 'Boxing'],
    ],
  },
  {
    id: 5,
    shortName: 'courses',
    name: 'Courses',
    subs: [
      [181, 'online-courses', 'Online Courses'],
      [182, 'cooking-classes', 'Cooking Classes'],
      [183, 'art-classes', 'Art Classes'],
      [184, 'photography-courses', 'Photography Courses'],
      [185, 'dance-classes', 'Dance Classes'],
    ],
  },
  {
    id: 6,
    shortName: 'activities',
    name: 'Activities',
    subs: [
      [231, 'escape-rooms', 'Escape Rooms'],
      [232, 'golf', 'Golf'],
      [233, 'bowling', 'Bowling'],
      [234, 'axe-throwing', 'Axe Throwing'],
      [235, 'climbing', 'Climbing'],
    ],
  },
  {
    id: 7,
    shortName: 'experiences',
    name: 'Experiences',
    subs: [
      [251, 'driving-experiences', 'Driving Experiences'],
      [252, 'flying-experiences', 'Flying Experiences'],
      [253, 'hot-air-balloon', 'Hot Air Balloon Rides'],
      [254, 'animal-experiences', 'Animal Experiences'],
    ],
  },
  {
    id: 8,
    shortName: 'travel',
    name: 'Travel',
    isTravel: true,
    subs: [
      [301, 'uk-hotels', 'UK Hotels', 'UK Travel'],
      [302, 'spa-breaks', 'Spa Breaks', 'UK Travel'],
      [303, 'cottages', 'Cottages & Lodges', 'UK Travel'],
      [304, 'city-breaks', 'UK City Breaks', 'UK Travel'],
      [305, 'seaside', 'Seaside Breaks', 'UK Travel'],
      [321, 'beach-holidays', 'Beach Holidays', 'International Travel'],
      [322, 'europe-city-breaks', 'European City Breaks', 'International Travel'],
      [323, 'long-haul', 'Long Haul', 'International Travel'],
      [324, 'all-inclusive', 'All Inclusive', 'International Travel'],
      [325, 'cruises', 'Cruises', 'International Travel'],
    ],
  },
  {
    id: 9,
    shortName: 'escapes',
    name: 'Escapes',
    isTravel: true,
    subs: [
      [341, 'spa-escapes', 'Spa Escapes', 'UK Travel'],
      [342, 'countryside-escapes', 'Countryside Escapes', 'UK Travel'],
      [343, 'coastal-escapes', 'Coastal Escapes', 'UK Travel'],
      [344, 'city-escapes', 'City Escapes', 'UK Travel'],
    ],
  },
  {
    id: 10,
    shortName: 'shop',
    name: 'Shop',
    subs: [
      [14, 'electronics', 'Electronics'],
      [17, 'mobile-phones-tablets', 'Mobile Phones & Tablets'],
      [386, 'gaming', 'Gaming'],
      [398, 'gift-cards', 'Gift Cards'],
      [585, 'jewellery', 'Jewellery'],
      [586, 'watches', 'Watches'],
      [401, 'home-garden', 'Home & Garden'],
      [402, 'fashion', 'Fashion'],
      [403, 'health-beauty-products', 'Health & Beauty Products'],
      [404, 'toys', 'Toys'],
    ],
  },
  {
    id: 11,
    shortName: 'health',
    name: 'Health',
    subs: [
      [218, 'cosmetic-surgery', 'Cosmetic Surgery'],
      [711, 'laser-eye-surgery', 'Laser Eye Surgery'],
      [701, 'dental', 'Dental'],
      [702, 'physio', 'Physiotherapy'],
    ],
  },
];

/** Every category row, each parent before its children. */
export function buildCategoryRows(): CategoryRow[] {
  const rows: CategoryRow[] = [];
  TREE.forEach((top, topIndex) => {
    rows.push({
      id: top.id,
      parentId: null,
      shortName: top.shortName,
      name: top.name,
      navigationType: null,
      sortOrder: topIndex,
      isTravel: top.isTravel ?? false,
    });
    top.subs.forEach(([id, shortName, name, navigationType], subIndex) => {
      rows.push({
        id,
        parentId: top.id,
        shortName,
        name,
        navigationType: navigationType ?? null,
        sortOrder: subIndex,
        isTravel: top.isTravel ?? false,
      });
    });
  });
  return rows;
}

export interface SubCategoryRef {
  id: number;
  shortName: string;
  name: string;
  parentId: number;
  parentShortName: string;
  isTravel: boolean;
  navigationType: NavigationType | null;
}

const SUB_CATEGORIES: ReadonlyMap<number, SubCategoryRef> = new Map(
  TREE.flatMap((top) =>
    top.subs.map(([id, shortName, name, navigationType]): [number, SubCategoryRef] => [
      id,
      {
        id,
        shortName,
        name,
        parentId: top.id,
        parentShortName: top.shortName,
        isTravel: top.isTravel ?? false,
        navigationType: navigationType ?? null,
      },
    ]),
  ),
);

/** The sub-category with this id, with its parent's id and short name. */
export function subCategory(id: number): SubCategoryRef {
  const found = SUB_CATEGORIES.get(id);
  if (!found) throw new RangeError(`Unknown seed sub-category: ${id}`);
  return found;
}
