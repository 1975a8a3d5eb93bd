/**
 * spec 7 GET checkout by token, with the spec 3 query parameters (defaults from domain/checkout)
 * plus a timestamp. spec 5: a checkout fetch needs a token ("No token provided"); the basket cookie
 * counts as one. A `token` in the query is answered only for the basket's owner (its customer, or
 * the guest browser whose cookie names it), so a token is no key to another shopper's basket; anyone
 * else's, or an unknown one, is a 404.
 */
import { hasNul, NUL_MESSAGE } from '@/contracts/text';
import { parseCheckoutParams } from '@/domain/checkout';
import { MESSAGES } from '@/domain/messages';

import { loadCheckout } from '@/server/checkout';
import { getDb } from '@/server/db';
import { apiError, basketTokenForRequest, currentUser, endpoint, ownBasketToken } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  area: 'checkout',
  unexpected: MESSAGES.requestProblemContinue,
  handler: async ({ context }) => {
    const { db } = await getDb();
    const user = await currentUser(context);
    const asked = context.url.searchParams.get('token');
    // A NUL would reach PostgreSQL, which cannot store it: refused before the database.
    if (asked && hasNul(asked)) return apiError(400, NUL_MESSAGE);
    if (asked) await ownBasketToken(context, asked);
    const token = asked || (await basketTokenForRequest(context, db, user));
    if (!token) return apiError(400, MESSAGES.noTokenProvided);
    if (hasNul(token)) return apiError(400, NUL_MESSAGE); // a cookie's token too
    return loadCheckout(db, {
      basketToken: token,
      user,
      params: parseCheckoutParams(context.url.searchParams),
      now: new Date(),
    });
  },
});
