/**
 * npm run jobs:hourly [-- --now 2027-03-01T00:00:00Z] — the server's hourly housekeeping once
 * (docs/decisions/012): voucher expiry, voiding authorisations that never got their order, purging old
 * idempotency keys, paying referral credit whose refund window has passed, renewing VIP subscriptions,
 * then the outbox's pending mail is sent. Stop `npm start` first on the embedded database (PGlite is one process).
 */
import { serverConfig } from '@/server/config';
import { runHourlyJobs } from '@/server/jobs';
import { createMailTransport, deliverPendingMail } from '@/server/mail';
import { argValue, withDatabase } from '../cli';

await withDatabase(async (database) => {
  const raw = argValue('now');
  const now = raw ? new Date(raw) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`--now is not a date: ${raw}`);
  const done = await runHourlyJobs(database.db, now);
  // The mail the run queued (a retried order confirmation, reminders, e-gifts) and any a process that
  // died left in the outbox goes out now, as the server's own run sends it (SMTP_URL, else MAIL_DIR).
  const transport = createMailTransport(serverConfig().mail);
  let mailed = 0;
  for (;;) {
    const sent = await deliverPendingMail(database.db, transport);
    mailed += sent;
    if (sent === 0) break;
  }
  console.log(
    `✔ ${done.expiredVouchers} voucher(s) expired, ${done.voidedAuthorisations} authorisation(s) voided, ${done.capturedPayments} payment(s) captured, ${done.purgedKeys} idempotency key(s) purged, ${done.retriedEvents} event(s) retried, ${done.releasedHolds} stock hold(s) released, ${done.paidRefunds} refund(s) paid, ${done.grantedCredit} credit grant(s) paid, ${done.cancelledCredit} cancelled, ${done.renewedSubscriptions} VIP subscription(s) renewed, ${done.lapsedSubscriptions} lapsed, ${done.giftsSent} e-gift(s) sent, ${done.expiredGiftCards} gift card(s) expired, ${mailed} mail(s) sent (${database.engine}, ${database.where})`,
  );
});
