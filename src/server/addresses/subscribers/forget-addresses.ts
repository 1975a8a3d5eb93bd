/**
 * After an account is deleted (spec 7 anonymize; docs/decisions/051, UK GDPR): its saved delivery
 * addresses are removed. The addresses an order was sent to stay with the order (fulfilment's).
 */
import type { Db } from '@/server/db';
import { type AccountDeleted, EVENTS } from '@/server/events';
import { forgetSavedAddresses } from '../index';

export const config = { event: EVENTS.accountDeleted, subscriberId: 'saved-addresses' } as const;

export default async function forgetShopperAddresses(db: Db, event: AccountDeleted): Promise<void> {
  await forgetSavedAddresses(db, event.userId);
}
