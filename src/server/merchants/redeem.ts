/**
 * Redeeming a voucher (docs/decisions/024). One transaction locks the voucher row, checks it belongs
 * to this merchant and can be used, moves it to Redeemed through the voucher state machine (which
 * writes the status history) and writes the merchant's audit row; a refusal writes its audit row too
 * and is raised after that commits. Two tills redeeming one voucher at once: the second waits on the
 * row lock, then reads Redeemed and is refused.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Invalid, RateLimited, RedeemError } from '@/domain/errors';
import {
  auditableCode,
  normaliseSecurityCode,
  normaliseVoucherCode,
  REDEEM_COPY,
  type RedeemRefusal,
  redemptionRefusal,
} from '@/domain/redemption';
import { users } from '@/server/accounts/schema';
import { dealProducts, deals } from '@/server/catalog/schema';
import type { Db, Tx } from '@/server/db';
import { lockVoucherByCode, moveVoucher, type VoucherRow } from '@/server/vouchers';
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
    // The voucher's row is locked first: a second till redeeming it waits here, then reads Redeemed.
    const voucher = code === null ? null : await lockVoucherByCode(tx, code);
    const found = voucher === null ? undefined : await describeForTill(tx, voucher);
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
    // The state machine moves it (Ready to Redeem or Booked to Redeemed) and writes its history.
    await moveVoucher(tx, {
      voucherId: found.id,
      event: 'redeem',
      actor: 'merchant',
      actorUserId: input.userId,
      now: input.now,
    });
    await record('redeemed', found.id);
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

/** What the till checks and shows of a locked voucher: its deal's merchant, headline and option, and the customer's first name. */
async function describeForTill(tx: Tx, voucher: VoucherRow) {
  const [row] = await tx
    .select({
      merchantId: deals.merchantId,
      dealHeadline: deals.headline,
      productTitle: dealProducts.title,
      customerFirstName: users.firstName,
    })
    .from(deals)
    .innerJoin(dealProducts, eq(dealProducts.id, voucher.dealProductId))
    .innerJoin(users, eq(users.id, voucher.userId))
    .where(eq(deals.id, voucher.dealId));
  return row === undefined
    ? undefined
    : {
        ...row,
        id: voucher.id,
        code: voucher.code,
        securityCode: voucher.securityCode,
        status: voucher.status,
        expiresAt: voucher.expiresAt,
      };
}
