/**
 * The server's hourly housekeeping, in process: unused vouchers past their expiry become Expired,
 * authorisations that never got their order are voided, payments whose capture failed after their
 * order committed are captured, events whose subscriber failed are retried, and old idempotency
 * keys are forgotten. First run a minute after start, then hourly; the timers are unref'd so they
 * never keep a process alive, and tests never start them. `npm run jobs:hourly` runs the same by
 * hand or from cron (`jobs:expire-vouchers` runs only the expiry).
 *
 * With several processes on one database the run is leased (docs/decisions/031): the process
 * holding the lease renews it each hour, and another takes over only once a holder has missed its hour.
 */
import { serverConfig } from '@/server/config';
import { getDb } from '@/server/db';
import { logError } from '@/server/log';
import { runHourlyJobs } from './hourly';
import { takeLease } from './lease';

const FIRST_RUN_MS = 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;
/** A little over the hour: the holder renews its own lease each run; another process takes it only
 * when the holder has missed a run (stopped or died). */
const LEASE_MS = 65 * 60 * 1000;
let started = false;

/** What the server sends mail with (the web runtime's outbox flush: SMTP or the mail folder). */
type FlushOutbox = () => Promise<unknown>;

async function runOnce(flushOutbox: FlushOutbox): Promise<void> {
  try {
    const { db } = await getDb();
    if (!(await takeLease(db, 'hourly-jobs', LEASE_MS, new Date()))) return;
    const done = await runHourlyJobs(db, new Date());
    if (
      done.expiredVouchers +
        done.voidedAuthorisations +
        done.capturedPayments +
        done.retriedEvents +
        done.basketReminders +
        done.grantedCredit +
        done.renewedSubscriptions +
        done.lapsedSubscriptions >
      0
    )
      console.log('[jobs]', done);
    // Mail the jobs queued (abandoned-basket reminders, a confirmation whose order event is retried,
    // e-gifts) goes out now, not at the next request's flush; so does mail a process that died left
    // in the outbox (no lost outbox email). Delivery claims each row, so it goes once.
    await flushOutbox();
  } catch (error) {
    logError('jobs', 'hourly run failed', error);
  }
}

/** Starts the hourly run in this process, once; does nothing under test. */
export function startHourlyJobs(flushOutbox: FlushOutbox): void {
  if (started || serverConfig().isTestRun) return;
  started = true;
  setTimeout(() => {
    void runOnce(flushOutbox);
    setInterval(() => void runOnce(flushOutbox), EVERY_MS).unref();
  }, FIRST_RUN_MS).unref();
}
