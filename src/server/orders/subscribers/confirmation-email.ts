/** After an order commits: its confirmation email with the vouchers, through the mail outbox. */

import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { enqueueConfirmation } from '../confirmation';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'confirmation-email' } as const;

export default function sendConfirmation(db: Db, event: OrderPlaced): Promise<void> {
  return enqueueConfirmation(db, event);
}
