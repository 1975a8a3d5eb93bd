/**
 * npm run jobs:hourly [-- --now 2027-03-01T00:00:00Z] — the server's hourly housekeeping once
 * (issue 7): voucher expiry, voiding authorisations that never got their order, purging old
 * idempotency keys, paying referral credit whose refund window has passed, renewing VIP subscriptions. Stop `npm start` first on the embedded database (PGlite is one process).
 */
import { runHourlyJobs } from '@/server/jobs';
import { argValue, withDatabase } from '../cli';

await withDatabase(async (database) => {
  const raw = argValue('now');
  const now = raw ? new Date(raw) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`--now is not a date: ${raw}`);
  const done = await runHourlyJobs(database.db, now);
  console.log(
    `✔ ${done.expiredVouchers} voucher(s) expired, ${done.voidedAuthorisations} authorisation(s) voided, ${done.capturedPayments} payment(s) captured, ${done.purgedKeys} idempotency key(s) purged, ${done.retriedOrderEvents} order event(s) retried, ${done.releasedHolds} stock hold(s) released, ${done.paidRefunds} refund(s) paid, ${done.grantedCredit} credit grant(s) paid, ${done.cancelledCredit} cancelled, ${done.renewedSubscriptions} VIP subscription(s) renewed, ${done.lapsedSubscriptions} lapsed, ${done.giftsSent} e-gift(s) sent, ${done.expiredGiftCards} gift card(s) expired (${database.engine}, ${database.where})`,
  );
});
