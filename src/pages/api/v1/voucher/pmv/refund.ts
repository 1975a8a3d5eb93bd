/**
 * spec 7 voucher/pmv/refund (decision 026): POST {voucherId, refundTo: card|wallet} refunds one of the
 * signed-in shopper's vouchers to the card it was paid with (ON_DEMAND_REFUND) or takes it as wallet
 * credit. A second refund is a 409 "This voucher has already been refunded."
 */
import { VoucherRefundRequestSchema } from '@/contracts/voucher-lifecycle';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { paymentProviders } from '@/server/payments';
import { refundVoucherToCard, requestVoucherCredit } from '@/server/voucher-lifecycle';

export const prerender = false;

export const POST = endpoint({
  who: 'customer',
  input: VoucherRefundRequestSchema,
  invalid: 'firstField',
  area: 'vouchers',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    const request = { voucherId: input.voucherId, userId: user.id, now: new Date() };
    const done =
      input.refundTo === 'card'
        ? await refundVoucherToCard(db, paymentProviders(), request)
        : await requestVoucherCredit(db, request);
    return { ...done, refundType: 'ON_DEMAND_REFUND' };
  },
});
