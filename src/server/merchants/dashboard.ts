/**
 * What a merchant's dashboard reads (docs/decisions/024): its own deals with how their vouchers
 * stand, its recent vouchers with the customer's first name only, the redemption audit, and the
 * reports by deal and month. Every query is bounded by the merchant id.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { type ReportRow, type ReportVoucher, summariseVouchers } from '@/domain/merchant-reports';
import { describeVoucherStatus } from '@/domain/vouchers';
import { users } from '@/server/accounts/schema';
import { dealProducts, deals } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { orderLines } from '@/server/orders/schema';
import { vouchers } from '@/server/vouchers/schema';
import { type RedemptionOutcome, voucherRedemptions } from './schema';

export interface MerchantDeal {
  id: number;
  headline: string;
  status: string;
  dealType: string;
  closingDate: Date;
  sold: number;
  redeemed: number;
  outstanding: number;
}

/** The merchant's deals, newest first, with vouchers sold, redeemed and still to use. */
export async function listMerchantDeals(db: Db, merchantId: number, now: Date): Promise<MerchantDeal[]> {
  const rows = await db
    .select({
      id: deals.id,
      headline: deals.headline,
      status: deals.status,
      dealType: deals.dealType,
      closingDate: deals.closingDate,
      sold: sql<number>`count(${vouchers.id}) filter (where ${vouchers.status} <> 'refunded')`.mapWith(Number),
      redeemed: sql<number>`count(${vouchers.id}) filter (where ${vouchers.status} = 'redeemed')`.mapWith(Number),
      outstanding:
        sql<number>`count(${vouchers.id}) filter (where ${vouchers.status} in ('ready', 'booked') and ${vouchers.expiresAt} > ${now})`.mapWith(
          Number,
        ),
    })
    .from(deals)
    .leftJoin(vouchers, eq(vouchers.dealId, deals.id))
    .where(eq(deals.merchantId, merchantId))
    .groupBy(deals.id)
    .orderBy(desc(deals.createdAt), desc(deals.id));
  return rows;
}

export interface MerchantVoucher {
  id: number;
  code: string;
  status: string;
  statusLabel: string;
  dealId: number;
  dealHeadline: string;
  productTitle: string;
  customerFirstName: string;
  boughtAt: Date;
  expiresAt: Date;
}

/** The merchant's vouchers, newest first; a customer appears by first name only. */
export async function listMerchantVouchers(
  db: Db,
  merchantId: number,
  options: { limit?: number } = {},
): Promise<MerchantVoucher[]> {
  const rows = await db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      status: vouchers.status,
      dealId: deals.id,
      dealHeadline: deals.headline,
      productTitle: dealProducts.title,
      customerFirstName: users.firstName,
      boughtAt: vouchers.createdAt,
      expiresAt: vouchers.expiresAt,
    })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
    .innerJoin(users, eq(users.id, vouchers.userId))
    .where(eq(deals.merchantId, merchantId))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(options.limit ?? 50);
  return rows.map((row) => ({
    ...row,
    customerFirstName: row.customerFirstName || 'Customer',
    statusLabel: describeVoucherStatus(row.status).label,
  }));
}

export interface RedemptionAttempt {
  id: number;
  codeEntered: string;
  outcome: RedemptionOutcome;
  method: string;
  memberFirstName: string;
  at: Date;
}

/** The merchant's latest redemption attempts (the audit), newest first. */
export async function listRedemptionAttempts(db: Db, merchantId: number, limit = 20): Promise<RedemptionAttempt[]> {
  return db
    .select({
      id: voucherRedemptions.id,
      codeEntered: voucherRedemptions.codeEntered,
      outcome: voucherRedemptions.outcome,
      method: voucherRedemptions.method,
      memberFirstName: users.firstName,
      at: voucherRedemptions.createdAt,
    })
    .from(voucherRedemptions)
    .innerJoin(users, eq(users.id, voucherRedemptions.userId))
    .where(eq(voucherRedemptions.merchantId, merchantId))
    .orderBy(desc(voucherRedemptions.createdAt), desc(voucherRedemptions.id))
    .limit(limit);
}

/** Vouchers sold, redeemed and outstanding per deal and month, with sales and what the merchant is owed. */
export async function merchantReport(db: Db, merchantId: number, now: Date): Promise<ReportRow[]> {
  const rows = await db
    .select({
      dealId: deals.id,
      dealHeadline: deals.headline,
      month: sql<string>`to_char(${vouchers.createdAt} at time zone 'UTC', 'YYYY-MM')`,
      status: vouchers.status,
      paidMinor: orderLines.unitPriceMinor,
      expiresAt: vouchers.expiresAt,
    })
    .from(vouchers)
    .innerJoin(deals, and(eq(deals.id, vouchers.dealId), eq(deals.merchantId, merchantId)))
    .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId));
  const report: ReportVoucher[] = rows.map(({ expiresAt, ...row }) => ({
    ...row,
    isPastExpiry: expiresAt.getTime() <= now.getTime(),
  }));
  return summariseVouchers(report);
}
