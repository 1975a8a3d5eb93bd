/** After a voucher's refund commits: its share of the promotional credit its order earned goes back, once per voucher. */
import type { Db } from '@/server/db';
import { EVENTS, type VoucherRefunded } from '@/server/events';
import { takeBackPromotionalCredit } from '../takebacks';

export const config = { event: EVENTS.voucherRefunded, subscriberId: 'promotional-credit' } as const;

export default async function takeBackCreditForRefund(db: Db, event: VoucherRefunded): Promise<void> {
  await takeBackPromotionalCredit(db, event);
}
