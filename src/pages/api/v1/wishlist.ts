/**
 * spec 7 wishlist calls, on the request's wishlist: the signed-in customer's, else the
 * guest's by the wishlist cookie (7 days, spec 9; a year with functional cookies allowed, decision 059).
 * - GET: the wishlist (spec 3: id, customerToken, deals, quantity as text); `?customerToken=` must be
 *   the signed-in customer's own. None yet: 404 "No Wish List ID" (spec 8).
 * - POST `{deals: [id]}`: adds deals, creating the list (and a guest's cookie) when needed; 201.
 *   No deals: 400 "Deals missing" (spec 5).
 * - PATCH `{operations: [{op, path, value}]}`: op merge (path /customerToken), replace (path /deals),
 *   remove (path /deals/{id}). Anything else: 400 "args malformed" (spec 5).
 * - DELETE: removes every deal (spec 4: the island's store resets after this succeeds).
 * Personal: never cached.
 */
import { z } from 'zod';
import { WishlistAddSchema, WishlistPatchSchema } from '@/contracts/wishlist';
import { Forbidden, Invalid, NotFound } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { getDb } from '@/server/db';
import { endpoint, json, readWishlistCookie, rememberWishlistCookie, requestWishlistOwner } from '@/server/http';
import {
  addToWishlist,
  clearWishlist,
  mergeGuestWishlist,
  removeFromWishlist,
  replaceWishlistDeals,
  retrieveWishlist,
  toWishlistResponse,
  type WishlistView,
} from '@/server/wishlist';

export const GET = endpoint({
  who: 'anyone',
  input: z.object({ customerToken: z.string().max(200).optional() }),
  area: 'wishlist',
  handler: async ({ input, context }) => {
    const { owner, user } = await requestWishlistOwner(context);
    // spec 5: a customer token shorter than 10 characters skips the wishlist load.
    if (input.customerToken !== undefined) {
      if (input.customerToken.length < 10 || user === null || user.customerToken !== input.customerToken) {
        throw new NotFound(MESSAGES.noWishListId);
      }
    }
    const { db } = await getDb();
    const view = await retrieveWishlist(db, owner);
    if (view === null) throw new NotFound(MESSAGES.noWishListId);
    return toWishlistResponse(view);
  },
});

export const POST = endpoint({
  who: 'anyone',
  input: z.unknown(),
  area: 'wishlist',
  handler: async ({ input, context }) => {
    const parsed = WishlistAddSchema.safeParse(input ?? {});
    if (!parsed.success) throw new Invalid(MESSAGES.dealsMissing);
    const { owner, user } = await requestWishlistOwner(context);
    const { db } = await getDb();
    const view = await addToWishlist(db, owner, parsed.data);
    if (user === null) rememberWishlistCookie(context, view.id);
    return json(toWishlistResponse(view), { status: 201 });
  },
});

export const PATCH = endpoint({
  who: 'anyone',
  input: z.unknown(),
  area: 'wishlist',
  handler: async ({ input, context }) => {
    const parsed = WishlistPatchSchema.safeParse(input);
    if (!parsed.success) throw new Invalid(MESSAGES.argsMalformed);
    const { owner, user } = await requestWishlistOwner(context);
    const { db } = await getDb();
    let view: WishlistView | null = null;
    for (const operation of parsed.data.operations) {
      if (operation.op === 'merge') {
        // Only the signed-in customer can take a guest list into their own.
        if (user === null || user.customerToken !== operation.value) throw new Forbidden(MESSAGES.argsMalformed);
        const guestId = readWishlistCookie(context.cookies);
        view =
          guestId === null
            ? await retrieveWishlist(db, owner)
            : await mergeGuestWishlist(db, guestId, user.customerToken);
      } else if (operation.op === 'replace') {
        view = await replaceWishlistDeals(db, owner, operation.value);
        if (user === null) rememberWishlistCookie(context, view.id);
      } else {
        view = await removeFromWishlist(db, owner, Number(operation.path.slice('/deals/'.length)));
      }
    }
    if (view === null) throw new NotFound(MESSAGES.noWishListId);
    return toWishlistResponse(view);
  },
});

export const DELETE = endpoint({
  who: 'anyone',
  area: 'wishlist',
  handler: async ({ context }) => {
    const { owner } = await requestWishlistOwner(context);
    const { db } = await getDb();
    return toWishlistResponse(await clearWishlist(db, owner));
  },
});
