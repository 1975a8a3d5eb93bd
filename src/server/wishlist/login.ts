/**
 * The wishlist side of signing in (issue 21.1, spec 7 PATCH op merge): the guest's list in the
 * cookie joins the customer's, and the guest cookie goes (the account's list is found by login now).
 */
import type { APIContext } from 'astro';
import { getDb } from '@/server/db';
import { forgetWishlistCookie, readWishlistCookie } from './cookies';
import { mergeGuestWishlist } from './index';

export async function mergeWishlistAtLogin(
  context: Pick<APIContext, 'cookies' | 'url'>,
  user: { customerToken: string },
): Promise<void> {
  const guestId = readWishlistCookie(context.cookies);
  if (guestId === null) return;
  const { db } = await getDb();
  await mergeGuestWishlist(db, guestId, user.customerToken);
  forgetWishlistCookie(context);
}
