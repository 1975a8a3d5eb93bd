/**
 * spec 7 GET gift finder feed: a giftFor tag (a spec 2 recipient) and the same filters
 * as the deal feed: location, category, personality, price step (spec 9: 0, 10, 20, 50, 100), page
 * (size 12). An unknown place, category or recipient is a 404.
 */
import { GiftFinderFeedQuerySchema } from '@/contracts/gifting';
import { NotFound } from '@/domain/errors';
import { parseGiftFinderFilter, priceStepBounds } from '@/domain/gift-finder';
import { parseListingFilter } from '@/domain/listing-filters';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { loadListingPage } from '@/server/listing';

export const GET = endpoint({
  who: 'anyone',
  input: GiftFinderFeedQuerySchema,
  area: 'gifting',
  handler: async ({ input }) => {
    const gift = parseGiftFinderFilter(
      new URLSearchParams({ personality: input.personality ?? '', price: input.price ?? '', page: input.page ?? '1' }),
    );
    const { filter } = parseListingFilter(new URLSearchParams());
    const { db } = await getDb();
    const listing = await loadListingPage(
      db,
      {
        kind: 'gift-finder',
        location: input.location,
        category: input.category,
        recipient: input.giftFor,
        personality: gift.personality?.slug,
      },
      { ...filter, ...priceStepBounds(gift.priceFrom), page: gift.page },
    );
    if (listing === null) throw new NotFound('No gift finder for that place, category or recipient.');
    return {
      path: listing.path,
      deals: listing.mainDeal ? [listing.mainDeal, ...listing.deals] : listing.deals,
      count: listing.total,
      page: listing.page,
      pageSize: listing.pageSize,
      lastPage: listing.lastPage,
    };
  },
});
