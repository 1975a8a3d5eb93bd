/**
 * The gateway's answers as they would come over the wire (Braintree's shape: a transaction status,
 * a processor response code and text, a gateway rejection reason, or a validation error). The
 * provider (../index.ts) reshapes them into AuthorisationResult in one place.
 */
import type { InstrumentKind } from './test-data';

/** What an answer says about the instrument: never a number or CVV. */
export interface AnswerInstrument {
  kind: InstrumentKind;
  cardType: string;
  lastFour: string | null;
  expiryMonth: string | null;
  expiryYear: string | null;
  /** The PayPal account's email, when the buyer approved in the sandbox. */
  email?: string | null;
}

/** An instrument the sale saved in the vault (storeInVault): its token and the gateway's fingerprint. */
export interface VaultAnswer {
  paymentMethodToken: string;
  fingerprint: string;
}

export type RejectionReason = 'fraud' | 'application_incomplete' | 'cvv' | 'avs' | 'three_d_secure';

export type ValidationField =
  | 'nonce'
  | 'number'
  | 'expiry'
  | 'brand'
  | 'amount'
  | 'idempotency_key'
  /** A vaulted payment method token that is unknown or was deleted. */
  | 'payment_method_token';

export type SaleAnswer =
  | { status: 'authorized'; transactionId: string; instrument: AnswerInstrument; vaulted?: VaultAnswer }
  | {
      status: 'processor_declined';
      transactionId: string;
      code: string;
      text: string;
      instrument: AnswerInstrument;
    }
  | { status: 'gateway_rejected'; transactionId: string; rejectionReason: RejectionReason; text: string }
  /** 3000: the processor's network did not answer. */
  | { status: 'failed'; transactionId: string; code: string; text: string }
  /** Refused before any transaction: a bad or used nonce, a card the merchant does not take, a bad amount. */
  | { status: 'validation_error'; field: ValidationField; code: string; text: string };

/** capture / void: done, or why not. */
export type SettlementAnswer =
  | { success: true; status: 'submitted_for_settlement' | 'settled' | 'voided' }
  | { success: false; code: 'not_found' | 'cannot_submit_for_settlement' | 'cannot_void'; text: string };
