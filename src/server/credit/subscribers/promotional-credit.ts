/** After an order commits: the promotional credit its eligible items earn (granted once per order). */
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { anyOfferRanBetween, grantPromotionalCredit } from '../promotional';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'promotional-credit' } as const;

export default async function grantCreditForOrder(db: Db, event: OrderPlaced): Promise<void> {
  const placedAt = event.order === undefined ? undefined : new Date(event.order.placedAt);
  await grantPromotionalCredit(db, event.orderId, new Date(), placedAt);
}

/**
 * Several orders at once (docs/decisions/075): when no offer ran while any of them was placed (the
 * usual case), one statement answers for all; otherwise each is granted as alone.
 */
export async function many(db: Db, events: OrderPlaced[]): Promise<void> {
  const placed = events.flatMap((event) => (event.order === undefined ? [] : [Date.parse(event.order.placedAt)]));
  if (placed.length === events.length) {
    const ran = await anyOfferRanBetween(db, new Date(Math.min(...placed)), new Date(Math.max(...placed)));
    if (!ran) return;
  }
  for (const event of events) await grantCreditForOrder(db, event);
}
