/** After a voucher's refund commits: the points its money earned are taken back, once per voucher. */
import type { Db } from '@/server/db';
import { EVENTS, type VoucherRefunded } from '@/server/events';
import { reversePointsForRefund } from '../index';

export const config = { event: EVENTS.voucherRefunded, subscriberId: 'loyalty-points' } as const;

export default async function takeBackPoints(db: Db, event: VoucherRefunded): Promise<void> {
  await reversePointsForRefund(db, event);
}
