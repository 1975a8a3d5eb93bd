/**
 * Every subscriber of the shop, in one list (docs/decisions/037). Each lives in its feature's
 * `subscribers/` folder: a file exporting `config` (the event it answers and its id) and the handler
 * as its default export. Every entry point (the server's middleware, the scripts through
 * scripts/cli.ts, the hourly jobs, the test setup) calls `loadSubscribers()`, so what follows an
 * order or a sign-in never depends on which modules a process happened to import. Adding a feature
 * that reacts to an event means adding its file here; the code that raises the event does not change.
 */
import * as emailConfirmationLink from '@/server/accounts/subscribers/email-confirmation-link';
import * as forgetAddresses from '@/server/addresses/subscribers/forget-addresses';
import * as promotionalCredit from '@/server/credit/subscribers/promotional-credit';
import * as referralReward from '@/server/credit/subscribers/referral-reward';
import * as takeBackCredit from '@/server/credit/subscribers/take-back-credit';
import { installSubscribers } from '@/server/events';
import * as dispatchEmail from '@/server/fulfilment/subscribers/dispatch-email';
import * as recordGifts from '@/server/gifting/subscribers/record-gifts';
import { installSignInHooks } from '@/server/http/sign-in-hooks';
import * as attachReferral from '@/server/http/subscribers/attach-referral';
import * as mergeBasket from '@/server/http/subscribers/merge-basket';
import * as mergeWishlist from '@/server/http/subscribers/merge-wishlist';
import * as forgetInstruments from '@/server/instruments/subscribers/forget-instruments';
import * as awardPoints from '@/server/loyalty/subscribers/award-points';
import * as takeBackPoints from '@/server/loyalty/subscribers/take-back-points';
import * as confirmationEmail from '@/server/orders/subscribers/confirmation-email';
import * as forgetReviewer from '@/server/reviews/subscribers/forget-reviewer';
import * as vipSubscription from '@/server/subscriptions/subscribers/vip-subscription';

/** The subscribers handled after commit, through the events outbox. */
export const SUBSCRIBERS = [
  // order.placed
  confirmationEmail,
  emailConfirmationLink,
  promotionalCredit,
  referralReward,
  awardPoints,
  vipSubscription,
  recordGifts,
  // voucher.refunded
  takeBackPoints,
  takeBackCredit,
  // shipment.dispatched
  dispatchEmail,
  // account.deleted
  forgetInstruments,
  forgetReviewer,
  forgetAddresses,
] as const;

/** The hooks run inside the request that signs a shopper in (they rewrite its cookies). */
export const SIGN_IN_HOOKS = [attachReferral, mergeBasket, mergeWishlist] as const;

/** Installs every subscriber and sign-in hook in this process; safe to call again. */
export function loadSubscribers(): void {
  installSubscribers(SUBSCRIBERS);
  installSignInHooks(SIGN_IN_HOOKS);
}
