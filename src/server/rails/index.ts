/**
 * The shared home rails (spec 2: New Products, Early Bird Deals) and the /early-bird list. The
 * personal rails (Buy again, Recommended for you; docs/decisions/022) are in personal.ts: per
 * shopper, never on a shared page.
 */
import type { DealSummary } from '@/contracts/deal';
import { GIFT_CAROUSEL_SIZE, type GiftTopic } from '@/domain/gift-finder';
import { countDeals, listDeals, retrieveLocation } from '@/server/catalog';
import type { Db } from '@/server/db';
import { buildCategoryRows } from '@/server/reference';

/** Deals a home rail shows. */
export const RAIL_SIZE = 12;

/** New Products: the newest live deals in a location (or everywhere), newest first. */
export async function listNewProducts(db: Db, locationShortName?: string, limit = RAIL_SIZE): Promise<DealSummary[]> {
  const location = locationShortName ? await retrieveLocation(db, locationShortName) : null;
  return listDeals(db, { locationId: location?.id, orderBy: 'newest', limit });
}

export interface EarlyBirdPage {
  deals: DealSummary[];
  total: number;
}

/**
 * Early Bird Deals: live deals whose early-bird price still holds (early_bird_until in the
 * future), newest launches first. `page` is 0-based. Null when the location is unknown.
 */
export async function listEarlyBirdDeals(
  db: Db,
  { location, page = 0, pageSize = RAIL_SIZE }: { location?: string; page?: number; pageSize?: number },
): Promise<EarlyBirdPage | null> {
  const place = location ? await retrieveLocation(db, location) : null;
  if (location && !place) return null;
  const filter = { isEarlyBird: true, locationId: place?.id };
  const [deals, total] = await Promise.all([
    listDeals(db, { ...filter, orderBy: 'newest', limit: pageSize, offset: page * pageSize }),
    countDeals(db, filter),
  ]);
  return { deals, total };
}

export {
  BUY_AGAIN_PAGE_SIZE,
  listBuyAgainDeals,
  listRecommendedDeals,
  type PersonalPage,
  RECENTLY_VIEWED_SHOWN,
  RECOMMENDED_LIMIT,
  RECOMMENDED_PAGE_SIZE,
} from './personal';
export {
  listCategoryRecommendations,
  listDealRecommendations,
  type RecommendationPaging,
} from './recommendations';

const categoryIds = new Map(buildCategoryRows().map((row) => [row.shortName, row.id]));

/** A gift topic's categories as ids (the reference tree: the same ids in every database). */
function topicFilter(topic: GiftTopic) {
  return {
    categoryIds: topic.categories.flatMap((name) => {
      const id = categoryIds.get(name);
      return id === undefined ? [] : [id];
    }),
    tags: topic.tags,
  };
}

/**
 * /gifts (docs/decisions/028): a gift carousel (spec 9: 20 deals) of gift-able deals in a location
 * and the nation's shop deals, the most popular first, optionally for one recipient or personality.
 */
export async function listGiftCarousel(
  db: Db,
  options: { locationShortName: string; topic?: GiftTopic; limit?: number },
): Promise<DealSummary[]> {
  const [local, national] = await Promise.all([
    retrieveLocation(db, options.locationShortName),
    retrieveLocation(db, 'national-deal'),
  ]);
  const locationIds = [local?.id, national?.id].filter((id): id is number => id !== undefined);
  return listDeals(db, {
    locationIds,
    giftableOnly: true,
    allTopics: options.topic ? [topicFilter(options.topic)] : undefined,
    orderBy: 'popularity',
    limit: options.limit ?? GIFT_CAROUSEL_SIZE,
  });
}
