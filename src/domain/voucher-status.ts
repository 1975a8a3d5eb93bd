/**
 * The voucher state machine: which spec 3 status may follow which, and why. Spec 4 says
 * "Allowed voucher status transitions: not shown", so the table below is ours, written down in
 * docs/decisions/026-voucher-lifecycle.md. Pure: the voucher lifecycle service
 * (src/server/voucher-lifecycle) locks the voucher, asks `checkTransition`, and writes the move and
 * its audit row in one transaction.
 *
 * Refunded and Expired are final except as spec 4 allows: an expired voucher's paid value may become
 * wallet credit (Expired stays Expired; the credit is a wallet row), nothing else leaves them.
 */
import type { VoucherStatusName } from './vouchers';

/** Why a voucher moves: each transition is named, so the audit row says what happened. */
export type VoucherEvent =
  | 'redeem'
  | 'book'
  | 'requestCredit'
  | 'processCredit'
  | 'refund'
  | 'requestReturn'
  | 'shipReturn'
  | 'receiveReturn'
  | 'expire';

/** Who moved it: the shopper, the merchant, the shop's jobs, or support. */
export type VoucherActor = 'shopper' | 'merchant' | 'system' | 'operator';

/** One row of the table: from, event, to, who may do it. */
export interface VoucherTransition {
  from: VoucherStatusName;
  event: VoucherEvent;
  to: VoucherStatusName;
  actors: readonly VoucherActor[];
}

const SHOPPER_OR_SUPPORT: readonly VoucherActor[] = ['shopper', 'operator'];

/** The whole table (docs/decisions/026 prints it). Anything not listed is refused. */
export const VOUCHER_TRANSITIONS: readonly VoucherTransition[] = [
  // Using it.
  { from: 'ready', event: 'redeem', to: 'redeemed', actors: ['merchant', 'operator'] },
  { from: 'ready', event: 'book', to: 'booked', actors: ['shopper', 'merchant', 'operator'] },
  { from: 'booked', event: 'redeem', to: 'redeemed', actors: ['merchant', 'operator'] },
  // Return or credit (spec 1), within the refund window or with Protect my voucher.
  { from: 'ready', event: 'refund', to: 'refunded', actors: SHOPPER_OR_SUPPORT },
  { from: 'ready', event: 'requestCredit', to: 'credit_requested', actors: SHOPPER_OR_SUPPORT },
  { from: 'credit_requested', event: 'processCredit', to: 'request_processed', actors: ['system', 'operator'] },
  // A physical product goes back to the merchant before its money comes back.
  { from: 'ready', event: 'requestReturn', to: 'return_requested', actors: SHOPPER_OR_SUPPORT },
  { from: 'return_requested', event: 'shipReturn', to: 'return_in_transit', actors: ['shopper', 'system', 'operator'] },
  { from: 'return_in_transit', event: 'receiveReturn', to: 'returned_to_merchant', actors: ['merchant', 'operator'] },
  { from: 'returned_to_merchant', event: 'refund', to: 'refunded', actors: ['system', 'operator'] },
  // The merchant closed (docs/decisions/045): a booking it can no longer honour is refunded too.
  { from: 'booked', event: 'refund', to: 'refunded', actors: ['operator'] },
  // spec 4 voucher expiry: unused vouchers only (a booking not yet honoured too).
  { from: 'ready', event: 'expire', to: 'expired', actors: ['system'] },
  { from: 'booked', event: 'expire', to: 'expired', actors: ['system'] },
];

/** Statuses nothing leaves (spec 4: an expired voucher's value moves as wallet credit, not as a status). */
export const FINAL_STATUSES: readonly VoucherStatusName[] = ['redeemed', 'request_processed', 'refunded', 'expired'];

export type TransitionCheck =
  | { ok: true; to: VoucherStatusName }
  | { ok: false; reason: 'notAllowed' | 'notYourMove' | 'final' };

/** Whether `event` may move a voucher in `from`, done by `actor`; the target status when it may. */
export function checkTransition(from: string, event: VoucherEvent, actor: VoucherActor): TransitionCheck {
  const row = VOUCHER_TRANSITIONS.find((t) => t.from === from && t.event === event);
  if (row === undefined) {
    return { ok: false, reason: FINAL_STATUSES.includes(from as VoucherStatusName) ? 'final' : 'notAllowed' };
  }
  if (!row.actors.includes(actor)) return { ok: false, reason: 'notYourMove' };
  return { ok: true, to: row.to };
}

/** The events a voucher in this status offers (what the voucher page may show as actions). */
export function eventsFrom(from: string, actor: VoucherActor): VoucherEvent[] {
  return VOUCHER_TRANSITIONS.filter((t) => t.from === from && t.actors.includes(actor)).map((t) => t.event);
}
