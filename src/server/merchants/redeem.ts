/**
 * Redeeming a voucher (issue 23 item 2). One transaction locks the voucher row, checks it belongs to
 * this merchant and can be used, moves it to Redeemed and writes the audit row; a refusal writes its
 * audit row too and is raised after that commits. Two tills redeeming one voucher at once: the second
 * waits on the row lock, then reads Redeemed and is refused.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Invalid, RateLimited, RedeemError } from '@/domain/errors';
import {
  auditableCode,
  normaliseSecurityCode,
  normaliseVoucherCode,
  REDEEM_COPY,
  type RedeemRefusal,
  redemptionRefusal,
} from '@/domain/redemption';
import { EXPIRABLE_STATUSES } from '@/domain/vouchers';
import { users } from '@/server/accounts/schema';
import { dealProducts, deals } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { voucherStatusChanges, vouchers } from '@/server/vouchers/schema';
import { requireMembership } from './membership';
import { type RedemptionOutcome, voucherRedemptions } from './schema';
import type { RedeemThrottle } from './throttle';

export interface RedeemInput {
  merchantId: number;
  /** The signed-in member at the till. */
  userId: number;
  code: string;
  securityCode: string;
  method: 'typed' | 'camera';
  ip: string;
  now: Date;
}

/** What the till shows after a successful redemption. */
export interface Redeemed {
  voucherId: number;
  code: string;
  dealHeadline: string;
  productTitle: string;
  /** Only the first name: the merchant greets the customer, it does not get their details. */
  customerFirstName: string;
  redeemedAt: Date;
}

function sameDigits(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Redeems a voucher for a member of its merchant, or throws the refusal (RedeemError, RateLimited, Invalid). */
export async function redeemVoucher(db: Db, throttle: RedeemThrottle, input: RedeemInput): Promise<Redeemed> {
  await requireMembership(db, input.userId, input.merchantId);
  if (input.code.trim() === '') throw new Invalid(REDEEM_COPY.codeRequired);
  if (input.securityCode.trim() === '') throw new Invalid(REDEEM_COPY.securityCodeRequired);
  const key = { merchantId: input.merchantId, userId: input.userId };
  const audit = {
    merchantId: input.merchantId,
    userId: input.userId,
    codeEntered: auditableCode(input.code),
    method: input.method,
    ip: input.ip.slice(0, 64),
    createdAt: input.now,
  };

  const wait = await throttle.retryAfter(key);
  if (wait > 0) {
    await db.insert(voucherRedemptions).values({ ...audit, outcome: 'throttled' });
    throw new RateLimited(REDEEM_COPY.throttled, { retryAfterSeconds: wait });
  }

  const code = normaliseVoucherCode(input.code);
  const securityCode = normaliseSecurityCode(input.securityCode);
  type Outcome = { redeemed: Redeemed } | { refusal: RedeemRefusal; status: string };
  const result = await db.transaction(async (tx): Promise<Outcome> => {
    const record = async (outcome: RedemptionOutcome, voucherId: number | null) => {
      await tx.insert(voucherRedemptions).values({ ...audit, outcome, voucherId });
    };
    const [found] =
      code === null
        ? []
        : await tx
            .select({
              id: vouchers.id,
              code: vouchers.code,
              securityCode: vouchers.securityCode,
              status: vouchers.status,
              expiresAt: vouchers.expiresAt,
              merchantId: deals.merchantId,
              dealHeadline: deals.headline,
              productTitle: dealProducts.title,
              customerFirstName: users.firstName,
            })
            .from(vouchers)
            .innerJoin(deals, eq(deals.id, vouchers.dealId))
            .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
            .innerJoin(users, eq(users.id, vouchers.userId))
            .where(eq(vouchers.code, code))
            .for('update', { of: vouchers });
    if (found === undefined || securityCode === null || !sameDigits(found.securityCode, securityCode)) {
      await record('not_found', null);
      return { refusal: 'not_found', status: '' };
    }
    const refusal = redemptionRefusal(found, input.merchantId, input.now);
    if (refusal !== null) {
      // Another merchant's voucher is not linked in this merchant's audit: it is none of its business.
      await record(refusal, refusal === 'other_merchant' ? null : found.id);
      return { refusal, status: found.status };
    }
    const moved = await tx
      .update(vouchers)
      .set({ status: 'redeemed', statusChangedAt: input.now })
      .where(and(eq(vouchers.id, found.id), inArray(vouchers.status, [...EXPIRABLE_STATUSES])))
      .returning({ id: vouchers.id });
    if (moved.length === 0) {
      await record('already_redeemed', found.id);
      return { refusal: 'already_redeemed', status: 'redeemed' };
    }
    await record('redeemed', found.id);
    // Issue 18.1: the state machine's audit of every status change, beside the merchant's own audit.
    await tx.insert(voucherStatusChanges).values({
      voucherId: found.id,
      fromStatus: found.status,
      toStatus: 'redeemed',
      event: 'redeem',
      actor: 'merchant',
      actorUserId: input.userId,
      createdAt: input.now,
    });
    const redeemed: Redeemed = {
      voucherId: found.id,
      code: found.code,
      dealHeadline: found.dealHeadline,
      productTitle: found.productTitle,
      customerFirstName: found.customerFirstName,
      redeemedAt: input.now,
    };
    return { redeemed };
  });

  if ('redeemed' in result) return result.redeemed;
  if (result.refusal === 'not_found') await throttle.recordMiss(key);
  throw new RedeemError(result.refusal, result.status);
}
