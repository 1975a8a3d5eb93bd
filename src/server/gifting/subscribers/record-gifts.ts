/** After an order commits: its e-gifted lines become gifts (mailed on their send date) and its gift card lines gift cards. */
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { recordOrderGifts } from '../index';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'gifts' } as const;

export default function recordGifts(db: Db, event: OrderPlaced): Promise<void> {
  return recordOrderGifts(db, event);
}
