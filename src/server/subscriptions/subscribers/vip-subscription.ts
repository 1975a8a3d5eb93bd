/** After an order commits: buying the VIP subscription deal starts or extends the subscription (spec 1, 3). */
import { VIP_SUBSCRIPTION_DEAL_ID } from '@/domain/subscription';
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { startSubscriptionFromOrder } from '../index';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'vip-subscription' } as const;

export default async function startVipSubscription(db: Db, event: OrderPlaced): Promise<void> {
  // The event names the order's deals (docs/decisions/072): most orders hold no subscription, read nothing.
  if (event.order !== undefined && !event.order.dealIds.includes(VIP_SUBSCRIPTION_DEAL_ID)) return;
  await startSubscriptionFromOrder(db, event.orderId);
}
