/**
 * spec 7 payment service POST /pay: places the order for the request's basket. Needs an
 * Idempotency-Key header (PAYMENTS.md): a repeat replays the first answer, one charge, one order.
 */
import type { APIRoute } from 'astro';
import { PayRequestSchema } from '../../../contracts/pay';
import { MESSAGES } from '../../../domain/messages';
import { readBody } from '../../../server/accounts/api';
import { pay } from '../../../server/checkout/pay';
import { getDb } from '../../../server/db';
import { apiError, json } from '../../../server/http/api';
import { isValidIdempotencyKey } from '../../../server/idempotency';
import { logError } from '../../../server/log';

export const POST: APIRoute = async (context) => {
  const key = context.request.headers.get('Idempotency-Key');
  if (!isValidIdempotencyKey(key)) {
    return apiError(400, 'An Idempotency-Key header (1 to 255 characters) is required.');
  }
  const body = await readBody(context.request, PayRequestSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    const answer = await pay(db, context, key, body.value);
    return json(answer.body, { status: answer.status });
  } catch (error) {
    logError('pay', 'failed', error);
    return apiError(503, MESSAGES.purchaseNotCompleted);
  }
};
