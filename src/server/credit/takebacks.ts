/**
 * Money follows every refund (docs/decisions/048): a refunded voucher takes back its share of the
 * promotional credit its order earned, the order's last voucher what is left, so an order refunded
 * whole gives back exactly what it earned. Never below zero: what the shopper already spent is noted
 * on the take-back (`shortfallMinor`), never taken later and never a debt. Once per voucher. Run after
 * the refund commits by the `promotional-credit` subscriber of `voucher.refunded`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { takeBackDue } from '@/domain/refund-money';
import type { Db } from '@/server/db';
import type { VoucherRefunded } from '@/server/events';
import { orders } from '@/server/orders/schema';
import { takeBackCredit } from '@/server/wallet';
import { creditGrants, creditTakebacks } from './schema';

/** What one refunded voucher took back of its order's promotional credit. */
export interface CreditTakeback {
  dueMinor: number;
  takenMinor: number;
  shortfallMinor: number;
}

/** Takes back the voucher's share of its order's promotional credit; answers what it did (null: nothing earned, or done before). */
export async function takeBackPromotionalCredit(db: Db, payload: VoucherRefunded): Promise<CreditTakeback | null> {
  return db.transaction(async (tx) => {
    // The grant row's lock orders the take-backs of one order's vouchers.
    const [grant] = await tx
      .select()
      .from(creditGrants)
      .where(
        and(
          eq(creditGrants.kind, 'promotional'),
          eq(creditGrants.orderId, payload.orderId),
          eq(creditGrants.userId, payload.userId),
          eq(creditGrants.status, 'granted'),
        ),
      )
      .for('update');
    if (grant === undefined || grant.walletEntryId === null) return null;
    const [seen] = await tx
      .select({ id: creditTakebacks.id })
      .from(creditTakebacks)
      .where(eq(creditTakebacks.voucherId, payload.voucherId));
    if (seen !== undefined) return null;
    const [asked] = await tx
      .select({ total: sql<number>`coalesce(sum(${creditTakebacks.amountMinor}), 0)::int` })
      .from(creditTakebacks)
      .where(eq(creditTakebacks.grantId, grant.id));
    let orderTotalMinor = payload.orderTotalPence;
    if (orderTotalMinor === undefined) {
      const [order] = await tx
        .select({ totalMinor: orders.totalMinor })
        .from(orders)
        .where(eq(orders.id, payload.orderId));
      orderTotalMinor = order?.totalMinor ?? 0;
    }
    const dueMinor = takeBackDue(
      grant.amountMinor,
      {
        orderTotalMinor,
        orderRefundedMinor: payload.orderRefundedPence ?? payload.amountPence,
        isLastOfOrder: payload.isLastOfOrder === true,
      },
      asked?.total ?? 0,
    );
    const takenMinor =
      dueMinor > 0
        ? await takeBackCredit(tx, {
            userId: payload.userId,
            creditId: grant.walletEntryId,
            amountMinor: dueMinor,
            description: `Promotional credit taken back: voucher ${payload.voucherId} on order ${payload.orderId} refunded`,
          })
        : 0;
    const shortfallMinor = dueMinor - takenMinor;
    await tx.insert(creditTakebacks).values({
      grantId: grant.id,
      voucherId: payload.voucherId,
      orderId: payload.orderId,
      userId: payload.userId,
      amountMinor: dueMinor,
      takenMinor,
      shortfallMinor,
    });
    return { dueMinor, takenMinor, shortfallMinor };
  });
}
