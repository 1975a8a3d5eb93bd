/**
 * The four pay-later endpoints (spec 7 /kn/sessions, /kn/pay, /cp/checkouts, /cp/pay) differ only
 * in their method, so each route file is one line over these. Thin adapters: read the body, call
 * ./pay-later.ts, answer its status; an unexpected failure is a 503 with spec 8's words, never a 500.
 */
import { PayLaterPayRequestSchema, PayLaterSessionRequestSchema } from '@/contracts/pay-later';
import { MESSAGES } from '@/domain/messages';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/endpoints';
import { json } from '@/server/http';
import { type PayLaterMethod, payWithPayLater, startPayLaterSession } from './pay-later';

/** POST /kn/sessions, /cp/checkouts: `{returnUrl, email?, wallet?}` in, `{redirectUrl}` out. */
export function payLaterSessionRoute(method: PayLaterMethod) {
  return endpoint({
    who: 'anyone',
    input: PayLaterSessionRequestSchema,
    invalid: 'firstField',
    area: method,
    unexpected: MESSAGES.requestProblemContinue,
    handler: async ({ input, context }) => {
      const { db } = await getDb();
      const answer = await startPayLaterSession(db, context, method, input);
      return json(answer.body, { status: answer.status });
    },
  });
}

/** POST /kn/pay, /cp/pay: the pay call for the method, under an Idempotency-Key as /pay is. */
export function payLaterPayRoute(method: PayLaterMethod) {
  return endpoint({
    who: 'anyone',
    idempotent: true,
    input: PayLaterPayRequestSchema,
    invalid: 'firstField',
    area: method,
    unexpected: MESSAGES.purchaseNotCompleted,
    handler: async ({ input, context, idempotencyKey }) => {
      const { db } = await getDb();
      const answer = await payWithPayLater(db, context, idempotencyKey, method, input);
      return json(answer.body, { status: answer.status });
    },
  });
}
