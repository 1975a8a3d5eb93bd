/**
 * spec 7 payment service POST /pay: places the order for the request's basket. Needs an
 * Idempotency-Key header (PAYMENTS.md): a repeat replays the first answer, one charge, one order.
 */
import { PayRequestSchema } from '@/contracts/pay';
import { MESSAGES } from '@/domain/messages';
import { endpoint, payResponse } from '@/server/http';

export const POST = endpoint({
  who: 'anyone',
  idempotent: true,
  input: PayRequestSchema,
  invalid: 'firstField',
  area: 'pay',
  unexpected: MESSAGES.purchaseNotCompleted,
  handler: ({ input, context, idempotencyKey }) => payResponse(context, idempotencyKey, input),
});
