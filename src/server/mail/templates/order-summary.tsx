/**
 * The price breakdown of an order exactly as it was charged (decision 042; the Consumer Contracts
 * Regulations 2013 ask the confirmation to give the total price and how it was paid): each line with
 * its quantity and price, postage, gifting, the promotion code, the order total, what the wallet and
 * promotional credit paid, and what was charged to which payment method. Shared by the order
 * confirmation and the add-on confirmation. A plain two-column table, which the text part reads as
 * aligned columns (`data-text-format="dataTable"`).
 */
import type { CSSProperties } from 'react';
import { formatLongDate } from '@/domain/format';
import type { Money } from '@/domain/money';
import { optionName, PAYMENT_METHODS, type PaymentMethod } from '@/domain/payment-methods';
import { INK, MUTED, RULE } from './theme';

export interface OrderSummaryData {
  currency: Money['currency'];
  /** Each line as charged: its price is after any promotion code, before postage and gifting. */
  lines: Array<{ title: string; quantity: number; amountMinor: number }>;
  postageMinor: number;
  /** Gift wrap and gift packs. */
  giftingMinor: number;
  /** The promotion code applied and what it took off the line prices (positive pence), or null. */
  promotion: { code: string; discountMinor: number } | null;
  totalMinor: number;
  /** Paid from the wallet's own credit (refunds, cash) and from its promotional credit. */
  walletMinor: number;
  promotionalCreditMinor: number;
  /** Charged to the payment method. */
  chargedMinor: number;
  /** The payment method charged (spec 3 payment method, card type and last four digits), or null for none. */
  payment: { method: string; cardType: string | null; lastFour: string | null } | null;
  /** Deposits: what is still to pay for a line and by when (an ISO day). */
  balancesDue: Array<{ title: string; amountMinor: number; dueDate: string }>;
}

type Row = { label: string; amount: string; emphasis?: 'total' | 'muted' };

/** A payment method as the shopper knows it: "Visa ending 1111", "your card", "PayPal", "Klarna". */
export function paymentMethodName(payment: NonNullable<OrderSummaryData['payment']>): string {
  if (payment.method === 'credit_card') {
    if (payment.cardType && payment.lastFour) return `${payment.cardType} ending ${payment.lastFour}`;
    if (payment.lastFour) return `card ending ${payment.lastFour}`;
    return payment.cardType ? `your ${payment.cardType} card` : 'your card';
  }
  const isKnown = (PAYMENT_METHODS as readonly string[]).includes(payment.method);
  return isKnown ? optionName(payment.method as PaymentMethod) : 'your payment method';
}

const receiptFormats = new Map<Money['currency'], Intl.NumberFormat>();

/** An amount as a receipt shows it, always with pence (£159.00 beside £80.10, not £159). */
function receiptMoney(amountMinor: number, currency: Money['currency']): string {
  let format = receiptFormats.get(currency);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: 2 });
    receiptFormats.set(currency, format);
  }
  return format.format(amountMinor / 100);
}

/** The rows of the breakdown, in the order a receipt reads. */
export function summaryRows(summary: OrderSummaryData): Row[] {
  const money = (amountMinor: number) => receiptMoney(amountMinor, summary.currency);
  const minus = (amountMinor: number) => `−${money(amountMinor)}`;
  const rows: Row[] = summary.lines.map((line) => ({
    // No break before the quantity: "× 1" never wraps onto a line of its own.
    label: `${line.title}\u00a0×\u00a0${line.quantity}`,
    amount: money(line.amountMinor),
  }));
  if (summary.postageMinor > 0) rows.push({ label: 'Postage', amount: money(summary.postageMinor) });
  if (summary.giftingMinor > 0) rows.push({ label: 'Gift wrap and packs', amount: money(summary.giftingMinor) });
  if (summary.promotion !== null && summary.promotion.discountMinor > 0) {
    rows.push({
      label: `Promotion code ${summary.promotion.code} (already taken off the prices above)`,
      amount: minus(summary.promotion.discountMinor),
      emphasis: 'muted',
    });
  }
  rows.push({ label: 'Order total', amount: money(summary.totalMinor), emphasis: 'total' });
  if (summary.walletMinor > 0) rows.push({ label: 'Paid from your wallet', amount: minus(summary.walletMinor) });
  if (summary.promotionalCreditMinor > 0) {
    rows.push({ label: 'Paid with promotional credit', amount: minus(summary.promotionalCreditMinor) });
  }
  rows.push({
    label:
      summary.payment === null ? 'Charged to a card or account' : `Charged to ${paymentMethodName(summary.payment)}`,
    amount: money(summary.chargedMinor),
    emphasis: 'total',
  });
  for (const due of summary.balancesDue) {
    rows.push({
      label: `Still to pay for ${due.title} by ${formatLongDate(new Date(`${due.dueDate}T12:00:00Z`))}`,
      amount: money(due.amountMinor),
    });
  }
  return rows;
}

const cell: CSSProperties = { fontSize: '14px', lineHeight: '20px', padding: '6px 0', verticalAlign: 'top' };

/** The breakdown as a table: labels on the left, amounts on the right, totals ruled off and bold. */
export function OrderSummary(props: { summary: OrderSummaryData }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      data-text-format="dataTable"
      style={{ borderCollapse: 'collapse', margin: '0 0 16px', width: '100%' }}
    >
      <tbody>
        {summaryRows(props.summary).map((row) => {
          const isTotal = row.emphasis === 'total';
          const className = row.emphasis === 'muted' ? 'mail-muted' : undefined;
          // Both cells of a row share its colour, weight and (on a total) the rule above.
          const rowStyle: CSSProperties = {
            ...cell,
            ...(isTotal ? { borderTop: `1px solid ${RULE}` } : {}),
            color: row.emphasis === 'muted' ? MUTED : INK,
            fontWeight: isTotal ? 700 : 400,
          };
          return (
            <tr key={row.label}>
              <td className={className} style={{ ...rowStyle, paddingRight: '12px', wordBreak: 'break-word' }}>
                {row.label}
              </td>
              <td className={className} style={{ ...rowStyle, textAlign: 'right', whiteSpace: 'nowrap' }}>
                {row.amount}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
