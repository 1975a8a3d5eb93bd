/** After an order commits: buying the VIP subscription deal starts or extends the subscription (spec 1, 3). */
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { startSubscriptionFromOrder } from '../index';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'vip-subscription' } as const;

export default async function startVipSubscription(db: Db, event: OrderPlaced): Promise<void> {
  await startSubscriptionFromOrder(db, event.orderId);
}
