/**
 * spec 7 public service POST /v1/express-buy-token, payload expressBuyTokenRequest with email: for
 * the signed-in shopper's own email, a 30-minute token for Express Buy with their default saved
 * instrument, named for the button. 401 signed out; 403 another email; 404 no default; 409 expired.
 */
import type { APIRoute } from 'astro';
import { ExpressBuyTokenRequestSchema } from '../../../contracts/express-buy';
import { MESSAGES } from '../../../domain/messages';
import { readBody, requireUser } from '../../../server/accounts/api';
import { getDb } from '../../../server/db';
import { issueExpressBuyToken } from '../../../server/express-buy';
import { apiError, json } from '../../../server/http/api';
import { logError } from '../../../server/log';

export const POST: APIRoute = async (context) => {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  const body = await readBody(context.request, ExpressBuyTokenRequestSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    const { email } = body.value.expressBuyTokenRequest;
    const answer = await issueExpressBuyToken(db, signedIn.user, email, new Date());
    return json(answer.body, { status: answer.status });
  } catch (error) {
    // spec 7 "An express token failure is logged and rethrown": logged here, answered as a failure.
    logError('express-buy-token', 'failed', error);
    return apiError(503, MESSAGES.somethingWentWrong);
  }
};
