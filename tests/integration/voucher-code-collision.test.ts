/**
 * A voucher code drawn for an order that is taken already (1 in 2^40, decision 015) is drawn again:
 * the order's one statement skips it (docs/decisions/080) and the order then issues what is missing,
 * so the shopper still gets one voucher per unit, each with a code of its own. The collision is made
 * certain by a trigger of the test's own, which gives the next voucher written a code that is taken.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { VOUCHER_CODE_PATTERN } from '../../src/domain/vouchers';
import type { Database } from '../../src/server/db/client';
import { orderLines, vouchers } from '../../src/server/db/schema';
import { singleProvider } from '../../src/server/payments';
import { createBuyers, type LimitedDeal, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { insertTestOrder, insertTestUser } from './commerce-fixtures';
import { enginesWhereSqlDiffers } from './databases';
import { placeOrderSettled } from './support/settled';

describe.each(enginesWhereSqlDiffers)('voucher codes that collide on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 40, seed: 5 });
    deal = await prepareLimitedDeal(database.db, 10);
    // The next voucher written takes the code waiting here (once), as if its drawn code were taken.
    await database.db.execute(sql`create table test_taken_codes (code text not null)`);
    await database.db.execute(sql`
      create function test_take_code() returns trigger language plpgsql as $$
      declare taken text;
      begin
        delete from test_taken_codes returning code into taken;
        if taken is not null then new.code := taken; end if;
        return new;
      end $$`);
    await database.db.execute(sql`
      create trigger test_take_code before insert on vouchers for each row execute function test_take_code()`);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('draws a code again when the one drawn is taken, and the order still gets a voucher per unit', async () => {
    const { db } = database;
    const earlier = await insertTestOrder(db, { userId: (await insertTestUser(db)).id, quantity: 1 });
    const taken = earlier.vouchers[0]?.code;
    if (taken === undefined) throw new Error('no earlier voucher');
    await db.execute(sql`insert into test_taken_codes (code) values (${taken})`);
    const [buyer] = await createBuyers(db, deal, 1, { prefix: 'collide', quantity: 2 });
    if (buyer === undefined) throw new Error('no buyer');

    const result = await placeOrderSettled(db, singleProvider(createSandboxProvider(db)), {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: deal.unitTotalMinor * 2, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor * 2 },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `collide-${buyer.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
    });

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // The taken code was used up by the order's statement, which skipped its voucher.
    const left = await db.execute<{ n: number }>(sql`select count(*)::int as n from test_taken_codes`);
    expect(Number(left.rows[0]?.n)).toBe(0);
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, result.order.id));
    const issued = await db.select().from(vouchers).where(eq(vouchers.orderId, result.order.id));
    expect(issued.map((voucher) => [voucher.orderLineId, voucher.dealId, voucher.status])).toEqual([
      [line?.id, deal.dealId, 'ready'],
      [line?.id, deal.dealId, 'ready'],
    ]);
    const codes = issued.map((voucher) => voucher.code);
    expect(codes).not.toContain(taken);
    expect(new Set(codes).size).toBe(2);
    for (const code of codes) expect(code).toMatch(VOUCHER_CODE_PATTERN);
    expect([...result.order.voucherIds].sort((a, b) => a - b)).toEqual(
      issued.map((voucher) => voucher.id).sort((a, b) => a - b),
    );
  });
});
