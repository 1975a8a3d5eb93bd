/**
 * After an order commits: spec 4's sign-in link for a buyer without a password or third-party login,
 * so they can confirm their email. The pay call decides whether the link is owed (the
 * CHECKOUT_EMAIL_CONFIRMATION switch and the buyer's account) and the event carries that decision.
 */
import type { Db } from '@/server/db';
import { EVENTS, type OrderPlaced } from '@/server/events';
import { requestEmailLink } from '../tokens';

export const config = { event: EVENTS.orderPlaced, subscriberId: 'email-confirmation-link' } as const;

export default async function sendEmailConfirmationLink(db: Db, event: OrderPlaced): Promise<void> {
  if (!event.confirmEmail) return;
  await requestEmailLink(db, { email: event.buyer.email, purpose: 'sign_in', origin: event.origin });
}
