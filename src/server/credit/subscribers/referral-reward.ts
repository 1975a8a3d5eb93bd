/** After an order commits: a referred friend's first order records the referrer's reward (paid after the refund window). */
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { recordReferralReward, referredAmong } from '../referrals';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'referral-reward' } as const;

export default async function rewardReferrer(db: Db, event: OrderPlaced): Promise<void> {
  await recordReferralReward(db, event.orderId, event.buyer.id);
}

/** Several orders at once (docs/decisions/075): their buyers looked up as referred friends in one statement. */
export async function many(db: Db, events: OrderPlaced[]): Promise<void> {
  const referred = await referredAmong(
    db,
    events.map((event) => event.buyer.id),
  );
  for (const event of events) if (referred.has(event.buyer.id)) await rewardReferrer(db, event);
}
