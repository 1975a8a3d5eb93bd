/**
 * Gifting (spec 3 "Delivery options", "Gift types"; spec 4 "Gifting changes"; spec 9
 * gift pack price steps). Pure: a basket line's gifting state, how a shopper's change moves it, what
 * wrap and packs cost, and the checks on an e-gift's recipient. docs/decisions/028-gifting.md.
 *
 * A line's gifting is its delivery option (none, e-gift, ndd-gpk, std-gpk) plus how many of its
 * vouchers are gift-wrapped and how many go in the gift pack. The wrap and the pack are shown as
 * lines of their own (spec 3 gifting state giftWrap, nddGiftPack, stdGiftPack) and priced as
 * adjustments of their line (domain/pricing.ts giftWrap, giftPack), so basket, summary and charge agree.
 */
import { addMonths } from './wallet';

export const DELIVERY_OPTIONS = ['e-gift', 'ndd-gpk', 'std-gpk', 'none'] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

/** spec 3 Gift types, as the shopper reads them. */
export const GIFT_TYPE_LABELS = {
  none: 'None',
  'e-gift': 'E-gift',
  wrapped: 'Wrapped',
  'ndd-gpk': 'Next-day gift pack',
  'std-gpk': 'Standard delivery gift pack',
} as const;
export type GiftType = keyof typeof GIFT_TYPE_LABELS;

/** spec 4 success toasts. */
export const GIFT_TOASTS = { wrap: 'Gift Wrap Added', pack: 'Gift Pack Added' } as const;

/** What one gift wrap costs (per wrapped voucher). */
export const GIFT_WRAP_PRICE_MINOR = 250;
/**
 * spec 9: gift pack price steps run from 150 to 1500. A pack's price is the step for the number of
 * vouchers in it (one voucher 150, two 300, ... ten or more 1500).
 */
export const GIFT_PACK_PRICE_STEPS = [150, 300, 450, 600, 750, 900, 1050, 1200, 1350, 1500] as const;
/** A next-day gift pack adds next-day delivery to the pack's step. */
export const NEXT_DAY_PACK_SURCHARGE_MINOR = 399;

/** What a pack of this many vouchers costs; 0 for an empty pack. */
export function giftPackPriceMinor(kind: 'ndd-gpk' | 'std-gpk', quantity: number): number {
  if (quantity <= 0) return 0;
  const step = GIFT_PACK_PRICE_STEPS[Math.min(quantity, GIFT_PACK_PRICE_STEPS.length) - 1] ?? 1500;
  return kind === 'ndd-gpk' ? step + NEXT_DAY_PACK_SURCHARGE_MINOR : step;
}

/** A line's gifting, as stored on the basket line. */
export interface GiftingState {
  delivery: DeliveryOption;
  wrapQuantity: number;
  packQuantity: number;
}

export const NO_GIFTING: GiftingState = { delivery: 'none', wrapQuantity: 0, packQuantity: 0 };

/** What the line's option allows (spec 3 productDeliveryOptions, giftWrap). */
export interface GiftingAllowed {
  deliveryOptions: readonly string[];
  giftWrap: boolean;
}

/** spec 3 Gift types: what the line is, read from its state. */
export function giftTypeOf(state: GiftingState): GiftType {
  if (state.delivery === 'e-gift') return 'e-gift';
  if (state.delivery === 'ndd-gpk' || state.delivery === 'std-gpk') return state.delivery;
  return state.wrapQuantity > 0 ? 'wrapped' : 'none';
}

export type GiftingChange =
  | { kind: 'delivery'; delivery: DeliveryOption }
  | { kind: 'wrap'; quantity: number }
  | { kind: 'quantity'; quantity: number };

export type GiftingOutcome =
  | { ok: true; state: GiftingState; toast: (typeof GIFT_TOASTS)[keyof typeof GIFT_TOASTS] | null }
  | { ok: false; message: string };

export const GIFTING_MESSAGES = {
  notOffered: 'This option cannot be sent that way.',
  noWrap: 'This option cannot be gift-wrapped.',
  wrapWithStandardPack:
    'A standard delivery gift pack is not gift-wrapped. Choose next-day or no gift pack to wrap it.',
  wrapOnEgift: 'An e-gift is sent by email, so there is nothing to wrap.',
} as const;

/**
 * spec 4 "Gifting changes" for a line of `lineQuantity` vouchers:
 * - none clears gifting;
 * - e-gift removes any previous gift pack (and its wrap: an e-gift is only an email);
 * - a next-day or standard pack replaces the previous pack with one holding every voucher of the
 *   line; standard also removes the gift wrap;
 * - a wrap quantity of 0 deletes the wrap (never more wraps than vouchers);
 * - a quantity change (removing items) takes the pack and wrap down with it.
 */
export function changeGifting(
  state: GiftingState,
  change: GiftingChange,
  lineQuantity: number,
  allowed: GiftingAllowed,
): GiftingOutcome {
  switch (change.kind) {
    case 'delivery': {
      const { delivery } = change;
      if (delivery === 'none') return { ok: true, state: NO_GIFTING, toast: null };
      if (!allowed.deliveryOptions.includes(delivery)) return { ok: false, message: GIFTING_MESSAGES.notOffered };
      if (delivery === 'e-gift')
        return { ok: true, state: { delivery, wrapQuantity: 0, packQuantity: 0 }, toast: null };
      return {
        ok: true,
        state: {
          delivery,
          wrapQuantity: delivery === 'std-gpk' ? 0 : Math.min(state.wrapQuantity, lineQuantity),
          packQuantity: lineQuantity,
        },
        toast: GIFT_TOASTS.pack,
      };
    }
    case 'wrap': {
      const quantity = Math.max(0, Math.min(Math.trunc(change.quantity), lineQuantity));
      if (quantity === 0) return { ok: true, state: { ...state, wrapQuantity: 0 }, toast: null };
      if (!allowed.giftWrap) return { ok: false, message: GIFTING_MESSAGES.noWrap };
      if (state.delivery === 'std-gpk') return { ok: false, message: GIFTING_MESSAGES.wrapWithStandardPack };
      if (state.delivery === 'e-gift') return { ok: false, message: GIFTING_MESSAGES.wrapOnEgift };
      const toast = quantity > state.wrapQuantity ? GIFT_TOASTS.wrap : null;
      return { ok: true, state: { ...state, wrapQuantity: quantity }, toast };
    }
    case 'quantity': {
      const quantity = Math.max(0, change.quantity);
      if (quantity === 0) return { ok: true, state: NO_GIFTING, toast: null };
      const removed = Math.max(0, lineQuantity - quantity);
      const packQuantity =
        state.delivery === 'ndd-gpk' || state.delivery === 'std-gpk'
          ? // A pack holds every voucher of its line: it grows with the line and shrinks by what was removed.
            removed > 0
            ? Math.max(0, state.packQuantity - removed)
            : quantity
          : 0;
      return {
        ok: true,
        state: {
          delivery: packQuantity === 0 && state.delivery !== 'e-gift' ? 'none' : state.delivery,
          wrapQuantity: Math.min(state.wrapQuantity, quantity),
          packQuantity,
        },
        toast: null,
      };
    }
  }
}

/** The gift lines a line's gifting shows (spec 3 gifting state): wrap, then pack, each with its price. */
export interface GiftExtraLine {
  kind: 'giftWrap' | 'nddGiftPack' | 'stdGiftPack';
  label: string;
  quantity: number;
  amountMinor: number;
}

export function giftExtraLines(state: GiftingState): GiftExtraLine[] {
  const lines: GiftExtraLine[] = [];
  if (state.wrapQuantity > 0) {
    lines.push({
      kind: 'giftWrap',
      label: 'Gift wrap',
      quantity: state.wrapQuantity,
      amountMinor: state.wrapQuantity * GIFT_WRAP_PRICE_MINOR,
    });
  }
  if ((state.delivery === 'ndd-gpk' || state.delivery === 'std-gpk') && state.packQuantity > 0) {
    lines.push({
      kind: state.delivery === 'ndd-gpk' ? 'nddGiftPack' : 'stdGiftPack',
      label: GIFT_TYPE_LABELS[state.delivery],
      quantity: state.packQuantity,
      amountMinor: giftPackPriceMinor(state.delivery, state.packQuantity),
    });
  }
  return lines;
}

/** An e-gift's recipient and send date (the checkout's e-gift form). */
export interface EGiftDetails {
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** YYYY-MM-DD, UK date the email goes. */
  sendOn: string;
}

/** A gift pack's UK delivery address. */
export interface PackAddress {
  name: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
}

export const EGIFT_MESSAGE_MAX = 300;
/** The furthest ahead an e-gift may be scheduled. */
export const EGIFT_MAX_DAYS_AHEAD = 365;

export const EGIFT_MESSAGES = {
  name: "Enter the recipient's name",
  email: "Enter the recipient's email address, like name@example.com",
  message: `Keep the message to ${EGIFT_MESSAGE_MAX} characters or fewer`,
  sendOnPast: 'Choose a send date from today onwards',
  sendOnFar: `Choose a send date within ${EGIFT_MAX_DAYS_AHEAD} days`,
  sendOnInvalid: 'Enter the send date as a date',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The problems with an e-gift's details, by field (empty when it is fine). `today` is YYYY-MM-DD. */
export function eGiftProblems(details: EGiftDetails, today: string): Partial<Record<keyof EGiftDetails, string>> {
  const problems: Partial<Record<keyof EGiftDetails, string>> = {};
  if (details.recipientName.trim() === '' || details.recipientName.length > 80)
    problems.recipientName = EGIFT_MESSAGES.name;
  if (!EMAIL.test(details.recipientEmail.trim()) || details.recipientEmail.length > 254) {
    problems.recipientEmail = EGIFT_MESSAGES.email;
  }
  if (details.message.length > EGIFT_MESSAGE_MAX) problems.message = EGIFT_MESSAGES.message;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(details.sendOn) || Number.isNaN(Date.parse(`${details.sendOn}T00:00:00Z`))) {
    problems.sendOn = EGIFT_MESSAGES.sendOnInvalid;
  } else if (details.sendOn < today) problems.sendOn = EGIFT_MESSAGES.sendOnPast;
  else if (details.sendOn > addDays(today, EGIFT_MAX_DAYS_AHEAD)) problems.sendOn = EGIFT_MESSAGES.sendOnFar;
  return problems;
}

/** YYYY-MM-DD plus days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** spec 4: a gift card not redeemed within 6 months of purchase expires. */
export const GIFT_CARD_VALIDITY_MONTHS = 6;

/** When a gift card bought at `purchasedAt` expires: 6 calendar months later (the month's last day when shorter). */
export function giftCardExpiry(purchasedAt: Date): Date {
  return addMonths(purchasedAt, GIFT_CARD_VALIDITY_MONTHS);
}

/** The deal tag that marks Tuppence's own gift card deal (its options are the values). */
export const GIFT_CARD_TAG = 'tuppence-gift-card';

/** The values a gift card can be bought at (pence). */
export const GIFT_CARD_VALUES_MINOR = [1000, 2000, 2500, 5000, 7500, 10000] as const;

/** Gift and gift card codes: easy to read aloud (no 0/O or 1/I), grouped in fours. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function formatGiftCode(randomBytes: Uint8Array, prefix: 'GIFT' | 'CARD'): string {
  const chars = [...randomBytes].slice(0, 12).map((byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]);
  return `${prefix}-${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8, 12).join('')}`;
}

/** A code as typed (any case, spaces or no dashes) in its stored form, or null when it cannot be one. */
export function normaliseGiftCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const match = /^(GIFT|CARD)([A-Z0-9]{12})$/.exec(compact);
  if (!match) return null;
  const [, prefix, body = ''] = match;
  return `${prefix}-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}`;
}

/** Where a sent e-gift is, as its sender's account shows it. */
export type SentGiftStatus = 'scheduled' | 'sent' | 'claimed' | 'cancelled';

export const SENT_GIFT_STATUS_LABELS: Record<SentGiftStatus, string> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  claimed: 'Claimed',
  cancelled: 'Cancelled',
};

/**
 * A gift is scheduled until its email is written on the send date, sent until the recipient claims it,
 * then claimed; cancelled once its sender took it back before it was claimed (docs/decisions/048).
 */
export function sentGiftStatus(gift: {
  mailedAt: Date | null;
  claimedAt: Date | null;
  cancelledAt?: Date | null;
}): SentGiftStatus {
  if (gift.claimedAt !== null) return 'claimed';
  if (gift.cancelledAt != null) return 'cancelled';
  return gift.mailedAt === null ? 'scheduled' : 'sent';
}

/** Where a bought gift card is: an active card past its expiry reads expired before the hourly job marks it (spec 4). */
export function giftCardStatus(
  card: { status: 'active' | 'redeemed' | 'expired'; expiresAt: Date },
  now: Date,
): 'active' | 'redeemed' | 'expired' {
  if (card.status === 'active' && card.expiresAt.getTime() <= now.getTime()) return 'expired';
  return card.status;
}
