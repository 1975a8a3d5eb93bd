/**
 * spec 7 payment service POST /pay: places the order for the request's basket. Needs an
 * Idempotency-Key header (PAYMENTS.md): a repeat replays the first answer, one charge, one order.
 */
import { PayRequestSchema } from '@/contracts/pay';
import { MESSAGES } from '@/domain/messages';
import { pay } from '@/server/checkout';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/endpoints';
import { json } from '@/server/http';

export const POST = endpoint({
  who: 'anyone',
  idempotent: true,
  input: PayRequestSchema,
  invalid: 'firstField',
  area: 'pay',
  unexpected: MESSAGES.purchaseNotCompleted,
  handler: async ({ input, context, idempotencyKey }) => {
    const { db } = await getDb();
    const answer = await pay(db, context, idempotencyKey, input);
    return json(answer.body, { status: answer.status });
  },
});
