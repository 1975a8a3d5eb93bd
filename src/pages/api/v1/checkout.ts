/**
 * spec 7 GET checkout by token, with the spec 3 query parameters (defaults from domain/checkout)
 * plus a timestamp. spec 5: a checkout fetch needs a token ("No token provided"); the basket cookie
 * counts as one. Issue 14.3: a `token` in the query is answered only for the basket's owner (its
 * customer, or the guest browser whose cookie names it); anyone else's, or an unknown one, is a 404.
 */
import type { APIRoute } from 'astro';
import { hasNul, NUL_MESSAGE } from '../../../contracts/text';
import { parseCheckoutParams } from '../../../domain/checkout';
import { MESSAGES } from '../../../domain/messages';
import { currentUser } from '../../../server/accounts/session';
import { ownBasketToken } from '../../../server/basket/api';
import { basketTokenForRequest } from '../../../server/basket/cookies';
import { loadCheckout } from '../../../server/checkout';
import { getDb } from '../../../server/db';
import { apiError, json } from '../../../server/http/api';
import { logError } from '../../../server/log';

export const GET: APIRoute = async (context) => {
  try {
    const { db } = await getDb();
    const user = await currentUser(context);
    const asked = context.url.searchParams.get('token');
    if (asked && hasNul(asked)) return apiError(400, NUL_MESSAGE); // issue 14.8
    if (asked) {
      const own = await ownBasketToken(context, asked);
      if (!own.ok) return own.response;
    }
    const token = asked || (await basketTokenForRequest(context, db, user));
    if (!token) return apiError(400, MESSAGES.noTokenProvided);
    if (hasNul(token)) return apiError(400, NUL_MESSAGE); // issue 14.8: a cookie's token too
    const view = await loadCheckout(db, {
      basketToken: token,
      user,
      params: parseCheckoutParams(context.url.searchParams),
      now: new Date(),
    });
    return json(view);
  } catch (error) {
    logError('checkout', 'failed', error);
    return apiError(503, MESSAGES.requestProblemContinue);
  }
};
