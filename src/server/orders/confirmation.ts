/**
 * The order confirmation email (issue 7: "a confirmation email with the vouchers goes through the
 * outbox"), written in the order transaction so it exists exactly when the order does.
 */
import { formatLongDate } from '@/domain/format';
import { formatMoney } from '@/domain/money';
import type { OrderRow, VoucherRow } from '@/server/db';
import { enqueueMail } from '@/server/mail';
import type { OrderLineSource, Tx } from './lines';

export async function enqueueConfirmation(
  tx: Tx,
  input: {
    order: OrderRow;
    buyer: { id: number; email: string; firstName: string };
    lines: OrderLineSource[];
    vouchers: VoucherRow[];
    origin: string;
  },
): Promise<void> {
  const { order, buyer, lines, vouchers, origin } = input;
  const money = (amountMinor: number) => formatMoney({ amountMinor, currency: order.currency });
  const byProduct = new Map(lines.map((line) => [line.dealProductId, line]));
  const voucherText = vouchers
    .map((voucher) => {
      const line = byProduct.get(voucher.dealProductId);
      return [
        `${line?.headline ?? 'Your deal'}${line ? ` (${line.productTitle})` : ''}`,
        `  Voucher code: ${voucher.code}`,
        `  Security code: ${voucher.securityCode}`,
        `  Use by: ${formatLongDate(voucher.expiresAt)}`,
        `  Print: ${origin}/api/v1/voucher/${voucher.id}/pdf`,
      ].join('\n');
    })
    .join('\n\n');
  const paid = [
    `Order total: ${money(order.totalMinor)}`,
    order.walletUsedMinor > 0 ? `Paid from your wallet: ${money(order.walletUsedMinor)}` : null,
    order.cashAmountMinor > 0 ? `Paid by ${order.cardType ?? 'card'}: ${money(order.cashAmountMinor)}` : null,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
  await enqueueMail(tx, {
    userId: buyer.id,
    kind: 'order_confirmation',
    recipient: buyer.email,
    subject: `Your Tuppence order ${order.id}: your vouchers`,
    body: `Hi ${buyer.firstName || 'there'},\n\nThank you for your order. Here are your vouchers:\n\n${voucherText}\n\n${paid}\n\nSee all your vouchers at ${origin}/myaccount/vouchers\n`,
  });
}
