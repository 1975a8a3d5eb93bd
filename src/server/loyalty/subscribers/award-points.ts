/** After an order commits: the loyalty points its spend earns (spec 5 loyalty), once per order. */
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { awardOrderPoints } from '../index';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'loyalty-points' } as const;

export default async function awardPoints(db: Db, event: OrderPlaced): Promise<void> {
  await awardOrderPoints(db, event.orderId, new Date(), event.order);
}
