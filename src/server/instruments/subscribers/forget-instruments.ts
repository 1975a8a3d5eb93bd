/**
 * After an account is deleted (spec 7 anonymize): its saved cards and PayPal accounts are removed
 * (their Express Buy tokens go with them) and deleted from the gateway's vault.
 */
import type { Db } from '@/server/db';
import { type AccountDeleted, EVENTS } from '@/server/events';
import { forgetInstruments } from '../index';

export const config = { event: EVENTS.accountDeleted, subscriberId: 'saved-instruments' } as const;

export default async function forgetSavedInstruments(db: Db, event: AccountDeleted): Promise<void> {
  await forgetInstruments(db, event.userId);
}
