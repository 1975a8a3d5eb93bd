/** After an order commits: a referred friend's first order records the referrer's reward (paid after the refund window). */
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { recordReferralReward } from '../referrals';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'referral-reward' } as const;

export default async function rewardReferrer(db: Db, event: OrderPlaced): Promise<void> {
  await recordReferralReward(db, event.orderId, event.buyer.id);
}
