/**
 * spec 4 voucher expiry (docs/decisions/026): the daily job expires unused vouchers past their
 * date. Where the shopper agreed, the expired voucher's paid value becomes wallet credit valid for
 * 14 days after the voucher's expiry, in the same transaction as the move and its audit row. Wallet
 * credit itself expires by its own date (the wallet's balance never counts expired credit). Gift
 * cards (6 months) are the gift cards' own job (src/server/gifting, docs/decisions/028).
 */
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { expiredVoucherCreditExpiry } from '@/domain/voucher-lifecycle';
import { EXPIRABLE_STATUSES } from '@/domain/vouchers';
import type { Db } from '@/server/db';
import { expireVouchers, moveVoucher } from '@/server/vouchers';
import { vouchers } from '@/server/vouchers/schema';
import { creditWallet } from '@/server/wallet';
import { loadVoucherContext } from './context';

export interface ExpiryRun {
  expired: number;
  /** Of those, how many became wallet credit. */
  credited: number;
}

/** One consenting voucher: expired, and its value credited to the wallet, in one transaction. */
async function expireWithCredit(db: Db, voucherId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const context = await loadVoucherContext(tx, voucherId, null);
    if (context === null) return false;
    const { voucher } = context;
    if (!EXPIRABLE_STATUSES.includes(voucher.status) || voucher.expiresAt.getTime() > now.getTime()) return false;
    await moveVoucher(tx, { voucherId, event: 'expire', actor: 'system', now, note: 'expired with wallet credit' });
    if (context.valueMinor > 0) {
      await creditWallet(tx, {
        userId: voucher.userId,
        currency: context.order.currency,
        kind: 'cash',
        amountMinor: context.valueMinor,
        expiresAt: expiredVoucherCreditExpiry(voucher.expiresAt),
        orderId: context.order.id,
        description: `Credit from expired voucher ${voucher.code}`,
      });
    }
    return true;
  });
}

/** The daily expiry: consenting vouchers one by one with their credit, then the rest in one statement. */
export async function expireDueVouchers(db: Db, now: Date): Promise<ExpiryRun> {
  let credited = 0;
  for (;;) {
    const due = await db
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(
        and(
          inArray(vouchers.status, [...EXPIRABLE_STATUSES]),
          lte(vouchers.expiresAt, now),
          eq(vouchers.expiryCreditConsent, true),
        ),
      )
      .orderBy(asc(vouchers.id))
      .limit(200);
    let moved = 0;
    for (const { id } of due) if (await expireWithCredit(db, id, now)) moved += 1;
    credited += moved;
    if (due.length < 200 || moved === 0) break;
  }
  const rest = await expireVouchers(db, now);
  return { expired: credited + rest, credited };
}
