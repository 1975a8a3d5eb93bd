/**
 * After an account is deleted (spec 7 anonymize): its reviews keep their stars and words, and still
 * trace to the redeemed voucher they were written through (decision 046), but no longer name the person.
 */
import type { Db } from '@/server/db';
import { type AccountDeleted, EVENTS } from '@/server/events';
import { forgetReviewer } from '../index';

export const config = { event: EVENTS.accountDeleted, subscriberId: 'reviewer-name' } as const;

export default async function forgetReviewerName(db: Db, event: AccountDeleted): Promise<void> {
  await forgetReviewer(db, event.userId);
}
