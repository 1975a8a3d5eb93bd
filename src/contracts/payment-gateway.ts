/**
 * The payment gateway's server-to-server API, as the shop calls it over HTTP and the payment sandbox
 * (an app of its own: docs/decisions/035-sandbox-as-its-own-app.md) serves it
 * (docs/decisions/020-payment-gateway-over-http.md). Braintree's shape for cards, PayPal and the
 * device wallets (a sale, then submit for settlement or void; a vault of saved instruments); Klarna's
 * and Clearpay's for pay later (a session the shopper approves on the provider's page, then a sale
 * with its token; the merchant's configuration). Every call carries the shared server key as
 * `Authorization: Bearer <key>`, so a browser cannot make them. Amounts are integer pence on the
 * wire, as everywhere in our code.
 */
import { z } from 'zod';
import type { KeptSecretSpec } from '@/domain/kept-secret';
import { webUrl } from './text';

/** The header the server key travels in, and the paths under the gateway's base URL. */
export const GATEWAY_KEY_HEADER = 'authorization';

/**
 * The server key: PAYMENTS_GATEWAY_SECRET on both sides (a real provider's key, or one shared with a
 * sandbox elsewhere); unset, the one the sandbox issues into PAYMENTS_GATEWAY_SECRET_FILE, which the
 * shop reads (decision 035).
 */
export const GATEWAY_KEY: KeptSecretSpec = {
  variable: 'PAYMENTS_GATEWAY_SECRET',
  fileVariable: 'PAYMENTS_GATEWAY_SECRET_FILE',
  defaultFile: '.data/payments-gateway.secret',
  minLength: 32,
};
export const GATEWAY_PATHS = {
  sale: 'transactions/sale',
  capture: (transactionId: string) => `transactions/${encodeURIComponent(transactionId)}/submit_for_settlement`,
  void: (transactionId: string) => `transactions/${encodeURIComponent(transactionId)}/void`,
  /** Refund (part of) a captured sale: Braintree's transaction.refund. */
  refund: (transactionId: string) => `transactions/${encodeURIComponent(transactionId)}/refund`,
  /** The sale made under an idempotency key, if any (Braintree's search by order id). */
  search: (idempotencyKey: string) => `transactions/search?idempotencyKey=${encodeURIComponent(idempotencyKey)}`,
  paymentMethod: (token: string) => `payment_methods/${encodeURIComponent(token)}`,
  /**
   * POST: a one-time nonce for a saved card (Braintree's paymentMethodNonce.create), which the browser
   * authenticates by 3-D Secure when the issuer asks to authenticate a payment on the saved card.
   */
  paymentMethodNonce: (token: string) => `payment_methods/${encodeURIComponent(token)}/nonces`,
  payLaterConfiguration: (provider: PayLaterProviderName) => `${provider}/configuration`,
  payLaterSessions: (provider: PayLaterProviderName) => `${provider}/sessions`,
  payLaterSale: (provider: PayLaterProviderName) => `${provider}/sales`,
  payLaterCapture: (provider: PayLaterProviderName, transactionId: string) =>
    `${provider}/sales/${encodeURIComponent(transactionId)}/capture`,
  payLaterVoid: (provider: PayLaterProviderName, transactionId: string) =>
    `${provider}/sales/${encodeURIComponent(transactionId)}/void`,
  /** Refund (part of) a captured pay-later sale (Klarna's order refunds, Clearpay's payment refund). */
  payLaterRefund: (provider: PayLaterProviderName, transactionId: string) =>
    `${provider}/sales/${encodeURIComponent(transactionId)}/refunds`,
} as const;

export type PayLaterProviderName = 'klarna' | 'clearpay';

const pence = z
  .number({ error: 'amountMinor must be a whole number of pence.' })
  .int({ error: 'amountMinor must be a whole number of pence.' })
  .positive({ error: 'amountMinor must be more than zero.' })
  .max(100_000_000, { error: 'amountMinor is too large.' });
const currency = z.string({ error: 'currency must be a currency code such as GBP.' }).regex(/^[A-Z]{3}$/, {
  error: 'currency must be a currency code such as GBP.',
});
const idempotencyKey = z
  .string({ error: 'idempotencyKey is required.' })
  .min(1, { error: 'idempotencyKey is required.' })
  .max(200, { error: 'idempotencyKey is too long.' });

/** POST transactions/sale: authorise (not capture) on a nonce or a vaulted token; idempotent per key. */
export const GatewaySaleSchema = z.object({
  nonce: z.string({ error: 'nonce must be a string (empty with a paymentMethodToken).' }).max(200),
  paymentMethodToken: z.string().max(200).optional(),
  storeInVault: z.boolean().optional(),
  amountMinor: pence,
  currency,
  idempotencyKey,
  billingPostcode: z.string().max(20).optional(),
  /**
   * The 3-D Secure authentication of this nonce and amount, or, on a saved card, of a nonce minted
   * from its token (src/contracts/three-d-secure.ts): a customer-initiated card sale the issuer wants
   * authenticated is declined 2099 without it.
   */
  threeDSecureAuthenticationId: z.string().max(200).optional(),
  /**
   * Who starts the payment: the shopper (`customer`, the default) or the shop on its own, charging a
   * saved card for a renewal (`recurring`, merchant-initiated: no challenge, carrying the network
   * reference of the first authenticated payment).
   */
  transactionSource: z.enum(['customer', 'recurring']).optional(),
  networkTransactionId: z.string().max(200).optional(),
});
export type GatewaySaleRequest = z.input<typeof GatewaySaleSchema>;

/** POST {provider}/sessions: open the provider's approval page for an order. */
export const PayLaterSessionSchema = z.object({
  amountMinor: z.number({ error: 'amountMinor must be a number of pence.' }),
  currency: z.string({ error: 'currency is required.' }),
  orderLines: z
    .array(
      z.object({
        name: z.string().max(300),
        quantity: z.number().int().positive(),
        totalMinor: z.number().int().nonnegative(),
      }),
      { error: 'orderLines must list the basket.' },
    )
    .max(100),
  /** Where the provider's page sends the shopper back to: the shop's checkout, an absolute URL. */
  returnUrl: webUrl('returnUrl must be an http(s) URL on the shop.'),
  email: z.string().max(320).nullable().optional(),
});
export type PayLaterSessionRequest = z.input<typeof PayLaterSessionSchema>;

/** POST {provider}/sales: authorise the approved amount with the approval's token; idempotent per key. */
export const PayLaterSaleSchema = z.object({
  token: z.string({ error: 'token is required.' }).min(1, { error: 'token is required.' }).max(200),
  amountMinor: pence,
  currency,
  idempotencyKey,
});
export type PayLaterSaleWireRequest = z.input<typeof PayLaterSaleSchema>;

/** POST transactions/{id}/refund: refund this much of a captured sale; idempotent per key. */
export const GatewayRefundSchema = z.object({
  amountMinor: pence,
  idempotencyKey,
});
export type GatewayRefundRequest = z.input<typeof GatewayRefundSchema>;

/** An empty body, for the calls whose path says everything (capture, void). */
export const EmptyBodySchema = z.object({}).passthrough();

// ---- Answers (what comes back with a 200) ----

export type InstrumentKind = 'card' | 'paypal' | 'apple_pay' | 'google_pay';

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
  | {
      status: 'authorized';
      transactionId: string;
      instrument: AnswerInstrument;
      vaulted?: VaultAnswer;
      /** The card network's reference for this payment; a merchant-initiated renewal quotes the first one. */
      networkTransactionId?: string;
    }
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

/** POST transactions/{id}/refund: the refund's own (credit) transaction, or why not. */
export type RefundAnswer =
  | { success: true; refundTransactionId: string; amountMinor: number }
  | {
      success: false;
      code: 'not_found' | 'cannot_refund' | 'amount_too_large' | 'idempotency_key_reused';
      text: string;
    };

/** GET transactions/search?idempotencyKey=: the sale made under that key, or none (it never arrived). */
export type TransactionLookupAnswer =
  | { found: true; transactionId: string; status: string; amountMinor: number }
  | { found: false };

/** GET payment_methods/{token}: the saved instrument, as the vault keeps it. */
export type PaymentMethodAnswer =
  | { found: true; paymentMethodToken: string; instrument: AnswerInstrument; fingerprint: string }
  | { found: false };

/** POST payment_methods/{token}/nonces: the saved card's one-time nonce (404 for an unknown or deleted token). */
export interface PaymentMethodNonceAnswer {
  nonce: string;
}

/** DELETE payment_methods/{token}. */
export interface DeletedAnswer {
  deleted: boolean;
}

/** Why a provider refuses to open a session or checkout. */
export type SessionRefusalCode = 'amount_outside_limits' | 'currency_not_supported' | 'bad_amount';

/** POST {provider}/sessions: where the shopper goes to approve, or why not. */
export type PayLaterSessionAnswer =
  | { ok: true; id: string; redirectUrl: string }
  | { ok: false; code: SessionRefusalCode; text: string };

/** Why a pay-later sale was refused. */
export type PayLaterRejection =
  | 'unknown_token'
  | 'token_used'
  | 'not_approved'
  | 'expired'
  | 'amount_mismatch'
  | 'idempotency_key_reused';

export type PayLaterSaleAnswer =
  | { status: 'authorized'; transactionId: string }
  | { status: 'rejected'; code: PayLaterRejection; text: string };

export type PayLaterSettlementAnswer =
  | { success: true; status: 'submitted_for_settlement' | 'settled' | 'voided' }
  | { success: false; code: 'not_found' | 'cannot_capture' | 'cannot_void'; text: string };

/** GET {provider}/configuration: the merchant's order-amount limits (Clearpay's money shape: "1200.00"). */
export interface PayLaterConfigurationAnswer {
  minimumAmount: { amount: string; currency: string };
  maximumAmount: { amount: string; currency: string };
}
