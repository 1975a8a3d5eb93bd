/**
 * At sign-in (spec 7 wishlist PATCH op merge): the guest's list in the cookie joins the customer's,
 * and the guest cookie goes (the account's list is found by the login now).
 */
import { EVENTS } from '@/server/events';
import { mergeGuestWishlist } from '@/server/wishlist';
import type { SignedIn } from '../sign-in-hooks';
import { forgetWishlistCookie, readWishlistCookie } from '../wishlist-request';

export const config = { event: EVENTS.signedIn, subscriberId: 'wishlist' } as const;

export default async function mergeWishlist({ context, db, user }: SignedIn): Promise<void> {
  const guestId = readWishlistCookie(context.cookies);
  if (guestId === null) return;
  await mergeGuestWishlist(db, guestId, user.customerToken);
  forgetWishlistCookie(context);
}
