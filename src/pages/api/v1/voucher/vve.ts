/**
 * spec 7 voucher/vve (issue 18.2): a voucher validity extension (spec 3 addonType VVE). GET
 * ?voucherId= answers what 1 to 3 more months would cost (priced by the deal) and the new expiry
 * dates; POST {voucherId, months, expectedMinor, instrumentId | nonce} with an Idempotency-Key buys
 * one, as an order of its own, through the same service as the /order-addon form (a repeat of the
 * key answers the first purchase and charges nothing more). Owner only: another shopper gets 404.
 */
import { VoucherExtensionRequestSchema } from '@/contracts/voucher-lifecycle';
import { MESSAGES } from '@/domain/messages';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/endpoints';
import { json } from '@/server/http';
import { paymentProviders } from '@/server/payments';
import { flushOutbox, publicOrigin } from '@/server/runtime';
import { addonOrderReply, orderAddon } from '@/server/voucher-lifecycle';

export const prerender = false;

/** The quote is order-addon's: both add-ons' prices, VVE's for 1 to 3 months with the new expiry dates. */
export { GET } from '../order-addon';

export const POST = endpoint({
  who: 'customer',
  idempotent: true,
  input: VoucherExtensionRequestSchema,
  invalid: 'firstField',
  area: 'vouchers',
  unexpected: MESSAGES.purchaseNotCompleted,
  handler: async ({ input, user, idempotencyKey }) => {
    const { db } = await getDb();
    const bought = await orderAddon(db, paymentProviders(), {
      ...input,
      userId: user.id,
      type: 'VVE',
      idempotencyKey,
      now: new Date(),
      origin: publicOrigin(),
    });
    // The add-on's confirmation email goes now, as the order confirmation does.
    if (bought.ok && !bought.replayed) await flushOutbox();
    const reply = addonOrderReply(bought, { voucherId: input.voucherId, addonType: 'VVE' });
    return json(reply.body, { status: reply.status });
  },
});
