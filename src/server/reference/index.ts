/**
 * Reference data: the towns, cities and special locations we sell in, and the spec's
 * categories with their ids. Real, stable data the shop relies on, kept apart from the demo
 * catalogue (scripts/seed, docs/decisions/036), which only makes up deals, merchants and reviews around it.
 */
export {
  buildCategoryRows,
  type CategoryRow,
  HIGH_FRAUD_SUB_CATEGORY_IDS,
  PAY_LATER_BLOCKED_SUB_CATEGORY_IDS,
  STRICT_PAY_LATER_SUB_CATEGORY_IDS,
  type SubCategoryRef,
  subCategory,
} from './categories';
export {
  buildLocationRows,
  LOCAL_LOCATIONS,
  type LocalLocation,
  type LocationRow,
  localLocation,
  locationId,
  SPECIAL_LOCATIONS,
  type SpecialLocationName,
} from './locations';
