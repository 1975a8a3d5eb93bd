/**
 * npm run jobs:expire-vouchers [-- --now 2027-03-01T00:00:00Z] — moves unused vouchers past their
 * expiry to Expired, crediting the wallet where the shopper agreed (spec 4 voucher expiry,
 * docs/decisions/026-voucher-lifecycle.md). The server runs the same work hourly; this is for cron
 * and by hand.
 * Stop `npm start` first on the embedded database: PGlite serves one process at a time.
 */
import { expireDueVouchers } from '@/server/voucher-lifecycle';
import { argValue, withDatabase } from '../cli';

await withDatabase(async (database) => {
  const raw = argValue('now');
  const now = raw ? new Date(raw) : new Date();
  if (Number.isNaN(now.getTime())) throw new Error(`--now is not a date: ${raw}`);
  const { expired, credited } = await expireDueVouchers(database.db, now);
  console.log(
    `✔ ${expired} voucher(s) expired (${credited} as wallet credit) as of ${now.toISOString()} (${database.engine}, ${database.where})`,
  );
});
