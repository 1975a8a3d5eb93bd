/**
 * spec 7 voucher/vve (decision 026): a voucher validity extension (spec 3 addonType VVE). GET
 * ?voucherId= answers what 1 to 3 more months would cost (priced by the deal) and the new expiry
 * dates; POST {voucherId, months, expectedMinor, instrumentId | nonce} with an Idempotency-Key buys
 * one, as an order of its own, through the same service as the /order-addon form (a repeat of the
 * key answers the first purchase and charges nothing more). Owner only: another shopper gets 404.
 */
import { VoucherExtensionRequestSchema } from '@/contracts/voucher-lifecycle';
import { MESSAGES } from '@/domain/messages';
import { addonPurchaseResponse, endpoint } from '@/server/http';

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
  handler: ({ input, user, idempotencyKey, context }) =>
    addonPurchaseResponse(user.id, idempotencyKey, { ...input, addonType: 'VVE' }, context.locals.brand),
});
