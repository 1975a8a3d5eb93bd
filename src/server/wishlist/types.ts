/** A wishlist as the service's callers see it, and whose it is (spec 3 Wishlist). */

/** A wishlist as callers see it: spec 3 id, customerToken and deals (ids, newest first). */
export interface WishlistView {
  id: string;
  shareId: string;
  customerToken: string | null;
  dealIds: number[];
}

/** Whose wishlist: a signed-in customer's, or a guest's by the id in the cookie (null when none yet). */
export type WishlistOwner = { customerToken: string } | { wishlistId: string | null };
