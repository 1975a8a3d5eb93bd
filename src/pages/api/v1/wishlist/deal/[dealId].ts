/**
 * spec 7 wishlist "DELETE a deal": DELETE /api/v1/wishlist/deal/{dealId} takes one deal
 * off the request's wishlist. spec 5: removing needs a wishlist and a deal; without a wishlist it is
 * 404 "No Wish List ID", a deal id that is not a number is 400 "args malformed".
 */

import { Invalid } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { getDb } from '@/server/db';
import { endpoint, requestWishlistOwner } from '@/server/http';
import { removeFromWishlist, toWishlistResponse } from '@/server/wishlist';

export const DELETE = endpoint({
  who: 'anyone',
  area: 'wishlist',
  handler: async ({ context }) => {
    const dealId = Number(context.params.dealId);
    if (!Number.isSafeInteger(dealId) || dealId <= 0) throw new Invalid(MESSAGES.argsMalformed);
    const { owner } = await requestWishlistOwner(context);
    const { db } = await getDb();
    return toWishlistResponse(await removeFromWishlist(db, owner, dealId));
  },
});
