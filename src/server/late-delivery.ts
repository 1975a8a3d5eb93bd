/**
 * The 30-day delivery promise's ports (Consumer Rights Act 2015 s28; docs/decisions/051): the steps
 * the fulfilment service's late-delivery cancel and reminders need from the services that depend on
 * it (the order line's vouchers and buyer from the vouchers service, the full refund a merchant's
 * closure uses from the voucher lifecycle, the merchant's members), handed in by the callers (the
 * order page's endpoint and the hourly jobs), as the merchant closure's lease is (docs/decisions/045).
 */
import { handleEventsQuietly } from '@/server/events';
import type { LateDeliveryPorts } from '@/server/fulfilment';
import { cancelGiftsForClosure } from '@/server/gifting';
import { listMembers } from '@/server/merchants';
import type { PaymentProviders } from '@/server/payments';
import { payRefund, refundVoucherForClosure } from '@/server/voucher-lifecycle';
import { lockVoucher, retrieveLineVouchers } from '@/server/vouchers';

/** spec 3 refund type of a late parcel's refund. */
export const LATE_DELIVERY_REFUND_TYPE = 'LATE_DELIVERY';

/** The ports; `providers` pays the refunds' provider parts after commit (not needed by the reminders). */
export function lateDeliveryPorts(providers: PaymentProviders | null): LateDeliveryPorts {
  return {
    retrieveLine: (db, orderLineId) => retrieveLineVouchers(db, orderLineId),
    refundVoucher: async (tx, input) => {
      const voucher = await lockVoucher(tx, input.voucherId);
      const refund = await refundVoucherForClosure(tx, {
        ...input,
        reason: { refundType: LATE_DELIVERY_REFUND_TYPE, description: 'not dispatched in time' },
      });
      if (refund === null) return null;
      // A gift of it still waiting is worth nothing once the parcel is cancelled (as at a closure, 045).
      if (voucher !== null) await cancelGiftsForClosure(tx, voucher, input.now);
      return refund;
    },
    afterRefund: async (db, refund) => {
      if (refund.cardMinor > 0 && providers !== null) await payRefund(db, providers, refund.refundId);
      await handleEventsQuietly(db, refund.eventIds);
    },
    merchantRecipients: async (db, merchantId) =>
      (await listMembers(db, merchantId)).map((member) => ({ userId: member.userId, email: member.email })),
  };
}
