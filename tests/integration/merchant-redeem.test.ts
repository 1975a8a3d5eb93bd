/**
 * Redeeming at the till (decision 024) on embedded PGlite: a merchant member redeems a customer's
 * voucher once; a second attempt, a refunded, expired or other merchant's voucher, a wrong security
 * code and a stranger are refused with a clear reason; every attempt is in the audit; guessing codes is
 * throttled.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { AppError } from '../../src/domain/errors';
import { REDEEM_COPY } from '../../src/domain/redemption';
import type { Database } from '../../src/server/db/client';
import { voucherRedemptions, voucherStatusChanges, vouchers } from '../../src/server/db/schema';
import { statusOf } from '../../src/server/http/status';
import {
  createRedeemThrottle,
  listMerchantVouchers,
  listRedemptionAttempts,
  REDEEM_MEMBER_MISSES,
  redeemVoucher,
} from '../../src/server/merchants';
import { insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { boughtVoucher, insertMerchantMember, twoMerchants } from './merchant-fixtures';

const NOW = new Date('2027-03-01T12:00:00Z');

async function refusal(run: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await run;
  } catch (error) {
    if (error instanceof AppError) return { status: statusOf(error.kind), message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe.each(embedded)('redeeming vouchers on $name', (engine) => {
  let database: Database;
  let setup: Awaited<ReturnType<typeof twoMerchants>>;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 60, seed: 23 });
    setup = await twoMerchants(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  const attempt = (
    userId: number,
    merchantId: number,
    code: string,
    securityCode: string,
    throttle = createRedeemThrottle(),
  ) =>
    redeemVoucher(database.db, throttle, {
      merchantId,
      userId,
      code,
      securityCode,
      method: 'typed',
      ip: '203.0.113.9',
      now: NOW,
    });

  it('redeems a Ready to Redeem voucher once, showing the customer by first name; the second attempt is refused', async () => {
    const { db } = database;
    const member = await insertMerchantMember(db, setup.merchantId);
    const { voucher } = await boughtVoucher(db, setup.deal.id, NOW, 'Priya');
    // Typed loosely: lower case, no dashes.
    const typed = voucher.code.toLowerCase().replace(/-/g, '');
    const redeemed = await attempt(member.id, setup.merchantId, typed, voucher.securityCode);
    expect(redeemed).toMatchObject({ voucherId: voucher.id, code: voucher.code, customerFirstName: 'Priya' });
    const [stored] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(stored?.status).toBe('redeemed');
    expect(stored?.statusChangedAt.toISOString()).toBe(NOW.toISOString());
    // The voucher state machine moved it and wrote its history: the till's member redeemed it, once.
    const history = await db.select().from(voucherStatusChanges).where(eq(voucherStatusChanges.voucherId, voucher.id));
    expect(
      history.map(({ fromStatus, toStatus, event, actor, actorUserId }) => ({
        fromStatus,
        toStatus,
        event,
        actor,
        actorUserId,
      })),
    ).toEqual([
      { fromStatus: 'ready', toStatus: 'redeemed', event: 'redeem', actor: 'merchant', actorUserId: member.id },
    ]);

    expect(await refusal(attempt(member.id, setup.merchantId, voucher.code, voucher.securityCode))).toEqual({
      status: 409,
      message: REDEEM_COPY.alreadyRedeemed,
    });
    const audit = await listRedemptionAttempts(db, setup.merchantId);
    expect(audit.slice(0, 2).map((row) => row.outcome)).toEqual(['already_redeemed', 'redeemed']);
  });

  it("refuses another merchant's voucher, and that merchant's dashboard never lists it", async () => {
    const { db } = database;
    const member = await insertMerchantMember(db, setup.merchantId);
    const { voucher } = await boughtVoucher(db, setup.otherDeal.id, NOW);
    expect(await refusal(attempt(member.id, setup.merchantId, voucher.code, voucher.securityCode))).toEqual({
      status: 403,
      message: REDEEM_COPY.otherMerchant,
    });
    const [stored] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(stored?.status).toBe('ready');
    const listed = await listMerchantVouchers(db, setup.merchantId, { limit: 500 });
    expect(listed.map((row) => row.id)).not.toContain(voucher.id);
    const [audited] = await listRedemptionAttempts(db, setup.merchantId, 1);
    expect(audited?.outcome).toBe('other_merchant');
  });

  it('refuses refunded and expired vouchers (expired by date even before the hourly job) with their reasons', async () => {
    const { db } = database;
    const member = await insertMerchantMember(db, setup.merchantId);
    const refunded = (await boughtVoucher(db, setup.deal.id, NOW)).voucher;
    await db.update(vouchers).set({ status: 'refunded' }).where(eq(vouchers.id, refunded.id));
    expect(await refusal(attempt(member.id, setup.merchantId, refunded.code, refunded.securityCode))).toEqual({
      status: 409,
      message: REDEEM_COPY.refunded,
    });
    const lapsed = (await boughtVoucher(db, setup.deal.id, NOW)).voucher;
    await db
      .update(vouchers)
      .set({ expiresAt: new Date(NOW.getTime() - 1000) })
      .where(eq(vouchers.id, lapsed.id));
    expect(await refusal(attempt(member.id, setup.merchantId, lapsed.code, lapsed.securityCode))).toEqual({
      status: 409,
      message: REDEEM_COPY.expired,
    });
    const [stillReady] = await db.select().from(vouchers).where(eq(vouchers.id, lapsed.id));
    expect(stillReady?.status).toBe('ready');
  });

  it('a wrong security code reads the same as a code that does not exist', async () => {
    const { db } = database;
    const member = await insertMerchantMember(db, setup.merchantId);
    const { voucher } = await boughtVoucher(db, setup.deal.id, NOW);
    const wrong = voucher.securityCode === '000000' ? '111111' : '000000';
    const a = await refusal(attempt(member.id, setup.merchantId, voucher.code, wrong));
    const b = await refusal(attempt(member.id, setup.merchantId, 'TP-2222-2222', voucher.securityCode));
    expect(a).toEqual({ status: 404, message: REDEEM_COPY.notFound });
    expect(b).toEqual(a);
    const [stored] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(stored?.status).toBe('ready');
  });

  it('someone who is not a member of the merchant cannot redeem, and nothing is audited for them', async () => {
    const { db } = database;
    const stranger = await insertTestUser(db);
    const { voucher } = await boughtVoucher(db, setup.deal.id, NOW);
    expect((await refusal(attempt(stranger.id, setup.merchantId, voucher.code, voucher.securityCode))).status).toBe(
      404,
    );
    const rows = await db.select().from(voucherRedemptions).where(eq(voucherRedemptions.userId, stranger.id));
    expect(rows).toHaveLength(0);
  });

  it(`throttles guessing: after ${REDEEM_MEMBER_MISSES} codes that match nothing, even a real code waits`, async () => {
    const { db } = database;
    const member = await insertMerchantMember(db, setup.merchantId);
    const throttle = createRedeemThrottle();
    for (let i = 0; i < REDEEM_MEMBER_MISSES; i += 1) {
      expect(
        (await refusal(attempt(member.id, setup.merchantId, `TP-ABCD-${'EFGH'}`, '123456', throttle))).status,
      ).toBe(404);
    }
    const { voucher } = await boughtVoucher(db, setup.deal.id, NOW);
    expect(await refusal(attempt(member.id, setup.merchantId, voucher.code, voucher.securityCode, throttle))).toEqual({
      status: 429,
      message: REDEEM_COPY.throttled,
    });
    const [stored] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(stored?.status).toBe('ready');
    const [audited] = await listRedemptionAttempts(db, setup.merchantId, 1);
    expect(audited?.outcome).toBe('throttled');
    // A colleague at another till has their own allowance.
    const colleague = await insertMerchantMember(db, setup.merchantId);
    await expect(
      attempt(colleague.id, setup.merchantId, voucher.code, voucher.securityCode, throttle),
    ).resolves.toMatchObject({
      voucherId: voucher.id,
    });
  });

  it('empty fields are a 400 with what to type, and are not counted as guesses', async () => {
    const { db } = database;
    const member = await insertMerchantMember(db, setup.merchantId);
    expect(await refusal(attempt(member.id, setup.merchantId, '  ', '123456'))).toEqual({
      status: 400,
      message: REDEEM_COPY.codeRequired,
    });
    expect(await refusal(attempt(member.id, setup.merchantId, 'TP-2222-2222', ''))).toEqual({
      status: 400,
      message: REDEEM_COPY.securityCodeRequired,
    });
  });
});
