/** spec 3 Wishlist as the API answers it, from the service's view of a list. */
import type { WishlistResponse } from '@/contracts/wishlist';
import { sharedWishlistPath, wishlistQuantityText } from '@/domain/wishlist';
import type { WishlistView } from './types';

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
