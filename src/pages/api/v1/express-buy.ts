/**
 * Express Buy (docs/decisions/016-payment-methods.md): POST {token, dealId, productId, quantity} with an Idempotency-Key
 * buys one option in one step with the token's saved instrument, on a one-off basket. 201 is /pay's
 * order response; 422 {message: "Requested deal cannot be purchased via Express Buy.", checkoutUrl}
 * when the deal or the method for that amount is not allowed; payment failures as /pay words them.
 */
import { ExpressBuyRequestSchema } from '@/contracts/express-buy';
import { MESSAGES } from '@/domain/messages';
import { getDb } from '@/server/db';
import { expressBuy } from '@/server/express-buy';
import { endpoint, json, refusalResponse, shownPriceOptions } from '@/server/http';
import { flushOutbox, publicOrigin } from '@/server/runtime';

export const POST = endpoint({
  who: 'customer',
  idempotent: true,
  input: ExpressBuyRequestSchema,
  invalid: 'firstField',
  area: 'express-buy',
  unexpected: MESSAGES.purchaseNotCompleted,
  handler: async ({ input, context, user, idempotencyKey }) => {
    const { db } = await getDb();
    const bought = await expressBuy(db, {
      user,
      request: input,
      idempotencyKey,
      now: new Date(),
      origin: publicOrigin(),
      brand: context.locals.brand ?? 'tuppence',
      ...shownPriceOptions(context),
    });
    if (!bought.ok) return refusalResponse(bought);
    // The confirmation email goes now, as /pay sends it (a replay of the key sends nothing again).
    if (bought.fresh) await flushOutbox();
    return json(bought.order, { status: 201 });
  },
});
