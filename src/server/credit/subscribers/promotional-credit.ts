/** After an order commits: the promotional credit its eligible items earn (granted once per order). */
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { grantPromotionalCredit } from '../promotional';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'promotional-credit' } as const;

export default async function grantCreditForOrder(db: Db, event: OrderPlaced): Promise<void> {
  const placedAt = event.order === undefined ? undefined : new Date(event.order.placedAt);
  await grantPromotionalCredit(db, event.orderId, new Date(), placedAt);
}
