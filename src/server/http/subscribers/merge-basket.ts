/**
 * At sign-in (spec 4 "Basket reconciliation"): the guest basket in the cookie merges into the
 * customer's (or becomes theirs), and the cookies then name the basket kept. spec 4: the cookie is
 * replaced when it differs from the server's; another customer's basket is not kept.
 */
import { LOGGED } from '@/domain/logged-messages';
import { reconcileBasketAtLogin, retrievePricedBasket } from '@/server/basket';
import { EVENTS } from '@/server/events';
import { logWarning, tokenPseudonym } from '@/server/log';
import { forgetBasket, readBasketToken, rememberBasket } from '../basket-cookies';
import type { SignedIn } from '../sign-in-hooks';

export const config = { event: EVENTS.signedIn, subscriberId: 'basket' } as const;

export default async function mergeBasket({ context, db, user }: SignedIn): Promise<void> {
  const cookieToken = readBasketToken(context.cookies);
  const token = await reconcileBasketAtLogin(db, { cookieToken, user });
  if (token === null) {
    if (cookieToken !== null) forgetBasket(context);
    return;
  }
  if (cookieToken !== null && cookieToken !== token) {
    // spec 8: a mismatch is logged with both tokens (as pseudonyms: logs carry no tokens, decision 025)
    // and repaired by the cookie below.
    logWarning(
      'basket',
      `${LOGGED.basketTokenMismatch}: cookie ${tokenPseudonym(cookieToken)}, kept ${tokenPseudonym(token)}`,
      null,
    );
  }
  const priced = await retrievePricedBasket(db, token);
  rememberBasket(context, token, priced?.visibleQuantity ?? 0);
}
