/** After an order commits: the loyalty points its spend earns (spec 5 loyalty), once per order. */
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { awardOrderPoints, awardPlacedOrdersPoints } from '../index';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'loyalty-points' } as const;

export default async function awardPoints(db: Db, event: OrderPlaced): Promise<void> {
  await awardOrderPoints(db, event.orderId, new Date(), event.order);
}

/** Several orders at once (docs/decisions/075): the ones whose events carry buyer and total in one statement. */
export async function many(db: Db, events: OrderPlaced[]): Promise<void> {
  const now = new Date();
  const placed = events.flatMap((event) =>
    event.order === undefined
      ? []
      : [{ orderId: event.orderId, userId: event.order.userId, totalMinor: event.order.totalMinor }],
  );
  await awardPlacedOrdersPoints(db, placed, now);
  for (const event of events) if (event.order === undefined) await awardPoints(db, event);
}
