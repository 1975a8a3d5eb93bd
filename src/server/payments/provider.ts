/**
 * The seam every payment method plugs into (ARCHITECTURE "Payments"). The default implementation
 * is the local sandbox gateway (PAYMENTS.md); a real provider plugs in behind the same interface
 * when credentials are configured. Amounts are integer pence; the provider never sees a card
 * number, only the one-time nonce its own tokeniser issued.
 */
import type { ThreeDSecureLookupAnswer, ThreeDSecureStatus } from '@/contracts/three-d-secure';
import type { CardReason } from '@/domain/messages';
import type { Money } from '@/domain/money';
import type { AmountRange } from '@/domain/payment-eligibility';
import type { ProviderType } from '@/domain/payment-methods';

export type { ProviderType } from '@/domain/payment-methods';

/** What the provider tells us about the card (or wallet) behind a nonce: never the number or CVV. */
export interface InstrumentDetails {
  /** Visa, Mastercard, American Express, Discover, JCB, Maestro, PayPal, Apple Pay, Google Pay */
  cardType: string;
  lastFour: string | null;
  expiryMonth: string | null;
  expiryYear: string | null;
  /** The PayPal account's email, when the instrument is PayPal. */
  email?: string | null;
}

/** An instrument the provider saved (vaulted) while authorising: what paying with it next time needs. */
export interface VaultedInstrument {
  /** The provider's payment method token (instrument mode EXISTING pays with it). */
  token: string;
  /** The provider's fingerprint of the card or account, the same each time it is saved. */
  fingerprint: string;
  type: 'card' | 'paypal';
  /**
   * The card network's reference of the payment that saved it: a merchant-initiated charge on the
   * saved card (a renewal) quotes it (PAYMENTS.md "3-D Secure 2"). Null when the gateway gave none.
   */
  networkTransactionId: string | null;
}

/**
 * The 3-D Secure authentication a card sale went on with (PAYMENTS.md "3-D Secure 2";
 * docs/decisions/043-three-d-secure.md): its status, and whether liability for fraud shifted to the
 * card's issuer.
 */
export interface ThreeDSecureResult {
  status: ThreeDSecureStatus;
  liabilityShifted: boolean;
}

/** Why a card was refused: defined beside its wording in the message catalogue (PAYMENTS.md). */
export type { CardReason } from '@/domain/messages';

/** Every way an authorisation can end (PAYMENTS.md "Outcome -> what the shopper sees"). */
export type AuthorisationResult =
  | {
      kind: 'authorised';
      transactionId: string;
      instrument: InstrumentDetails;
      vaulted?: VaultedInstrument;
      /** The authentication the sale named; absent when none was (wallets, PayPal, pay later, renewals). */
      threeDSecure?: ThreeDSecureResult;
      /** The card network's reference for this payment, when the gateway gave one. */
      networkTransactionId?: string;
    }
  /**
   * 2000-2099, a card that fails verification, or a 3-D Secure authentication the sale may not go on
   * with. `authenticationRequired`: a sale on a saved card that named no authentication was declined
   * 2099, so the shopper's browser can authenticate the card (decision 043) and pay again.
   */
  | { kind: 'processorDeclined'; code: string; text: string; reason: CardReason; authenticationRequired?: true }
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
  /**
   * What the shopper's approval produced: the gateway's one-time nonce (card, PayPal, Apple Pay,
   * Google Pay), Klarna's authorization token or Clearpay's order token. Empty when paying with a
   * saved instrument.
   */
  nonce: string;
  /** A saved instrument's vault token (instrument mode EXISTING), in place of a nonce. */
  paymentMethodToken?: string;
  /** Save the instrument behind the nonce when the sale authorises (the shopper ticked "save"). */
  storeInVault?: boolean;
  amount: Money;
  /** Passed to the provider so its own retry of the same call never charges twice. */
  idempotencyKey: string;
  /** Our reference for the payment, for the provider's records. */
  reference: string;
  /** Billing postcode, when the form asked for one (AVS). */
  billingPostcode?: string;
  /**
   * The 3-D Secure authentication of this nonce and amount (on a saved card: of a nonce minted from
   * its token), made in the shopper's browser (PAYMENTS.md "3-D Secure 2"): checked with the gateway
   * before the sale and named in it.
   */
  threeDSecureAuthenticationId?: string;
  /**
   * Who starts the payment: the shopper (`customer`, the default), or the shop charging a saved card
   * on its own (`recurring`: a merchant-initiated renewal, never challenged).
   */
  transactionSource?: 'customer' | 'recurring';
  /** A recurring charge quotes the network reference of the saved card's first payment. */
  networkTransactionId?: string;
}

/** What a provider's approval page is opened with (Klarna's session, Clearpay's checkout). */
export interface ApprovalRequest {
  /** What the approval is for: the amount the method will be charged. */
  amount: Money;
  /** The basket as the provider's page lists it. */
  orderLines: { name: string; quantity: number; totalMinor: number }[];
  /** The shop's checkout URL the provider sends the shopper back to (pm_status and pm_token are added). */
  returnUrl: string;
  /** The shopper's email, to prefill the provider's page. */
  email: string | null;
}

/** Whether the provider opened an approval page, and where the shopper goes to approve. */
export type ApprovalAnswer =
  | { kind: 'opened'; redirectUrl: string }
  /** The provider will not take this order (its own amount limits). */
  | { kind: 'refused'; text: string }
  | { kind: 'unreachable' }
  | { kind: 'noResponse' };

export interface PaymentProvider {
  readonly type: ProviderType;
  /** Authorise (not yet capture) the amount on the instrument behind the nonce. */
  authorise(request: AuthoriseRequest): Promise<AuthorisationResult>;
  /** Capture (submit for settlement) an authorisation once the order has committed. */
  capture(transactionId: string, idempotencyKey: string): Promise<void>;
  /** Release an authorisation whose order was not written. Voiding twice is harmless. */
  void(transactionId: string, idempotencyKey: string): Promise<void>;
  /**
   * Refunds `amountMinor` of a captured sale (ON_DEMAND_REFUND); the same key never refunds
   * twice. Answers the refund's own transaction id; throws PaymentProviderError (retryable when the
   * provider did not answer). Providers that cannot refund leave this out.
   */
  refund?(transactionId: string, amountMinor: number, idempotencyKey: string): Promise<{ refundId: string }>;
  /**
   * The sale made under an idempotency key, or null when none reached the provider (how a payment
   * left `authorising` by a crash is found, docs/decisions/026). Throws PaymentProviderError when
   * it cannot say.
   */
  findSale?(idempotencyKey: string): Promise<{ transactionId: string; status: string } | null>;
  /**
   * Deletes a saved (vaulted) instrument at the provider, so its token can never pay again.
   * Deleting one already gone is harmless. Providers that vault nothing leave this out.
   */
  deletePaymentMethod?(token: string): Promise<void>;
  /**
   * A 3-D Secure authentication as the gateway holds it (GET three_d_secure/{id} with the server
   * key), for the checks before a card sale. Throws PaymentProviderError when it cannot say.
   * Providers without 3-D Secure leave this out.
   */
  lookupThreeDSecure?(authenticationId: string): Promise<ThreeDSecureLookupAnswer>;
  /**
   * A one-time nonce for a saved card (Braintree's paymentMethodNonce.create), which the shopper's
   * browser authenticates by 3-D Secure when the issuer asks to authenticate a payment on the card
   * (decision 043); null when the provider knows no such token. Throws PaymentProviderError when it
   * cannot say. Providers without 3-D Secure leave this out.
   */
  createAuthenticationNonce?(paymentMethodToken: string): Promise<string | null>;
  /**
   * The provider's own order-amount limits for a currency (pay-later providers), or null when it
   * could not say (unreachable). Providers without limits leave this out.
   */
  orderAmountLimits?(currency: string): Promise<AmountRange | null>;
  /**
   * Opens the provider's approval page for an order (Klarna's session, Clearpay's checkout);
   * providers whose approval starts in the browser (PayPal, device wallets) leave this out.
   */
  openApproval?(request: ApprovalRequest): Promise<ApprovalAnswer>;
}
