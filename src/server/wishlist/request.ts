/**
 * The wishlist of a request: the signed-in customer's, else the guest's by cookie (issue 21.1).
 */
import type { APIContext } from 'astro';
import type { WishlistResponse } from '@/contracts/wishlist';
import { sharedWishlistPath, wishlistQuantityText } from '@/domain/wishlist';
import { currentUser } from '@/server/accounts';
import type { UserRow } from '@/server/db';
import { readWishlistCookie } from './cookies';
import type { WishlistOwner, WishlistView } from './index';

type RequestContext = Pick<APIContext, 'session' | 'cookies' | 'url'>;

/** Who owns this request's wishlist, and the signed-in user when there is one. */
export async function requestWishlistOwner(
  context: RequestContext,
): Promise<{ owner: WishlistOwner; user: UserRow | null }> {
  const user = await currentUser(context);
  if (user !== null) return { owner: { customerToken: user.customerToken }, user };
  return { owner: { wishlistId: readWishlistCookie(context.cookies) }, user: null };
}

/** spec 3 Wishlist as the API answers it. */
export function toWishlistResponse(view: WishlistView): WishlistResponse {
  return {
    id: view.id,
    customerToken: view.customerToken,
    deals: view.dealIds,
    quantity: wishlistQuantityText(view.dealIds.length),
    shareUrl: sharedWishlistPath(view.shareId),
    errorMessage: null,
  };
}
