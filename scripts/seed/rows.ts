/**
 * The insert shapes of the seeded tables, named once so every seed file agrees on them.
 */
import type * as s from '@/server/db/schema';

export type { CategoryRow, LocationRow } from '@/server/reference';

export type MerchantInsert = typeof s.merchants.$inferInsert;
export type DealInsert = typeof s.deals.$inferInsert;
export type DealProductInsert = typeof s.dealProducts.$inferInsert;
export type DealProductStockInsert = typeof s.dealProductStock.$inferInsert;
export type DealImageInsert = typeof s.dealImages.$inferInsert;
export type DealProductNightInsert = typeof s.dealProductNights.$inferInsert;
export type DealProductFlightInsert = typeof s.dealProductFlights.$inferInsert;

/** spec 3 deal types. */
export type DealType =
  | 'calendar'
  | 'call-to-book'
  | 'choose-your-flight'
  | 'mystery-travel'
  | 'standard'
  | 'standard-travel';

/** spec 3 price display modes, as stored (the domain names them once). */
export type { PriceDisplayModeName as PriceDisplayMode } from '@/domain/price-evidence';

/** spec 3 delivery options. */
export type DeliveryOption = 'e-gift' | 'ndd-gpk' | 'std-gpk' | 'none';
