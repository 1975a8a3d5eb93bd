/**
 * What Klarna and Clearpay have in common as PaymentProviders (docs/decisions/016), over the
 * gateway's HTTP API (docs/decisions/020): open the provider's approval page, authorise with the
 * token the shopper's approval produced, capture once the order has committed, void when it has
 * not, and refund a captured sale (docs/decisions/026). Each provider's answers are reshaped into
 * AuthorisationResult here and nowhere else (PAYMENTS.md outcome table: a denied, declined or
 * mismatching approval is "Sorry please try a different payment method.").
 */
import {
  GATEWAY_PATHS,
  type PayLaterProviderName,
  type PayLaterSaleAnswer,
  type PayLaterSaleWireRequest,
  type PayLaterSessionAnswer,
  type PayLaterSessionRequest,
  type PayLaterSettlementAnswer,
  type RefundAnswer,
} from '@/contracts/payment-gateway';
import type { AmountRange } from '@/domain/payment-eligibility';
import { PaymentProviderError } from './errors';
import {
  asProviderError,
  callGateway,
  type GatewayConnection,
  GatewayRefused,
  GatewayTimeout,
  GatewayUnreachable,
  settlementCall,
} from './gateway-client';
import type { ApprovalAnswer, ApprovalRequest, AuthorisationResult, PaymentProvider } from './provider';

/** What differs between the pay-later providers on the shop's side. */
export interface PayLaterSetup {
  type: 'KLARNA' | 'CLEARPAY';
  provider: PayLaterProviderName;
  /** How the order and the shopper's receipt name the instrument (spec 3 order response cardType). */
  cardType: string;
  /** The provider's order-amount limits for a currency; null when it has none for it or could not say. */
  limits(currency: string): Promise<AmountRange | null>;
}

/** Opens the provider's page through the gateway; the network's failures become answers. */
async function openApproval(
  connection: GatewayConnection,
  setup: PayLaterSetup,
  request: ApprovalRequest,
): Promise<ApprovalAnswer> {
  const session: PayLaterSessionRequest = {
    amountMinor: request.amount.amountMinor,
    currency: request.amount.currency,
    orderLines: request.orderLines,
    returnUrl: request.returnUrl,
    email: request.email,
  };
  try {
    const answer = await callGateway<PayLaterSessionAnswer>(
      connection,
      'POST',
      GATEWAY_PATHS.payLaterSessions(setup.provider),
      session,
    );
    return answer.ok ? { kind: 'opened', redirectUrl: answer.redirectUrl } : { kind: 'refused', text: answer.text };
  } catch (error) {
    if (error instanceof GatewayUnreachable) return { kind: 'unreachable' };
    if (error instanceof GatewayTimeout) return { kind: 'noResponse' };
    if (error instanceof GatewayRefused) return { kind: 'refused', text: error.message };
    throw error;
  }
}

function toAuthorisationResult(answer: PayLaterSaleAnswer, cardType: string): AuthorisationResult {
  if (answer.status === 'authorized') {
    return {
      kind: 'authorised',
      transactionId: answer.transactionId,
      instrument: { cardType, lastFour: null, expiryMonth: null, expiryYear: null },
    };
  }
  // A key reused for another payment is our mistake, not the shopper's: the generic failure.
  if (answer.code === 'idempotency_key_reused') return { kind: 'failed', code: answer.code, text: answer.text };
  return { kind: 'gatewayRejected', code: answer.code, text: answer.text };
}

/**
 * A pay-later provider over the gateway. Capture and void are idempotent by state at the
 * provider, so their idempotency keys are accepted for the interface only.
 */
export function payLaterProvider(connection: GatewayConnection, setup: PayLaterSetup): PaymentProvider {
  const settle = (transactionId: string, path: string) =>
    settlementCall(() => callGateway<PayLaterSettlementAnswer>(connection, 'POST', path, {}), transactionId);
  return {
    type: setup.type,
    async authorise(request) {
      const sale: PayLaterSaleWireRequest = {
        token: request.nonce,
        amountMinor: request.amount.amountMinor,
        currency: request.amount.currency,
        idempotencyKey: request.idempotencyKey,
      };
      try {
        const answer = await callGateway<PayLaterSaleAnswer>(
          connection,
          'POST',
          GATEWAY_PATHS.payLaterSale(setup.provider),
          sale,
        );
        return toAuthorisationResult(answer, setup.cardType);
      } catch (error) {
        if (error instanceof GatewayUnreachable) return { kind: 'unreachable', text: error.message };
        if (error instanceof GatewayTimeout) return { kind: 'noResponse', code: 'timeout', text: error.message };
        if (error instanceof GatewayRefused)
          return { kind: 'failed', code: `http_${error.status}`, text: error.message };
        throw error;
      }
    },
    capture: (transactionId) => settle(transactionId, GATEWAY_PATHS.payLaterCapture(setup.provider, transactionId)),
    void: (transactionId) => settle(transactionId, GATEWAY_PATHS.payLaterVoid(setup.provider, transactionId)),
    // A voucher paid by Klarna or Clearpay is refunded through the provider, as a card's is.
    async refund(transactionId, amountMinor, idempotencyKey) {
      let answer: RefundAnswer;
      try {
        answer = await callGateway<RefundAnswer>(
          connection,
          'POST',
          GATEWAY_PATHS.payLaterRefund(setup.provider, transactionId),
          { amountMinor, idempotencyKey },
        );
      } catch (error) {
        throw asProviderError(error, `${setup.provider} refund`);
      }
      if (!answer.success)
        throw new PaymentProviderError(answer.code === 'not_found' ? 'notFound' : 'invalidState', answer.text);
      return { refundId: answer.refundTransactionId };
    },
    orderAmountLimits: (currency) => setup.limits(currency),
    openApproval: (request) => openApproval(connection, setup, request),
  };
}
