/** After an order commits: its confirmation email with the vouchers, through the mail outbox. */

import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { enqueueConfirmation, enqueueConfirmations } from '../confirmation';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'confirmation-email' } as const;

export default function sendConfirmation(db: Db, event: OrderPlaced): Promise<void> {
  return enqueueConfirmation(db, event);
}

/** Several orders' emails, each table read once for all of them (docs/decisions/075). */
export function many(db: Db, events: OrderPlaced[]): Promise<void> {
  return enqueueConfirmations(db, events);
}
