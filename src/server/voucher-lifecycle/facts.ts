/** What the voucher pages show about a voucher's lifecycle beyond its status: add-ons, refund, return, history. */
import { asc, eq, inArray } from 'drizzle-orm';
import { deals } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { voucherStatusChanges, vouchers } from '@/server/vouchers/schema';
import { voucherRefunds, voucherReturns } from './schema';

export interface LifecycleFacts {
  isProtected: boolean;
  expiryCreditConsent: boolean;
  extendedMonths: number;
  isPhysical: boolean;
  refund: { refundedTo: 'card' | 'wallet'; cardMinor: number; walletMinor: number; isPending: boolean } | null;
  returnReference: string | null;
}

/** The lifecycle facts of these vouchers, by id. */
export async function retrieveLifecycleFacts(
  db: Db,
  voucherIds: readonly number[],
): Promise<Map<number, LifecycleFacts>> {
  const facts = new Map<number, LifecycleFacts>();
  if (voucherIds.length === 0) return facts;
  const rows = await db
    .select({
      id: vouchers.id,
      isProtected: vouchers.isProtected,
      expiryCreditConsent: vouchers.expiryCreditConsent,
      extendedMonths: vouchers.extendedMonths,
      deliveryType: deals.deliveryType,
    })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(inArray(vouchers.id, [...voucherIds]));
  for (const row of rows) {
    facts.set(row.id, {
      isProtected: row.isProtected,
      expiryCreditConsent: row.expiryCreditConsent,
      extendedMonths: row.extendedMonths,
      isPhysical: row.deliveryType === 'postal',
      refund: null,
      returnReference: null,
    });
  }
  const refunds = await db
    .select()
    .from(voucherRefunds)
    .where(inArray(voucherRefunds.voucherId, [...voucherIds]));
  for (const refund of refunds) {
    const fact = facts.get(refund.voucherId);
    if (fact) {
      fact.refund = {
        refundedTo: refund.refundedTo,
        cardMinor: refund.cardMinor,
        walletMinor: refund.walletMinor,
        isPending: refund.status === 'pending',
      };
    }
  }
  const returns = await db
    .select()
    .from(voucherReturns)
    .where(inArray(voucherReturns.voucherId, [...voucherIds]));
  for (const row of returns) {
    const fact = facts.get(row.voucherId);
    if (fact) fact.returnReference = row.reference;
  }
  return facts;
}

/** A voucher's status changes, oldest first (the audit). */
export function listVoucherHistory(db: Db, voucherId: number) {
  return db
    .select()
    .from(voucherStatusChanges)
    .where(eq(voucherStatusChanges.voucherId, voucherId))
    .orderBy(asc(voucherStatusChanges.id));
}
