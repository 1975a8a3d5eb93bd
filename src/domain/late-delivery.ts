/**
 * The 30-day delivery promise kept (Consumer Rights Act 2015 s28; docs/decisions/051): what a shopper
 * reads about a parcel not dispatched by its promised day, and what they are told when they cancel it
 * for a full refund to the original payment method (Consumer Contracts Regulations). Pure: the words
 * and the sums; the fulfilment service decides and writes.
 */
import { formatDeliveryDay } from './delivery';
import { formatMoney } from './money';

/** Where the refund's provider part goes, as a shopper reads it. */
export function refundDestination(provider: string | null, paymentMethod?: string): string {
  if (provider === 'KLARNA' || paymentMethod === 'klarna') return 'your Klarna plan';
  if (provider === 'CLEARPAY' || paymentMethod === 'clearpay') return 'your Clearpay plan';
  if (paymentMethod === 'paypal') return 'your PayPal account';
  return 'your card';
}

/** What a full refund of a late parcel gives back: to the original payment method, and to the wallet. */
export interface LateRefund {
  cardMinor: number;
  /** Refundable and promotional credit back in the wallet (what the wallet paid). */
  walletMinor: number;
  currency: 'GBP' | 'EUR';
  /** "your card", "your Klarna plan", … */
  cardTo: string;
}

/** "£44.98 to your card", "£10.00 to your card and £5.00 to your Tuppence wallet". */
export function describeRefund(refund: LateRefund): string {
  const money = (amountMinor: number) => formatMoney({ amountMinor, currency: refund.currency });
  const parts: string[] = [];
  if (refund.cardMinor > 0) parts.push(`${money(refund.cardMinor)} to ${refund.cardTo}`);
  if (refund.walletMinor > 0) parts.push(`${money(refund.walletMinor)} to your Tuppence wallet`);
  if (parts.length === 0) parts.push(`${money(0)} to ${refund.cardTo}`);
  return parts.join(' and ');
}

/** The refund a line is due before it is cancelled: its full value, the card first up to what it paid. */
export function expectedLateRefund(input: {
  lineValueMinor: number;
  orderCashMinor: number;
  currency: 'GBP' | 'EUR';
  paymentMethod: string;
}): LateRefund {
  const cardMinor = Math.min(input.lineValueMinor, Math.max(0, input.orderCashMinor));
  return {
    cardMinor,
    walletMinor: input.lineValueMinor - cardMinor,
    currency: input.currency,
    cardTo: refundDestination(null, input.paymentMethod),
  };
}

/** The words of the late-delivery cancel, on the order page, the API and the emails. */
export const LATE_DELIVERY_COPY = {
  button: 'Cancel and refund',
  notOverdue:
    'This item can be cancelled for a full refund once its dispatch day has passed without it being sent. It is not late yet.',
  dispatched:
    'This item has already been dispatched, so it cannot be cancelled now. You can return it once it arrives.',
  alreadyCancelled: 'This item is already cancelled and refunded.',
  notFound: 'No such delivery in your orders.',
  signIn: 'Sign in to manage this order.',
} as const;

/** "Not dispatched by Fri 4 Dec. You can cancel this item for a full refund of £44.98 to your card." */
export function lateExplanation(dispatchBy: string, refund: LateRefund): string {
  const total = formatMoney({ amountMinor: refund.cardMinor + refund.walletMinor, currency: refund.currency });
  const where =
    refund.walletMinor > 0 ? ` (${describeRefund(refund)})` : refund.cardMinor > 0 ? ` to ${refund.cardTo}` : '';
  return `Not dispatched by ${formatDeliveryDay(dispatchBy)}. You can cancel this item for a full refund of ${total}${where}.`;
}

/** "Cancelled on Mon 7 Dec — £44.98 refunded to your card." */
export function cancelledExplanation(cancelledOn: string, refund: LateRefund): string {
  return `Cancelled on ${formatDeliveryDay(cancelledOn)} — ${describeRefund(refund).replace(/ to /, ' refunded to ')}.`;
}

/** The merchant's notice subject: "Order 123 cancelled: not dispatched by Fri 4 Dec". */
export function merchantCancelSubject(orderId: number, dispatchBy: string): string {
  return `Order ${orderId} cancelled: not dispatched by ${formatDeliveryDay(dispatchBy)}`;
}

/**
 * What the order page says after the cancel form redirected back (`?late=<outcome>`) about the parcel
 * it names: the cancel done (its "Cancelled on …" line), already done, or why it was refused.
 */
export function lateDeliveryNotice(
  outcome: string | null,
  state: { kind: 'overdue' | 'cancelled'; text: string } | null,
): { text: string; isError: boolean } | null {
  if (outcome === 'cancelled' && state?.kind === 'cancelled') return { text: state.text, isError: false };
  if (outcome === 'alreadyCancelled') return { text: LATE_DELIVERY_COPY.alreadyCancelled, isError: false };
  if (outcome === 'notOverdue') return { text: LATE_DELIVERY_COPY.notOverdue, isError: true };
  if (outcome === 'dispatched') return { text: LATE_DELIVERY_COPY.dispatched, isError: true };
  return null;
}
