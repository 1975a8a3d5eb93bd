/** The hourly jobs as one call, for the in-process schedule (./schedule.ts) and `npm run jobs:hourly`. */

import { serverConfig } from '@/server/config';
import { grantDueCredit } from '@/server/credit';
import { type Db, orderSearchDocuments } from '@/server/db';
import { remindAbandonedBaskets } from '@/server/email-subscribers';
import { handleEvents } from '@/server/events';
import { remindMerchantsOfDueDispatches } from '@/server/fulfilment';
import { expireGiftCards, sendDueGifts } from '@/server/gifting';
import { purgeIdempotencyKeys } from '@/server/idempotency';
import { lateDeliveryPorts } from '@/server/late-delivery';
import { logError } from '@/server/log';
import { CLOSURE_LEASE, CLOSURE_LEASE_MS, refundClosedMerchants } from '@/server/merchants';
import { captureCommittedAuthorisations, releaseExpiredHolds, voidAbandonedAuthorisations } from '@/server/orders';
import { paymentProviders } from '@/server/payments';
import { sendReviewRequests } from '@/server/reviews';
import { payPendingVipRefunds, renewDueSubscriptions, sendRenewalReminders } from '@/server/subscriptions';
import { expireDueVouchers, payPendingRefunds, processCreditRequests } from '@/server/voucher-lifecycle';
import { releaseLease, takeLease } from './lease';

export interface HourlyRun {
  expiredVouchers: number;
  voidedAuthorisations: number;
  capturedPayments: number;
  purgedKeys: number;
  /** Events whose subscriber failed after commit, now handled. */
  retriedEvents: number;
  /** Abandoned-basket reminders queued (spec 7 basketabandon, docs/decisions/025). */
  basketReminders: number;
  /** Referral credit paid once its refund window passed (spec 4), and grants cancelled (refunded order, cap). */
  grantedCredit: number;
  cancelledCredit: number;
  /** VIP subscriptions renewed (charged) and lapsed (cancelled renewal or failed charge; docs/decisions/027). */
  renewedSubscriptions: number;
  lapsedSubscriptions: number;
  /** VIP renewal reminders queued (decision 047, RENEWAL_REMINDER_DAYS before each renewal) and VIP cooling-off refunds paid on retry. */
  vipReminders: number;
  paidVipRefunds: number;
  /** Holds of submits that never finished (stock, spec 5 allowances, promotion code uses), given back (docs/decisions/026, 044). */
  releasedHolds: number;
  /** Vouchers of closed merchants refunded (docs/decisions/045). */
  closureRefunds: number;
  /** Card refunds the provider could not take at the time, and credit requests left waiting. */
  paidRefunds: number;
  processedCreditRequests: number;
  /** E-gift emails written to the outbox on their send date; gift cards expired (spec 4, 6 months). */
  giftsSent: number;
  expiredGiftCards: number;
  /** Review-ask emails queued, once per voucher, a few days after it was redeemed (docs/decisions/046). */
  reviewRequests: number;
  /**
   * The 30-day delivery promise (docs/decisions/051): parcels whose dispatch day is near, reminded of
   * once (one email per merchant member), and shoppers told once that their parcel is late.
   */
  dispatchReminders: number;
  lateDeliveryNotices: number;
  /** 1 when search's narrow copy of the deals had drifted out of category order and was sorted again (docs/decisions/073). */
  sortedSearchDocuments: number;
}

/**
 * Runs every hourly job once; each one's work is its own, so one failing never stops the others.
 * Links in the mail the jobs queue are built on the public origin (SITE_URL), as the site's are.
 */
export async function runHourlyJobs(db: Db, now: Date): Promise<HourlyRun> {
  const origin = serverConfig().publicOrigin;
  const settle = async (job: () => Promise<number>, name: string) => {
    try {
      return await job();
    } catch (error) {
      logError(`jobs`, `${name} failed`, error);
      return 0;
    }
  };
  const allProviders = paymentProviders();
  const providers = allProviders.all();
  const eachProvider = async (job: (provider: (typeof providers)[number]) => Promise<number>) => {
    let total = 0;
    for (const provider of providers) total += await job(provider);
    return total;
  };
  const settleCredit = async () => {
    try {
      const { granted, cancelled } = await grantDueCredit(db, now);
      return { grantedCredit: granted, cancelledCredit: cancelled };
    } catch (error) {
      logError('jobs', 'credit grants failed', error);
      return { grantedCredit: 0, cancelledCredit: 0 };
    }
  };
  const remindDispatches = async () => {
    try {
      const run = await remindMerchantsOfDueDispatches(db, lateDeliveryPorts(allProviders), now);
      return { dispatchReminders: run.remindedShipments, lateDeliveryNotices: run.lateNotices };
    } catch (error) {
      logError('jobs', 'dispatch reminders failed', error);
      return { dispatchReminders: 0, lateDeliveryNotices: 0 };
    }
  };
  const renewSubscriptions = async () => {
    try {
      const run = await renewDueSubscriptions(db, now, paymentProviders().forMethod('credit_card'));
      return { renewedSubscriptions: run.renewed, lapsedSubscriptions: run.lapsed + run.failed };
    } catch (error) {
      logError('jobs', 'subscription renewals failed', error);
      return { renewedSubscriptions: 0, lapsedSubscriptions: 0 };
    }
  };
  return {
    expiredVouchers: await settle(async () => (await expireDueVouchers(db, now)).expired, 'voucher expiry'),
    voidedAuthorisations: await settle(
      () => eachProvider((provider) => voidAbandonedAuthorisations(db, provider)),
      'authorisation sweep',
    ),
    capturedPayments: await settle(
      () => eachProvider((provider) => captureCommittedAuthorisations(db, provider)),
      'capture retry',
    ),
    releasedHolds: await settle(() => releaseExpiredHolds(db, now), 'hold release'),
    // Before the refund retry, so a closure's provider refund that failed just now is tried again.
    closureRefunds: await settle(async () => {
      const runs = await refundClosedMerchants(db, allProviders, {
        now,
        lease: (name) => takeLease(db, name, CLOSURE_LEASE_MS, now),
      }).finally(() => releaseLease(db, CLOSURE_LEASE));
      return runs.reduce((total, run) => total + run.vouchersRefunded, 0);
    }, 'merchant closure refunds'),
    paidRefunds: await settle(() => payPendingRefunds(db, allProviders), 'refund retry'),
    processedCreditRequests: await settle(() => processCreditRequests(db, now), 'credit requests'),
    purgedKeys: await settle(() => purgeIdempotencyKeys(db), 'idempotency purge'),
    retriedEvents: await settle(() => handleEvents(db), 'event retry'),
    basketReminders: await settle(() => remindAbandonedBaskets(db, { now, origin }), 'abandoned-basket reminders'),
    // After the event retry, so a gift recorded by a retried subscriber is mailed in the same run.
    giftsSent: await settle(() => sendDueGifts(db, { now, origin }), 'e-gift emails'),
    expiredGiftCards: await settle(() => expireGiftCards(db, now), 'gift card expiry'),
    reviewRequests: await settle(() => sendReviewRequests(db, { now, origin }), 'review requests'),
    ...(await remindDispatches()),
    // After the event retry, so a reward recorded by a retried subscriber is paid in the same run.
    ...(await settleCredit()),
    // Before the renewals, so a renewal the job reaches late is still announced if its time allows.
    vipReminders: await settle(() => sendRenewalReminders(db, { now, origin }), 'VIP renewal reminders'),
    paidVipRefunds: await settle(() => payPendingVipRefunds(db, allProviders), 'VIP refund retry'),
    sortedSearchDocuments: await settle(
      async () => ((await orderSearchDocuments(db)) ? 1 : 0),
      'search document order',
    ),
    ...(await renewSubscriptions()),
  };
}
