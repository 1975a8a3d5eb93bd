/**
 * Saved payment instruments as the shopper sees them (spec 3 "Payment instrument"):
 * how one is named, and whether a saved card has expired (then it is shown but cannot be chosen,
 * made the default or used for Express Buy). Pure: the checkout, the account page and Express Buy
 * all ask here.
 */
import { isExpired } from './card-details';

/** What naming a saved instrument needs: a card's brand, last four and expiry, or a PayPal email. */
export interface InstrumentFacts {
  type: 'card' | 'paypal' | string;
  cardType: string | null;
  lastFour: string | null;
  expiryMonth: string | null;
  expiryYear: string | null;
  email: string | null;
}

/** "Visa ending 1111", or "PayPal (ada@example.co.uk)". */
export function instrumentLabel(instrument: InstrumentFacts): string {
  if (instrument.type === 'paypal') return instrument.email ? `PayPal (${instrument.email})` : 'PayPal';
  return `${instrument.cardType ?? 'Card'} ending ${instrument.lastFour ?? '••••'}`;
}

/** "12/30", or null when the instrument has no expiry (PayPal). */
export function instrumentExpiry(instrument: InstrumentFacts): string | null {
  const { expiryMonth, expiryYear } = instrument;
  return expiryMonth && expiryYear ? `${expiryMonth.padStart(2, '0')}/${expiryYear.slice(-2)}` : null;
}

/** A saved card is expired once its expiry month has passed (PayPal accounts never expire). */
export function isInstrumentExpired(instrument: InstrumentFacts, now: Date): boolean {
  const month = Number(instrument.expiryMonth);
  const year = Number(instrument.expiryYear);
  if (!instrument.expiryMonth || !instrument.expiryYear || !Number.isInteger(month) || !Number.isInteger(year)) {
    return false;
  }
  return isExpired({ month, year }, now);
}
