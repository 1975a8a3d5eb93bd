/**
 * The right to cancel each line of an order, as the order confirmation states it (decision 042): the
 * Consumer Contracts Regulations 2013 ("CCR") ask a distance seller to confirm, on a durable medium,
 * whether the buyer may cancel, for how long and how, and when the right does not apply. The rules
 * follow how the shop refunds today (decision 026, `returnRefusal` in ./voucher-lifecycle.ts):
 *
 * - a voucher for a service: 14 days from the day of purchase (CCR reg 29(2)), while it is neither
 *   redeemed nor booked with the merchant (a voucher that is not Ready to Redeem is refused);
 * - a product sent by post: 14 days from the day it arrives (CCR reg 29(3)); it is returned to the
 *   merchant before the money comes back (Return Requested, then Refunded);
 * - a leisure service for a specific date or period (a travel stay, a dated event): no right to
 *   cancel (CCR reg 28(1)(b)). A travel voucher booked at purchase starts Booked and the shop does not
 *   refund it; a dated line that starts Ready to Redeem is still refunded within the 14 days, and the
 *   email says so.
 *
 * Pure: the order service passes the line's facts and the day of purchase.
 */
import { londonDay } from './format';
import { REFUND_WINDOW_DAYS } from './voucher-lifecycle';

/** What decides a line's right to cancel: what it is, and whether its date was fixed at purchase. */
export interface CancellableLine {
  /** spec 3 deal delivery type: e-voucher, postal (a product sent by post), travel. */
  deliveryType: string;
  isTravel: boolean;
  /** spec 3 bookingCalendarOnRedemption: the date is chosen with the merchant after purchase. */
  bookingCalendarOnRedemption: boolean;
  /** The first day the line is for, fixed at purchase (a stay's check-in), as YYYY-MM-DD; else null. */
  startDate: string | null;
  /** Its last day (a stay's check-out), as YYYY-MM-DD; else null. */
  endDate: string | null;
}

/** A line's right to cancel; dates are UK calendar days as YYYY-MM-DD. */
export type CancellationRight =
  /** A voucher for a service: cancel by the end of `lastDay` unless it is redeemed or booked. */
  | { kind: 'serviceVoucher'; lastDay: string }
  /** A product sent by post: cancel within 14 days of the day it arrives. */
  | { kind: 'goods'; days: number }
  /**
   * A leisure service for a specific date or period: no right to cancel. `refundLastDay` is the last
   * day the shop still refunds it of its own accord (its voucher starts Ready to Redeem), else null.
   */
  | { kind: 'datedLeisure'; startDate: string | null; endDate: string | null; refundLastDay: string | null };

const DAY_MS = 86_400_000;

/** The day `days` after a YYYY-MM-DD day. */
function daysAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether the line's voucher starts Booked (src/domain/vouchers.ts initialVoucherStatus, decision 029). */
function startsBooked(line: CancellableLine): boolean {
  return line.isTravel && !line.bookingCalendarOnRedemption;
}

/**
 * The right to cancel a line bought at `boughtAt`. CCR reg 29(2): the period ends 14 days after the
 * day the contract is made, so the last day is the purchase's UK day plus 14.
 */
export function cancellationRightFor(line: CancellableLine, boughtAt: Date): CancellationRight {
  const lastDay = daysAfter(londonDay(boughtAt), REFUND_WINDOW_DAYS);
  if (line.deliveryType === 'postal') return { kind: 'goods', days: REFUND_WINDOW_DAYS };
  if (startsBooked(line) || line.startDate !== null) {
    return {
      kind: 'datedLeisure',
      startDate: line.startDate,
      endDate: line.endDate,
      refundLastDay: startsBooked(line) ? null : lastDay,
    };
  }
  return { kind: 'serviceVoucher', lastDay };
}

/** A YYYY-MM-DD day as "15 June 2026". */
export function formatDay(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What the confirmation says about a line's right to cancel: a heading and its sentences. */
export interface CancellationWording {
  heading: string;
  sentences: string[];
}

/** How to cancel (CCR reg 32: by the model form or any clear statement); My Vouchers holds the buttons. */
const HOW_TO_CANCEL =
  'To cancel, choose "Refund or exchange for credit" in My Vouchers, send us the cancellation form, or tell us in any other clear way before the deadline.';
const HOW_TO_RETURN =
  'To cancel, choose "Return this item" in My Vouchers, send us the cancellation form, or tell us in any other clear way before the deadline.';

/** The confirmation's wording of a right to cancel (one place, so the HTML and text parts agree). */
export function describeCancellationRight(right: CancellationRight): CancellationWording {
  switch (right.kind) {
    case 'serviceVoucher':
      return {
        heading: 'You can cancel within 14 days',
        sentences: [
          `You can cancel this voucher for a full refund until the end of ${formatDay(right.lastDay)} (14 days after the day you bought it), as long as it has not been redeemed or booked with the merchant.`,
          HOW_TO_CANCEL,
        ],
      };
    case 'goods':
      return {
        heading: `You can cancel within ${right.days} days of delivery`,
        sentences: [
          `You can cancel this item until ${right.days} days after the day it arrives, and post it back to the merchant with the returns label from My Vouchers; we refund what you paid for it, postage included, once the merchant has it back.`,
          HOW_TO_RETURN,
        ],
      };
    case 'datedLeisure': {
      const when =
        right.startDate === null
          ? 'for the dates booked'
          : right.endDate === null || right.endDate === right.startDate
            ? `on ${formatDay(right.startDate)}`
            : `from ${formatDay(right.startDate)} to ${formatDay(right.endDate)}`;
      const sentences = [
        `This is a leisure service booked ${when}. The 14-day right to cancel does not apply to accommodation, transport or leisure services for a specific date or period (Consumer Contracts Regulations 2013, regulation 28(1)(b)).`,
      ];
      sentences.push(
        right.refundLastDay === null
          ? 'If you cannot go, ask the merchant whether your dates can be changed.'
          : `We will still refund it if you cancel by the end of ${formatDay(right.refundLastDay)}, as long as it has not been redeemed or booked.`,
      );
      return { heading: 'No right to cancel', sentences };
    }
  }
}
