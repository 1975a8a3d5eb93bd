/**
 * The basket side of signing in (spec 4 "Basket reconciliation"): the guest basket in the cookie
 * merges into the customer's (or becomes theirs), and the cookies then name the basket kept.
 */
import type { APIContext } from 'astro';
import { getDb } from '@/server/db';
import { forgetBasket, readBasketToken, rememberBasket } from './cookies';
import { reconcileBasketAtLogin, retrievePricedBasket } from './index';

/** Reconciles the request's basket for the user who just signed in and updates the basket cookies. */
export async function reconcileBasketCookies(
  context: Pick<APIContext, 'cookies' | 'url'>,
  user: { customerToken: string; isVip: boolean },
): Promise<void> {
  const { db } = await getDb();
  const cookieToken = readBasketToken(context.cookies);
  const token = await reconcileBasketAtLogin(db, { cookieToken, user });
  if (token === null) {
    // spec 4: the cookie is replaced when it differs from the server's; another customer's basket is not kept.
    if (cookieToken !== null) forgetBasket(context);
    return;
  }
  const priced = await retrievePricedBasket(db, token);
  rememberBasket(context, token, priced?.visibleQuantity ?? 0);
}
