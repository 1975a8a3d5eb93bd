/**
 * The payments service: the card path behind PaymentProvider. `cardProvider()` is what the order
 * service uses for credit_card; today that is always the sandbox gateway, an app of its own
 * (docs/decisions/035, PAYMENTS.md), reached over HTTP as Braintree would be (./gateway-client.ts).
 * The gateway's answers are reshaped into AuthorisationResult here and nowhere else
 * (docs/decisions/020-payment-gateway-over-http.md).
 */
import {
  type AnswerInstrument,
  type DeletedAnswer,
  GATEWAY_PATHS,
  type GatewaySaleRequest,
  type RefundAnswer,
  type SaleAnswer,
  type SettlementAnswer,
  type TransactionLookupAnswer,
} from '@/contracts/payment-gateway';
import type { CardReason } from '@/domain/messages';
import type { AmountRange } from '@/domain/payment-eligibility';
import { type PaymentMethod, PROVIDER_OF, type ProviderType } from '@/domain/payment-methods';
import { logError } from '@/server/log';
import { createGatewayClearpayProvider } from './clearpay';
import { PaymentProviderError } from './errors';
import {
  asProviderError,
  callGateway,
  type GatewayConnection,
  type GatewayOptions,
  GatewayRefused,
  GatewayTimeout,
  GatewayUnreachable,
  gatewayConnection,
  settlementCall,
} from './gateway-client';
import { createGatewayKlarnaProvider } from './klarna';
import type {
  AuthorisationResult,
  AuthoriseRequest,
  InstrumentDetails,
  PaymentProvider,
  ThreeDSecureResult,
  VaultedInstrument,
} from './provider';
import { checkAuthentication, lookUpThreeDSecure, mintPaymentMethodNonce } from './three-d-secure';

export { PaymentProviderError, type PaymentProviderErrorCode } from './errors';
export type { GatewayOptions, GatewayTransport } from './gateway-client';
export type {
  AuthorisationResult,
  AuthoriseRequest,
  CardReason,
  InstrumentDetails,
  PaymentProvider,
  ProviderType,
  ThreeDSecureResult,
  VaultedInstrument,
} from './provider';

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
  return {
    token,
    fingerprint,
    type: answer.instrument.kind === 'paypal' ? 'paypal' : 'card',
    networkTransactionId: answer.networkTransactionId ?? null,
  };
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
        ...(answer.networkTransactionId === undefined ? {} : { networkTransactionId: answer.networkTransactionId }),
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

/** The network failures an HTTP client meets, as results; anything else is a real error. */
function networkFailure(error: unknown): AuthorisationResult {
  if (error instanceof GatewayUnreachable) return { kind: 'unreachable', text: error.message };
  if (error instanceof GatewayTimeout) return { kind: 'noResponse', code: 'timeout', text: error.message };
  // The gateway refused the call itself (logged): the generic failure, never the shopper's fault.
  if (error instanceof GatewayRefused) return { kind: 'failed', code: `http_${error.status}`, text: error.message };
  throw error;
}

/**
 * A card (or PayPal, wallet) sale: the 3-D Secure authentication it names checked first, and no sale
 * when it may not go on (./three-d-secure.ts); the authentication recorded with an authorised sale.
 * Throws the gateway client's network errors.
 */
async function authoriseCard(connection: GatewayConnection, request: AuthoriseRequest): Promise<AuthorisationResult> {
  const { threeDSecureAuthenticationId } = request;
  let threeDSecure: ThreeDSecureResult | undefined;
  if (threeDSecureAuthenticationId !== undefined) {
    const authentication = await checkAuthentication(connection, { ...request, threeDSecureAuthenticationId });
    if (!authentication.ok) return authentication.refusal;
    threeDSecure = authentication.result;
  }
  const sale: GatewaySaleRequest = {
    nonce: request.nonce,
    paymentMethodToken: request.paymentMethodToken,
    storeInVault: request.storeInVault,
    amountMinor: request.amount.amountMinor,
    currency: request.amount.currency,
    idempotencyKey: request.idempotencyKey,
    billingPostcode: request.billingPostcode,
    threeDSecureAuthenticationId,
    transactionSource: request.transactionSource,
    networkTransactionId: request.networkTransactionId,
  };
  const result = toAuthorisationResult(await callGateway<SaleAnswer>(connection, 'POST', GATEWAY_PATHS.sale, sale));
  if (result.kind === 'authorised') return threeDSecure === undefined ? result : { ...result, threeDSecure };
  // decision 043: the issuer wants the shopper's payment on this saved card authenticated; the
  // browser can authenticate it through a nonce minted from the token and pay again.
  const onSavedCardUnauthenticated =
    request.paymentMethodToken !== undefined &&
    threeDSecureAuthenticationId === undefined &&
    request.transactionSource !== 'recurring';
  return result.kind === 'processorDeclined' && result.code === '2099' && onSavedCardUnauthenticated
    ? { ...result, authenticationRequired: true }
    : result;
}

/**
 * The gateway (the sandbox, or a Braintree-compatible one at PAYMENTS_GATEWAY_SERVER_URL) as a
 * BRAINTREE PaymentProvider, over HTTP. The idempotency key of capture and void is accepted for the
 * interface; the gateway makes both idempotent by state (capturing a captured, voiding a voided
 * transaction is harmless).
 */
export function createGatewayProvider(options: GatewayOptions = {}): PaymentProvider {
  const connection = gatewayConnection(options);
  return {
    type: 'BRAINTREE',
    async authorise(request) {
      try {
        return await authoriseCard(connection, request);
      } catch (error) {
        return networkFailure(error);
      }
    },
    async createAuthenticationNonce(paymentMethodToken) {
      try {
        return await mintPaymentMethodNonce(connection, paymentMethodToken);
      } catch (error) {
        throw asProviderError(error, 'payment method nonce');
      }
    },
    async lookupThreeDSecure(authenticationId) {
      try {
        return await lookUpThreeDSecure(connection, authenticationId);
      } catch (error) {
        throw asProviderError(error, 'three_d_secure lookup');
      }
    },
    capture: (transactionId) =>
      settlementCall(
        () => callGateway<SettlementAnswer>(connection, 'POST', GATEWAY_PATHS.capture(transactionId), {}),
        transactionId,
      ),
    void: (transactionId) =>
      settlementCall(
        () => callGateway<SettlementAnswer>(connection, 'POST', GATEWAY_PATHS.void(transactionId), {}),
        transactionId,
      ),
    async refund(transactionId, amountMinor, idempotencyKey) {
      let answer: RefundAnswer;
      try {
        answer = await callGateway<RefundAnswer>(connection, 'POST', GATEWAY_PATHS.refund(transactionId), {
          amountMinor,
          idempotencyKey,
        });
      } catch (error) {
        throw asProviderError(error, 'refund');
      }
      if (!answer.success)
        throw new PaymentProviderError(answer.code === 'not_found' ? 'notFound' : 'invalidState', answer.text);
      return { refundId: answer.refundTransactionId };
    },
    async findSale(idempotencyKey) {
      let answer: TransactionLookupAnswer;
      try {
        answer = await callGateway<TransactionLookupAnswer>(connection, 'GET', GATEWAY_PATHS.search(idempotencyKey));
      } catch (error) {
        throw asProviderError(error, 'search');
      }
      return answer.found ? { transactionId: answer.transactionId, status: answer.status } : null;
    },
    async deletePaymentMethod(token) {
      try {
        await callGateway<DeletedAnswer>(connection, 'DELETE', GATEWAY_PATHS.paymentMethod(token));
      } catch (error) {
        if (error instanceof GatewayUnreachable) throw new PaymentProviderError('unreachable', 'vault delete');
        if (error instanceof GatewayTimeout) throw new PaymentProviderError('noResponse', 'vault delete');
        if (error instanceof GatewayRefused) throw new PaymentProviderError('invalidState', 'vault delete');
        throw error;
      }
    },
  };
}

/**
 * The provider for credit_card payments: the gateway at the configured URL, the sandbox by default.
 * Real Braintree credentials (BRAINTREE_*) are refused by the configuration (src/server/config.ts)
 * until a real client is built (the seam: docs/decisions/013); that client implements
 * PaymentProvider and is returned here, and the browser's tokenise URL moves with
 * PAYMENTS_GATEWAY_URL. Configuration changes, not code.
 */
export function cardProvider(options: GatewayOptions = {}): PaymentProvider {
  return createGatewayProvider(options);
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

/** What a refund the provider was asked for came to: its id, or why it is left for a retry. */
export type ProviderRefundOutcome = { ok: true; providerRefundId: string } | { ok: false; error: string };

/**
 * Asks the provider that took a payment (by its stored type) to refund part of it, under an
 * idempotency key naming what is refunded, so a retry never refunds twice. Never throws: a provider
 * that is missing, cannot refund or fails answers `ok: false` with the reason, for the caller to
 * keep on its row for the hourly retry.
 */
export async function refundThrough(
  providers: PaymentProviders,
  payment: { provider: string | null; transactionId: string | null; amountMinor: number; key: string },
): Promise<ProviderRefundOutcome> {
  const provider = providers.all().find((candidate) => candidate.type === payment.provider);
  try {
    if (provider?.refund === undefined || payment.transactionId === null) {
      throw new Error(`${payment.provider} cannot refund here`);
    }
    const { refundId } = await provider.refund(payment.transactionId, payment.amountMinor, payment.key);
    return { ok: true, providerRefundId: refundId };
  } catch (error) {
    return { ok: false, error: String((error as Error)?.message ?? error).slice(0, 500) };
  }
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
 * The gateway's providers (cards, PayPal and the device wallets through Braintree; Klarna;
 * Clearpay), over HTTP, with the configured gateway settings unless `options.gateway` says otherwise;
 * `options.fetch` replaces the network (tests answer in-process).
 */
export function paymentProviders(options: GatewayOptions = {}): PaymentProviders {
  const byType: Record<ProviderType, PaymentProvider> = {
    BRAINTREE: cardProvider(options),
    KLARNA: createGatewayKlarnaProvider(options),
    CLEARPAY: createGatewayClearpayProvider(options),
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
