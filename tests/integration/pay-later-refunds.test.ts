/**
 * On embedded PGlite (decision 026): a voucher paid with Klarna (pay in 3) or Clearpay (pay in 4) is
 * refunded through that provider's sandbox, as a card's is: the refund is completed (not left
 * `pending`), the provider holds one refund for the voucher's price against its own sale, and a
 * second request moves no money.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payClearpayByCard, verifyClearpaySms } from '../../sandbox/clearpay';
import { transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { confirmKlarnaCode, identifyKlarnaShopper } from '../../sandbox/klarna';
import { openPayLaterSession } from '../../sandbox/pay-later-sessions';
import { seedCatalogue } from '../../scripts/seed';
import { LIFECYCLE_COPY } from '../../src/domain/voucher-lifecycle';
import type { Database } from '../../src/server/db/client';
import { dealProducts, deals, payments, voucherRefunds, vouchers } from '../../src/server/db/schema';
import { placeOrder } from '../../src/server/orders';
import type { PaymentProviders } from '../../src/server/payments';
import { refundVoucherToCard } from '../../src/server/voucher-lifecycle';
import { createBuyers, type LimitedDeal, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { sandboxDb } from '../fixtures/sandbox-database';
import { sandboxProviders } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';

const quiet = {};
// Inside both providers' limits (Klarna 25 to 4,000 pounds, Clearpay 1 to 1,200).
const PRICE = 60_00;

describe.each(embedded)('pay-later refunds through the provider on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  let providers: PaymentProviders;
  let bought = 0;
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(db(), { deals: 40, seed: 13 });
    deal = await prepareLimitedDeal(db(), 20);
    await db().update(deals).set({ deliveryType: 'e-voucher' }).where(eq(deals.id, deal.dealId));
    await db()
      .update(dealProducts)
      .set({ priceMinor: PRICE, postagePriceMinor: 0 })
      .where(eq(dealProducts.id, deal.productId));
    deal = { ...deal, unitTotalMinor: PRICE };
    providers = sandboxProviders(db(), { env: quiet });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  /** The shopper's approval on the provider's own page; answers the token the order pays with. */
  async function approve(method: 'klarna' | 'clearpay'): Promise<string> {
    const session = await openPayLaterSession(
      sandboxDb(db()),
      method,
      {
        amountMinor: PRICE,
        currency: 'GBP',
        orderLines: [{ name: 'Voucher', quantity: 1, totalMinor: PRICE }],
        returnUrl: `http://localhost:4321/checkout?pm=${method}`,
        email: null,
      },
      { env: quiet },
    );
    if (!session.ok) throw new Error(`${method} refused the session: ${session.text}`);
    let answer: { kind: string; location?: string };
    if (method === 'klarna') {
      await identifyKlarnaShopper(sandboxDb(db()), session.id, 'customer+gb@klarna.com');
      answer = await confirmKlarnaCode(sandboxDb(db()), session.id, '123456');
    } else {
      await verifyClearpaySms(sandboxDb(db()), session.id, '111111');
      answer = await payClearpayByCard(sandboxDb(db()), session.id, {
        number: '4111 1111 1111 1111',
        expiry: '12/35',
        cvv: '000',
      });
    }
    const token = new URL(answer.location ?? '/', 'http://localhost:4321').searchParams.get('pm_token');
    if (token === null) throw new Error(`${method} did not approve: ${JSON.stringify(answer)}`);
    return token;
  }

  /** A shopper who bought one voucher today, paying with `method`. */
  async function buyWith(method: 'klarna' | 'clearpay') {
    bought += 1;
    const [buyer] = await createBuyers(db(), deal, 1, { prefix: `paylater${bought}` });
    if (buyer === undefined) throw new Error('no buyer');
    const placed = await placeOrder(db(), providers, {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: PRICE, walletUsedMinor: 0, cashAmountMinor: PRICE },
      payment: { method, nonce: await approve(method) },
      idempotencyKey: `paylater-${buyer.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
    });
    if (!placed.ok) throw new Error(`order refused: ${placed.message}`);
    const voucherId = placed.order.voucherIds[0];
    if (voucherId === undefined) throw new Error('no voucher');
    return { userId: buyer.user.id, voucherId, orderId: placed.order.id };
  }

  it.each(['klarna', 'clearpay'] as const)(
    'a voucher paid with %s is refunded by that provider, once',
    async (method) => {
      const { userId, voucherId, orderId } = await buyWith(method);
      const now = new Date();
      const refund = await refundVoucherToCard(db(), providers, { voucherId, userId, now });

      expect(refund).toMatchObject({ refundedTo: 'card', cardMinor: PRICE, walletMinor: 0, cardPending: false });
      const [row] = await db().select().from(voucherRefunds).where(eq(voucherRefunds.voucherId, voucherId));
      expect(row).toMatchObject({ status: 'done', refundType: 'ON_DEMAND_REFUND', cardMinor: PRICE });
      expect(row?.providerRefundId).toEqual(expect.any(String));
      expect((await db().select().from(vouchers).where(eq(vouchers.id, voucherId)))[0]?.status).toBe('refunded');

      // The provider holds one refund, its own, against its sale.
      const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
      expect(payment?.provider).toBe(method.toUpperCase());
      const credits = await db()
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.nonce, `refund:${payment?.transactionId}`));
      expect(credits.map((c) => [c.provider, c.amountMinor])).toEqual([[method, PRICE]]);

      await expect(refundVoucherToCard(db(), providers, { voucherId, userId, now })).rejects.toThrow(
        LIFECYCLE_COPY.alreadyRefunded,
      );
      const after = await db()
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.nonce, `refund:${payment?.transactionId}`));
      expect(after).toHaveLength(1);
    },
  );
});
