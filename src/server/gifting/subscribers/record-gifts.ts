/** After an order commits: its e-gifted lines become gifts (mailed on their send date) and its gift card lines gift cards. */
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { ordersWithGifts, recordOrderGifts } from '../index';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'gifts' } as const;

export default function recordGifts(db: Db, event: OrderPlaced): Promise<void> {
  return recordOrderGifts(db, event);
}

/** Several orders at once (docs/decisions/075): one statement finds the few holding a gift, recorded as alone. */
export async function many(db: Db, events: OrderPlaced[]): Promise<void> {
  const withGifts = await ordersWithGifts(
    db,
    events.map((event) => event.orderId),
  );
  for (const event of events) if (withGifts.has(event.orderId)) await recordGifts(db, event);
}
