/**
 * The in-process voucher expiry job (issue 7): once a minute after the server starts, then hourly,
 * unused vouchers past their expiry become Expired. Started once by the middleware module; the
 * timers are unref'd so they never keep a process alive, and tests never start them.
 * `npm run jobs:expire-vouchers` runs the same work by hand or from cron.
 */
import { getDb } from '../db';
import { expireVouchers } from './index';

const FIRST_RUN_MS = 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;
let started = false;

async function runOnce(): Promise<void> {
  try {
    const { db } = await getDb();
    const expired = await expireVouchers(db, new Date());
    if (expired > 0) console.log(`[vouchers] ${expired} voucher(s) expired`);
  } catch (error) {
    console.error('[vouchers] expiry run failed:', error instanceof Error ? error.message : error);
  }
}

/** Starts the hourly expiry run in this process, once; does nothing under test. */
export function startVoucherExpirySchedule(): void {
  if (started || process.env.VITEST || process.env.NODE_ENV === 'test') return;
  started = true;
  setTimeout(() => {
    void runOnce();
    setInterval(() => void runOnce(), EVERY_MS).unref();
  }, FIRST_RUN_MS).unref();
}
