/**
 * What the checkout does after an order commits (issue 16.2 order events): spec 4's sign-in link
 * for a buyer without a password or third-party login, so they can confirm their email. The pay
 * call decides whether the link is owed (CHECKOUT_EMAIL_CONFIRMATION and the buyer's account)
 * and the order carries that decision in its event; this handler only sends it.
 */
import { requestEmailLink } from '@/server/accounts';
// Issue 17: promotional credit and referral rewards are order-event handlers of the credit service.
import '@/server/credit';
// Issue 19: loyalty points and the VIP subscription start are order-event handlers of their services.
import '@/server/loyalty';
import '@/server/subscriptions';
// Issue 20: e-gifts and gift cards are recorded (and due e-gifts mailed) by the gifting service's handler.
import '@/server/gifting';
import { onOrderPlaced } from '@/server/orders';

onOrderPlaced('email-confirmation-link', async (db, event) => {
  if (!event.confirmEmail) return;
  await requestEmailLink(db, { email: event.buyer.email, purpose: 'sign_in', origin: event.origin });
});
