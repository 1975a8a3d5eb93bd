/**
 * The payments service (issue 7): the card path behind PaymentProvider. `cardProvider(db)` is what
 * the order service uses for credit_card; today that is always the local sandbox gateway
 * (PAYMENTS.md), reached in-process. The sandbox's answers are reshaped into AuthorisationResult
 * here and nowhere else (docs/decisions/013-payment-sandbox.md).
 */
import type { CardReason } from '@/domain/messages';
import type { AmountRange } from '@/domain/payment-eligibility';
import { type PaymentMethod, PROVIDER_OF, type ProviderType } from '@/domain/payment-methods';
import {
  type AnswerInstrument,
  authorise,
  capture,
  deletePaymentMethod,
  GatewayTimeout,
  GatewayUnreachable,
  PaymentsConfigError,
  readSandboxConfig,
  type SaleAnswer,
  type SettlementAnswer,
  voidSale,
} from '@/sandbox';
import type { Db } from '@/server/db';
import { createSandboxClearpayProvider } from './clearpay';
import { PaymentProviderError } from './errors';
import { createSandboxKlarnaProvider } from './klarna';
import type { AuthorisationResult, InstrumentDetails, PaymentProvider, VaultedInstrument } from './provider';

export { PaymentProviderError, type PaymentProviderErrorCode } from './errors';
export type {
  AuthorisationResult,
  AuthoriseRequest,
  CardReason,
  InstrumentDetails,
  PaymentProvider,
  ProviderType,
  VaultedInstrument,
} from './provider';

import { logError } from '@/server/log';

export { PaymentsConfigError } from '@/sandbox';

export interface SandboxProviderOptions {
  /** Where the switches (PAYMENTS_FAULT, CARD_BRANDS_ACCEPTED, ...) are read from; default process.env. */
  env?: NodeJS.ProcessEnv;
}

/** PAYMENTS.md card reasons for the documented processor codes; other declines are the bank's. */
function declineReason(code: string, kind: AnswerInstrument['kind']): CardReason {
  if (kind === 'paypal') return 'paypalRejected';
  if (code === '2004') return 'cardExpired';
  if (code === '2010') return 'checkDetails';
  if (code === '2099') return 'cannotAuthenticate';
  return 'declinedByBank';
}

function toInstrument(instrument: AnswerInstrument): InstrumentDetails {
  const { cardType, lastFour, expiryMonth, expiryYear, email } = instrument;
  return { cardType, lastFour, expiryMonth, expiryYear, ...(email ? { email } : {}) };
}

/** A vaulted instrument as the order service keeps it: card or PayPal, with the gateway's token and fingerprint. */
function toVaulted(answer: Extract<SaleAnswer, { status: 'authorized' }>): VaultedInstrument | undefined {
  if (answer.vaulted === undefined) return undefined;
  const { paymentMethodToken: token, fingerprint } = answer.vaulted;
  return { token, fingerprint, type: answer.instrument.kind === 'paypal' ? 'paypal' : 'card' };
}

/** The one place a gateway answer becomes an AuthorisationResult (PAYMENTS.md outcome table). */
function toAuthorisationResult(answer: SaleAnswer): AuthorisationResult {
  switch (answer.status) {
    case 'authorized': {
      const vaulted = toVaulted(answer);
      return {
        kind: 'authorised',
        transactionId: answer.transactionId,
        instrument: toInstrument(answer.instrument),
        ...(vaulted === undefined ? {} : { vaulted }),
      };
    }
    case 'processor_declined':
      return {
        kind: 'processorDeclined',
        code: answer.code,
        text: answer.text,
        reason: declineReason(answer.code, answer.instrument.kind),
      };
    case 'gateway_rejected': {
      const { rejectionReason: code, text } = answer;
      // Field checks and 3-D Secure are the card's own problem, worded with a card reason.
      if (code === 'cvv') return { kind: 'invalidInstrument', code, text, reason: 'checkDetails' };
      if (code === 'avs') return { kind: 'invalidInstrument', code, text, reason: 'billingAddress' };
      if (code === 'three_d_secure') return { kind: 'processorDeclined', code, text, reason: 'cannotAuthenticate' };
      return { kind: 'gatewayRejected', code, text };
    }
    case 'failed':
      // 3000: the processor's network did not answer (PAYMENTS.md "no answer in time").
      return answer.code === '3000'
        ? { kind: 'noResponse', code: answer.code, text: answer.text }
        : { kind: 'failed', code: answer.code, text: answer.text };
    case 'validation_error': {
      const { code, text } = answer;
      if (answer.field === 'brand') return { kind: 'invalidInstrument', code, text, reason: 'brandNotAccepted' };
      if (answer.field === 'expiry') return { kind: 'invalidInstrument', code, text, reason: 'cardExpired' };
      // A saved instrument deleted from the vault (or never there): the shopper adds a new one.
      if (answer.field === 'payment_method_token') {
        return { kind: 'invalidInstrument', code, text, reason: 'savedInstrumentGone' };
      }
      // A Luhn-invalid number, or a used nonce: entering the card again is the way forward.
      if (answer.field === 'number' || code === '93107') {
        return { kind: 'invalidInstrument', code, text, reason: 'checkDetails' };
      }
      return { kind: 'failed', code, text };
    }
  }
}

/** The network failures an HTTP client would meet, as results; anything else is a real error. */
function networkFailure(error: unknown): AuthorisationResult {
  if (error instanceof GatewayUnreachable) return { kind: 'unreachable', text: error.message };
  if (error instanceof GatewayTimeout) return { kind: 'noResponse', code: 'timeout', text: error.message };
  throw error;
}

async function settlement(call: () => Promise<SettlementAnswer>, transactionId: string): Promise<void> {
  let answer: SettlementAnswer;
  try {
    answer = await call();
  } catch (error) {
    if (error instanceof GatewayUnreachable) throw new PaymentProviderError('unreachable', transactionId);
    if (error instanceof GatewayTimeout) throw new PaymentProviderError('noResponse', transactionId);
    throw error;
  }
  if (!answer.success)
    throw new PaymentProviderError(answer.code === 'not_found' ? 'notFound' : 'invalidState', answer.text);
}

/**
 * The sandbox gateway as a BRAINTREE PaymentProvider. Checks the switches at once, so a fault
 * switch left on in production stops startup (PaymentsConfigError) instead of a payment.
 * The idempotency key of capture and void is accepted for the interface; the sandbox makes both
 * idempotent by state (capturing a captured, voiding a voided transaction is harmless).
 */
export function createSandboxProvider(db: Db, options: SandboxProviderOptions = {}): PaymentProvider {
  const { env } = options;
  readSandboxConfig(env);
  return {
    type: 'BRAINTREE',
    async authorise(request) {
      try {
        const answer = await authorise(
          db,
          {
            nonce: request.nonce,
            paymentMethodToken: request.paymentMethodToken,
            storeInVault: request.storeInVault,
            amountMinor: request.amount.amountMinor,
            currency: request.amount.currency,
            idempotencyKey: request.idempotencyKey,
            billingPostcode: request.billingPostcode,
          },
          { env },
        );
        return toAuthorisationResult(answer);
      } catch (error) {
        return networkFailure(error);
      }
    },
    capture: (transactionId) => settlement(() => capture(db, transactionId, { env }), transactionId),
    void: (transactionId) => settlement(() => voidSale(db, transactionId, { env }), transactionId),
    async deletePaymentMethod(token) {
      try {
        await deletePaymentMethod(db, token, { env });
      } catch (error) {
        if (error instanceof GatewayUnreachable) throw new PaymentProviderError('unreachable', 'vault delete');
        if (error instanceof GatewayTimeout) throw new PaymentProviderError('noResponse', 'vault delete');
        throw error;
      }
    },
  };
}

/** Credentials that would mean "use the real Braintree" (the seam: docs/decisions/013). */
const REAL_BRAINTREE_KEYS = ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY'] as const;

/**
 * The provider for credit_card payments. The sandbox, unless real Braintree credentials are set:
 * no real client is built yet, so set credentials stop with a clear message rather than quietly
 * taking sandbox "payments". A real client implements PaymentProvider and is returned here; the
 * browser's tokenise URL moves with PAYMENTS_GATEWAY_URL. Configuration changes, not code.
 */
export function cardProvider(db: Db, env: NodeJS.ProcessEnv = process.env): PaymentProvider {
  const configured = REAL_BRAINTREE_KEYS.filter((key) => env[key]);
  if (configured.length > 0) {
    throw new PaymentsConfigError(
      `${configured.join(', ')} set, but no real Braintree client is built in yet: unset them to use the sandbox gateway.`,
    );
  }
  return createSandboxProvider(db, { env });
}

/** Every provider the shop pays through, by method; what the order service and the sweeps use. */
export interface PaymentProviders {
  /** The provider that takes a payment method (spec 3: BRAINTREE, KLARNA, CLEARPAY). */
  forMethod(method: PaymentMethod): PaymentProvider;
  /** Every provider once, for the hourly sweeps (capture retries, abandoned authorisations). */
  all(): PaymentProvider[];
  /** The pay-later providers' order-amount limits (PAYMENTS.md); null where one could not say. */
  payLaterLimits(currency: string): Promise<{ klarna: AmountRange | null; clearpay: AmountRange | null }>;
}

/** One provider for every method: what a test or the bench passes when only cards are in play. */
export function singleProvider(provider: PaymentProvider): PaymentProviders {
  return {
    forMethod: () => provider,
    all: () => [provider],
    payLaterLimits: async () => ({ klarna: null, clearpay: null }),
  };
}

async function limitsOf(provider: PaymentProvider, currency: string): Promise<AmountRange | null> {
  try {
    return (await provider.orderAmountLimits?.(currency)) ?? null;
  } catch (error) {
    logError(`payments`, `${provider.type} limits unavailable`, error);
    return null;
  }
}

/**
 * The sandbox gateway's providers (cards, PayPal and the device wallets through Braintree; Klarna;
 * Clearpay), unless real credentials are configured (see cardProvider).
 */
export function paymentProviders(db: Db, env: NodeJS.ProcessEnv = process.env): PaymentProviders {
  const byType: Record<ProviderType, PaymentProvider> = {
    BRAINTREE: cardProvider(db, env),
    KLARNA: createSandboxKlarnaProvider(db, { env }),
    CLEARPAY: createSandboxClearpayProvider(db, { env }),
  };
  return {
    forMethod: (method) => byType[PROVIDER_OF[method]],
    all: () => Object.values(byType),
    payLaterLimits: async (currency) => {
      const [klarna, clearpay] = await Promise.all([
        limitsOf(byType.KLARNA, currency),
        limitsOf(byType.CLEARPAY, currency),
      ]);
      return { klarna, clearpay };
    },
  };
}
