/**
 * Orders for tests, before (and beside) the order service: plain inserts of an order and its line,
 * then vouchers and any wallet spend written in the same transaction, the way the order service
 * does it. Needs a seeded catalogue (seedCatalogue) and a user.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db';
import {
  dealProducts,
  deals,
  type OrderRow,
  orderLines,
  orders,
  users,
  type VoucherRow,
  type WalletEntryRow,
} from '../../src/server/db/schema';
import { issueVouchers } from '../../src/server/vouchers';
import { debitWallet } from '../../src/server/wallet';

export interface TestOrderInput {
  userId: number;
  /** A deal to buy; else the first live deal (travel or not, as `isTravel` asks). */
  dealId?: number;
  isTravel?: boolean;
  quantity: number;
  /** Part of the total paid from the wallet (spent with debitWallet in the order's transaction). */
  walletMinor?: number;
  now?: Date;
}

export interface TestOrder {
  order: OrderRow;
  vouchers: VoucherRow[];
  walletDebits: WalletEntryRow[];
}

let userCount = 0;

/** A shopper row for tests (no password: these tests never sign in through the form). */
export async function insertTestUser(
  db: Db,
  email = `shopper${++userCount}-${randomUUID().slice(0, 8)}@example.co.uk`,
) {
  const [user] = await db
    .insert(users)
    .values({ email, firstName: 'Test', lastName: 'Shopper', customerToken: randomUUID(), isRegistered: true })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

/** Places an order for `quantity` of a deal's first product, with its vouchers and wallet spend. */
export async function insertTestOrder(db: Db, input: TestOrderInput): Promise<TestOrder> {
  const now = input.now ?? new Date();
  const [deal] = await db
    .select()
    .from(deals)
    .where(
      input.dealId !== undefined
        ? eq(deals.id, input.dealId)
        : and(eq(deals.status, 'live'), eq(deals.isTravel, input.isTravel ?? false)),
    )
    .orderBy(asc(deals.id))
    .limit(1);
  if (!deal) throw new Error('no deal to order: seed the catalogue first');
  const [product] = await db
    .select()
    .from(dealProducts)
    .where(eq(dealProducts.dealId, deal.id))
    .orderBy(asc(dealProducts.sortOrder), asc(dealProducts.id))
    .limit(1);
  if (!product) throw new Error(`deal ${deal.id} has no product`);
  const totalMinor = product.priceMinor * input.quantity;
  const walletMinor = Math.min(input.walletMinor ?? 0, totalMinor);

  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: input.userId,
        currency: 'GBP',
        totalMinor,
        walletUsedMinor: walletMinor,
        cashAmountMinor: totalMinor - walletMinor,
        paymentMethod: walletMinor === totalMinor ? 'wallet' : 'credit_card',
        idempotencyKey: randomUUID(),
        createdAt: now,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    const [line] = await tx
      .insert(orderLines)
      .values({
        orderId: order.id,
        dealId: deal.id,
        dealProductId: product.id,
        title: product.title,
        quantity: input.quantity,
        unitPriceMinor: product.priceMinor,
        lineTotalMinor: totalMinor,
      })
      .returning();
    if (!line) throw new Error('order line insert returned nothing');
    const walletDebits =
      walletMinor > 0
        ? await debitWallet(tx, {
            userId: input.userId,
            currency: 'GBP',
            amountMinor: walletMinor,
            orderId: order.id,
            description: `Order ${order.id}`,
            now,
          })
        : [];
    const issued = await issueVouchers(tx, {
      orderId: order.id,
      userId: input.userId,
      now,
      lines: [
        {
          orderLineId: line.id,
          dealId: deal.id,
          dealProductId: product.id,
          quantity: input.quantity,
          isTravel: deal.isTravel,
          validityDays: deal.voucherValidityDays,
        },
      ],
    });
    return { order, vouchers: issued, walletDebits };
  });
}
