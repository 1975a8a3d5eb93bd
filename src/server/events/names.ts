/**
 * Every event the shop raises, named once with what it carries (docs/decisions/037). A feature that
 * wants to act on one adds a subscriber file in its own folder and lists it in
 * src/server/subscribers.ts; the code that raises the event never names who listens.
 */

import type { Brand } from '@/domain/brands';

/** The names, by meaning. */
export const EVENTS = {
  /** An order committed: its vouchers exist and its payment is authorised. Handled after commit. */
  orderPlaced: 'order.placed',
  /** A voucher's money went back, to the original payment method or the wallet. Handled after commit. */
  voucherRefunded: 'voucher.refunded',
  /** An account was deleted (spec 7 anonymize): what the person left elsewhere goes too. Handled after commit. */
  accountDeleted: 'account.deleted',
  /** A shopper signed in (spec 4 login flow). Handled inside the request, since its hooks rewrite cookies. */
  signedIn: 'account.signed-in',
  /** A merchant dispatched a parcel of a posted product (docs/decisions/051). Handled after commit. */
  shipmentDispatched: 'shipment.dispatched',
} as const;

/** What an `order.placed` event carries. */
export interface OrderPlaced {
  orderId: number;
  buyer: { id: number; email: string; firstName: string };
  /** Site origin, for links in what the subscribers send. */
  origin: string;
  /** spec 4: the buyer confirms their email from a sign-in link (decided by the checkout). */
  confirmEmail: boolean;
  /**
   * The brand the order was placed on: its confirmation comes from that brand (decision 042). Absent
   * on events raised before it was recorded; those read as the default brand.
   */
  brand?: Brand;
  /**
   * What the order transaction wrote that its subscribers would otherwise read back
   * (docs/decisions/072): who bought, what it cost, when, and which deals. Absent on events raised
   * before they were carried; those subscribers read the order as before.
   */
  order?: PlacedOrderFacts;
}

/** The facts of a placed order its `order.placed` event carries (docs/decisions/072). */
export interface PlacedOrderFacts {
  userId: number;
  totalMinor: number;
  currency: string;
  /** When the order was placed (its `created_at`), as an ISO string. */
  placedAt: string;
  /** The deals of its lines. */
  dealIds: number[];
}

/** What a `voucher.refunded` event carries. */
export interface VoucherRefunded {
  orderId: number;
  voucherId: number;
  userId: number;
  /** What the voucher was refunded for, in pence (card and wallet parts together). */
  amountPence: number;
  refundedTo: 'card' | 'wallet';
  /**
   * How far the order's refunds have gone with this one (docs/decisions/048), so what the order earned
   * goes back in shares that add up exactly. Absent on events raised before it was recorded.
   */
  orderTotalPence?: number;
  /** What the order's refunds have given back so far, this one included. */
  orderRefundedPence?: number;
  /** Every voucher of the order is now refunded or taken as credit: this one takes what is left. */
  isLastOfOrder?: boolean;
}

/** What an `account.deleted` event carries. */
export interface AccountDeleted {
  userId: number;
}

/** What a `shipment.dispatched` event carries: the parcel; its subscribers read the rest. */
export interface ShipmentDispatched {
  shipmentId: number;
  orderId: number;
}

/** The events handled after commit, through the outbox, with their payloads. */
export interface OutboxEvents {
  [EVENTS.orderPlaced]: OrderPlaced;
  [EVENTS.voucherRefunded]: VoucherRefunded;
  [EVENTS.accountDeleted]: AccountDeleted;
  [EVENTS.shipmentDispatched]: ShipmentDispatched;
}

export type OutboxEventName = keyof OutboxEvents;
