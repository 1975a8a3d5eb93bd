/**
 * spec 7 "GET a shared wishlist": GET /api/v1/wishlist/shared?url=<the shared link>
 * answers the list read-only (its deals as cards, never its id). spec 5: no URL is "URL missing".
 */
import { WishlistSharedQuerySchema } from '@/contracts/wishlist';
import { Invalid, NotFound } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { shareIdFromUrl } from '@/domain/wishlist';
import { listDealsByIds } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { retrieveSharedWishlist } from '@/server/wishlist';

export const GET = endpoint({
  who: 'anyone',
  input: WishlistSharedQuerySchema,
  area: 'wishlist',
  handler: async ({ input }) => {
    if (input.url === undefined || input.url.trim() === '') throw new Invalid(MESSAGES.urlMissing);
    const shareId = shareIdFromUrl(input.url);
    const { db } = await getDb();
    const view = shareId === null ? null : await retrieveSharedWishlist(db, shareId);
    if (view === null) throw new NotFound(MESSAGES.noWishListId);
    return { deals: await listDealsByIds(db, view.dealIds), quantity: String(view.dealIds.length) };
  },
});
