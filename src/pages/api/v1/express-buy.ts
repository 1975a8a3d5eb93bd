/**
 * Express Buy (issue 8 part 4): POST {token, dealId, productId, quantity} with an Idempotency-Key
 * buys one option in one step with the token's saved instrument, on a one-off basket. 201 is /pay's
 * order response; 422 {message: "Requested deal cannot be purchased via Express Buy.", checkoutUrl}
 * when the deal or the method for that amount is not allowed; payment failures as /pay words them.
 */
import type { APIRoute } from 'astro';
import { ExpressBuyRequestSchema } from '../../../contracts/express-buy';
import { MESSAGES } from '../../../domain/messages';
import { readBody, requireUser } from '../../../server/accounts/api';
import { flushOutbox } from '../../../server/accounts/runtime';
import { getDb } from '../../../server/db';
import { expressBuy } from '../../../server/express-buy';
import { apiError, json } from '../../../server/http/api';
import { publicOrigin } from '../../../server/http/public-origin';
import { isValidIdempotencyKey } from '../../../server/idempotency';
import { logError } from '../../../server/log';

export const POST: APIRoute = async (context) => {
  const key = context.request.headers.get('Idempotency-Key');
  if (!isValidIdempotencyKey(key)) {
    return apiError(400, 'An Idempotency-Key header (1 to 255 characters) is required.');
  }
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  const body = await readBody(context.request, ExpressBuyRequestSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    const answer = await expressBuy(db, {
      user: signedIn.user,
      request: body.value,
      idempotencyKey: key,
      now: new Date(),
      origin: publicOrigin(),
      brand: context.locals.brand ?? 'tuppence',
    });
    // The confirmation email goes now, as /pay sends it.
    if (answer.status === 201 && answer.fresh) await flushOutbox();
    return json(answer.body, { status: answer.status });
  } catch (error) {
    logError('express-buy', 'failed', error);
    return apiError(503, MESSAGES.purchaseNotCompleted);
  }
};
