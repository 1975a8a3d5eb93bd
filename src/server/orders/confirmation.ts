/**
 * The order confirmation email with the vouchers, written to the mail outbox after the order commits
 * (by the `confirmation-email` subscriber, ./subscribers), from the order as stored. Its event row is
 * written in the order transaction, so the email is owed exactly when the order exists; the hourly
 * jobs retry it if this step fails.
 */
import { and, asc, eq } from 'drizzle-orm';
import { formatLongDate } from '@/domain/format';
import { formatMoney } from '@/domain/money';
import { dealProducts, deals } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import type { OrderPlaced } from '@/server/events';
import { enqueueMail } from '@/server/mail';
import { outbox } from '@/server/mail/schema';
import { vouchers } from '@/server/vouchers/schema';
import { orders } from './schema';

/** Queues the confirmation email of a committed order (once: a retry finds the one it queued). */
export async function enqueueConfirmation(db: Db, event: OrderPlaced): Promise<void> {
  const { orderId, buyer, origin } = event;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (order === undefined) throw new Error(`order ${orderId} not found`);
  const subject = `Your Tuppence order ${order.id}: your vouchers`;
  // A retry after the mail was queued but before the event was marked handled sends nothing more.
  const [queued] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.userId, buyer.id), eq(outbox.kind, 'order_confirmation'), eq(outbox.subject, subject)))
    .limit(1);
  if (queued !== undefined) return;

  const issued = await db
    .select({ voucher: vouchers, headline: deals.headline, productTitle: dealProducts.title })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
    .where(eq(vouchers.orderId, order.id))
    .orderBy(asc(vouchers.id));
  const money = (amountMinor: number) => formatMoney({ amountMinor, currency: order.currency });
  const voucherText = issued
    .map(({ voucher, headline, productTitle }) =>
      [
        `${headline} (${productTitle})`,
        `  Voucher code: ${voucher.code}`,
        `  Security code: ${voucher.securityCode}`,
        `  Use by: ${formatLongDate(voucher.expiresAt)}`,
        `  Print: ${origin}/api/v1/voucher/${voucher.id}/pdf`,
      ].join('\n'),
    )
    .join('\n\n');
  const paid = [
    `Order total: ${money(order.totalMinor)}`,
    order.walletUsedMinor > 0 ? `Paid from your wallet: ${money(order.walletUsedMinor)}` : null,
    order.cashAmountMinor > 0 ? `Paid by ${order.cardType ?? 'card'}: ${money(order.cashAmountMinor)}` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  await enqueueMail(db, {
    userId: buyer.id,
    kind: 'order_confirmation',
    recipient: buyer.email,
    subject,
    body: `Hi ${buyer.firstName || 'there'},\n\nThank you for your order. Here are your vouchers:\n\n${voucherText}\n\n${paid}\n\nSee all your vouchers at ${origin}/myaccount/vouchers\n`,
  });
}
