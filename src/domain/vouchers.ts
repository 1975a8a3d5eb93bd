/**
 * Voucher rules (spec 3 voucher statuses, decision 015): what each stored status reads as, how a code
 * is made, when a voucher expires and which status it starts in. Pure; the server supplies the
 * randomness and the clock.
 */

/** spec 3 voucher statuses, as stored (the schema's VoucherStatus). */
export const VOUCHER_STATUSES = [
  'ready',
  'redeemed',
  'booked',
  'credit_requested',
  'request_processed',
  'return_requested',
  'return_in_transit',
  'returned_to_merchant',
  'refunded',
  'expired',
] as const;

export type VoucherStatusName = (typeof VOUCHER_STATUSES)[number];

export interface VoucherStatusCopy {
  label: string;
  /** spec 3 gives a description for some statuses only. */
  description: string | null;
}

/** spec 3 voucher statuses: label and description, quoted exactly (pages capitalise the description). */
export const VOUCHER_STATUS_COPY: Readonly<Record<VoucherStatusName, VoucherStatusCopy>> = {
  ready: { label: 'Ready to Redeem', description: 'print and use it' },
  redeemed: { label: 'Redeemed', description: null },
  booked: { label: 'Booked', description: 'travel documents expected from the merchant within 3 working days' },
  credit_requested: { label: 'Credit Requested', description: null },
  request_processed: { label: 'Request Processed', description: 'redeemed for credit or towards another deal' },
  return_requested: { label: 'Return Requested', description: null },
  return_in_transit: { label: 'Return in Transit', description: null },
  returned_to_merchant: { label: 'Returned to the Merchant', description: null },
  refunded: { label: 'Refunded', description: null },
  expired: { label: 'Expired', description: null },
};

/** A stored status as the shopper reads it; an unknown value reads as itself, never as a crash. */
export function describeVoucherStatus(status: string): VoucherStatusCopy {
  return VOUCHER_STATUS_COPY[status as VoucherStatusName] ?? { label: status, description: null };
}

/** Statuses the expiry job moves to `expired`: unused vouchers only. */
export const EXPIRABLE_STATUSES: readonly VoucherStatusName[] = ['ready', 'booked'];

/** Whether a voucher in this status can still be taken to the merchant. */
export function isRedeemable(status: string): boolean {
  return status === 'ready' || status === 'booked';
}

/** spec 3: a travel deal's voucher starts Booked (documents follow), any other Ready to Redeem. */
export function initialVoucherStatus(isTravel: boolean): 'booked' | 'ready' {
  return isTravel ? 'booked' : 'ready';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A voucher is valid for the deal's validity days from the moment it is bought. */
export function voucherExpiry(boughtAt: Date, validityDays: number): Date {
  if (!Number.isInteger(validityDays) || validityDays < 1) {
    throw new RangeError(`validityDays must be a whole number of days, got ${validityDays}`);
  }
  return new Date(boughtAt.getTime() + validityDays * DAY_MS);
}

/** 32 symbols with no 0/O or 1/I, so a code reads aloud and types back without mistakes. */
export const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_PATTERN = /^TP-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/**
 * A code like TP-7KQ4-M9XD from 8 random bytes. 32 symbols divide 256 exactly, so taking 5 bits
 * of each byte is unbiased.
 */
export function voucherCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < 8) throw new RangeError('A voucher code needs 8 random bytes');
  let symbols = '';
  for (let i = 0; i < 8; i += 1) symbols += VOUCHER_CODE_ALPHABET[(bytes[i] ?? 0) & 31];
  return `TP-${symbols.slice(0, 4)}-${symbols.slice(4, 8)}`;
}

/** A 6-digit security code from a number in 0..999999 (leading zeros kept). */
export function securityCodeFrom(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value > 999_999) {
    throw new RangeError(`A security code comes from 0..999999, got ${value}`);
  }
  return String(value).padStart(6, '0');
}

/** A spec description as a sentence: "print and use it" reads "Print and use it." */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const capitalised = trimmed[0]?.toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/** How to use a voucher, from its status (the card and the printed voucher say the same). */
export function redeemInstructions(status: string): string[] {
  if (!isRedeemable(status)) return [];
  const { description } = describeVoucherStatus(status);
  const lines = description ? [asSentence(description)] : [];
  if (status === 'booked') {
    lines.push('If nothing has arrived after 3 working days, contact the merchant quoting your voucher code.');
    return lines;
  }
  lines.push(
    'Contact the merchant to book, quoting your voucher code.',
    'Show this voucher (printed or on your phone) to the merchant when you arrive.',
    'The merchant checks the security code, so keep it to yourself until then.',
  );
  return lines;
}

/** What a deal tells a shopper about using its voucher (spec 7 deal/redeem-instructions). */
export interface RedeemableDeal {
  dealType: string;
  deliveryType: string;
  bookingCalendarOnRedemption: boolean;
  merchantName: string;
  merchantPhone: string;
}

/**
 * spec 7 deal/redeem-instructions: how to use this deal's voucher. A product comes by post; a
 * call-to-book deal is booked by phone; a calendar deal picks its date; the rest book with the
 * merchant and show the voucher (redeemInstructions).
 */
export function redeemInstructionsForDeal(status: string, deal: RedeemableDeal): string[] {
  if (!isRedeemable(status)) return [];
  if (status === 'booked') return redeemInstructions(status);
  if (deal.deliveryType === 'postal') {
    return [
      `${deal.merchantName} posts your item to the address you gave; there is nothing to book.`,
      'Keep your voucher code: the merchant asks for it if you get in touch about the delivery.',
    ];
  }
  const lines = redeemInstructions(status);
  if (deal.dealType === 'call-to-book' && deal.merchantPhone) {
    lines[1] = `Call ${deal.merchantName} on ${deal.merchantPhone} to book, quoting your voucher code.`;
  } else if (deal.bookingCalendarOnRedemption || deal.dealType === 'calendar') {
    lines[1] = `Choose your date with ${deal.merchantName}, quoting your voucher code; dates are subject to availability.`;
  }
  return lines;
}
