/**
 * The four pay-later endpoints (spec 7 /kn/sessions, /kn/pay, /cp/checkouts, /cp/pay) differ only
 * in their method, so each route file is one line over these. Thin adapters: read the body, call
 * ./pay-later.ts, answer its status; an unexpected failure is a 503 with spec 8's words, never a 500.
 */
import type { APIRoute } from 'astro';
import { PayLaterPayRequestSchema, PayLaterSessionRequestSchema } from '../../contracts/pay-later';
import { MESSAGES } from '../../domain/messages';
import { readBody } from '../accounts/api';
import { getDb } from '../db';
import { apiError, json } from '../http/api';
import { isValidIdempotencyKey } from '../idempotency';
import { logError } from '../log';
import { type PayLaterMethod, payWithPayLater, startPayLaterSession } from './pay-later';

/** POST /kn/sessions, /cp/checkouts: `{returnUrl, email?, wallet?}` in, `{redirectUrl}` out. */
export function payLaterSessionRoute(method: PayLaterMethod): APIRoute {
  return async (context) => {
    const body = await readBody(context.request, PayLaterSessionRequestSchema);
    if (!body.ok) return body.response;
    try {
      const { db } = await getDb();
      const answer = await startPayLaterSession(db, context, method, body.value);
      return json(answer.body, { status: answer.status });
    } catch (error) {
      logError(`${method}`, `session failed`, error);
      return apiError(503, MESSAGES.requestProblemContinue);
    }
  };
}

/** POST /kn/pay, /cp/pay: the pay call for the method, under an Idempotency-Key as /pay is. */
export function payLaterPayRoute(method: PayLaterMethod): APIRoute {
  return async (context) => {
    const key = context.request.headers.get('Idempotency-Key');
    if (!isValidIdempotencyKey(key)) {
      return apiError(400, 'An Idempotency-Key header (1 to 255 characters) is required.');
    }
    const body = await readBody(context.request, PayLaterPayRequestSchema);
    if (!body.ok) return body.response;
    try {
      const { db } = await getDb();
      const answer = await payWithPayLater(db, context, key, method, body.value);
      return json(answer.body, { status: answer.status });
    } catch (error) {
      logError(`${method}`, `pay failed`, error);
      return apiError(503, MESSAGES.purchaseNotCompleted);
    }
  };
}
