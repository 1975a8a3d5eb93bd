/**
 * Redeeming at the till (decision 024): two tills redeem one voucher at the same moment. The voucher
 * row's lock makes one of them win; the other reads Redeemed and is refused. PGlite and PostgreSQL (row
 * locks differ).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { RedeemError } from '../../src/domain/errors';
import type { Database } from '../../src/server/db/client';
import { voucherRedemptions, vouchers } from '../../src/server/db/schema';
import { createRedeemThrottle, redeemVoucher } from '../../src/server/merchants';
import { enginesWhereSqlDiffers } from './databases';
import { boughtVoucher, insertMerchantMember, twoMerchants } from './merchant-fixtures';

describe.each(enginesWhereSqlDiffers)('two redemptions of one voucher at once on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 30, seed: 5 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('exactly one succeeds; the other is told the voucher has already been redeemed; both are audited', async () => {
    const { db } = database;
    const { deal, merchantId } = await twoMerchants(db);
    const tillA = await insertMerchantMember(db, merchantId);
    const tillB = await insertMerchantMember(db, merchantId);
    const { voucher } = await boughtVoucher(db, deal.id);
    const throttle = createRedeemThrottle();
    const now = new Date();
    const redeem = (userId: number) =>
      redeemVoucher(db, throttle, {
        merchantId,
        userId,
        code: voucher.code,
        securityCode: voucher.securityCode,
        method: 'typed',
        ip: '198.51.100.1',
        now,
      });
    const results = await Promise.allSettled([redeem(tillA.id), redeem(tillB.id)]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(RedeemError);
    expect((lost[0] as RedeemError).code).toBe('already_redeemed');

    const [stored] = await db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(stored?.status).toBe('redeemed');
    const audit = await db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, voucher.id));
    expect(audit.map((row) => row.outcome).sort()).toEqual(['already_redeemed', 'redeemed']);
  });
});
