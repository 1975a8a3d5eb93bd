/**
 * spec 7 order-addon (decision 026): the add-on order of one of your vouchers. GET ?voucherId=
 * answers both add-ons' prices (spec 3 addonType VVE: 1 to 3 months, DVP: Protect my voucher) and
 * why either cannot be bought now; POST {voucherId, addonType, months?, expectedMinor,
 * instrumentId | nonce} with an Idempotency-Key pays for one as an order of its own, through the same
 * service as the /order-addon form. Owner only: another shopper gets 404.
 */
import { AddonQuoteQuerySchema, OrderAddonRequestSchema } from '@/contracts/voucher-lifecycle';
import { NotFound } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { LIFECYCLE_COPY } from '@/domain/voucher-lifecycle';
import { getDb } from '@/server/db';
import { addonPurchaseResponse, endpoint } from '@/server/http';
import { addonQuoteResponse, quoteAddons } from '@/server/voucher-lifecycle';

export const prerender = false;

export const GET = endpoint({
  who: 'customer',
  input: AddonQuoteQuerySchema,
  invalid: 'firstField',
  area: 'vouchers',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    const quote = await quoteAddons(db, { voucherId: input.voucherId, userId: user.id, now: new Date() });
    if (quote === null) throw new NotFound(LIFECYCLE_COPY.notYours);
    return addonQuoteResponse(quote);
  },
});

export const POST = endpoint({
  who: 'customer',
  idempotent: true,
  input: OrderAddonRequestSchema,
  invalid: 'firstField',
  area: 'vouchers',
  unexpected: MESSAGES.purchaseNotCompleted,
  handler: ({ input, user, idempotencyKey, context }) =>
    addonPurchaseResponse(user.id, idempotencyKey, input, context.locals.brand),
});
