/**
 * The seam every payment method plugs into (ARCHITECTURE "Payments"). The default implementation
 * is the local sandbox gateway (PAYMENTS.md); a real provider plugs in behind the same interface
 * when credentials are configured. Amounts are integer pence; the provider never sees a card
 * number, only the one-time nonce its own tokeniser issued.
 */
import type { CardReason } from '../../domain/messages';
import type { Money } from '../../domain/money';

/** spec 3 payment provider types. */
export type ProviderType = 'BRAINTREE' | 'CLEARPAY' | 'KLARNA';

/** What the provider tells us about the card (or wallet) behind a nonce: never the number or CVV. */
export interface InstrumentDetails {
  /** Visa, Mastercard, American Express, Discover, JCB, Maestro, PayPal, Apple Pay, Google Pay */
  cardType: string;
  lastFour: string | null;
  expiryMonth: string | null;
  expiryYear: string | null;
}

/** Why a card was refused: defined beside its wording in the message catalogue (PAYMENTS.md). */
export type { CardReason } from '../../domain/messages';

/** Every way an authorisation can end (PAYMENTS.md "Outcome -> what the shopper sees"). */
export type AuthorisationResult =
  | { kind: 'authorised'; transactionId: string; instrument: InstrumentDetails }
  /** 2000-2099, or a card that fails verification. */
  | { kind: 'processorDeclined'; code: string; text: string; reason: CardReason }
  /** Fraud, application incomplete. */
  | { kind: 'gatewayRejected'; code: string; text: string }
  /** The card's own details were wrong: Luhn, expiry, CVV, postcode, brand not accepted, consumed nonce. */
  | { kind: 'invalidInstrument'; code: string; text: string; reason: CardReason }
  /** 3000: processor network unavailable, or no answer in time. */
  | { kind: 'noResponse'; code: string; text: string }
  /** The provider could not be reached or refused the connection. */
  | { kind: 'unreachable'; text: string }
  | { kind: 'failed'; code: string; text: string };

export interface AuthoriseRequest {
  nonce: string;
  amount: Money;
  /** Passed to the provider so its own retry of the same call never charges twice. */
  idempotencyKey: string;
  /** Our reference for the payment, for the provider's records. */
  reference: string;
  /** Billing postcode, when the form asked for one (AVS). */
  billingPostcode?: string;
}

export interface PaymentProvider {
  readonly type: ProviderType;
  /** Authorise (not yet capture) the amount on the instrument behind the nonce. */
  authorise(request: AuthoriseRequest): Promise<AuthorisationResult>;
  /** Capture (submit for settlement) an authorisation once the order has committed. */
  capture(transactionId: string, idempotencyKey: string): Promise<void>;
  /** Release an authorisation whose order was not written. Voiding twice is harmless. */
  void(transactionId: string, idempotencyKey: string): Promise<void>;
}
