/**
 * What Klarna and Clearpay have in common as PaymentProviders (issue 8): authorise with the token
 * the shopper's approval produced, capture once the order has committed, void when it has not.
 * Each provider's gateway answers are reshaped into AuthorisationResult here and nowhere else
 * (PAYMENTS.md outcome table: a denied, declined or mismatching approval is "Sorry please try a
 * different payment method.").
 */
import type { AmountRange } from '@/domain/payment-eligibility';
import { GatewayTimeout, GatewayUnreachable } from '@/sandbox/network';
import type { PayLaterSaleAnswer, PayLaterSaleRequest, PayLaterSettlementAnswer } from '@/sandbox/pay-later-sales';
import type { NewPayLaterSession } from '@/sandbox/pay-later-sessions';
import { PaymentProviderError } from './errors';
import type { ApprovalAnswer, ApprovalRequest, AuthorisationResult, PaymentProvider } from './provider';

/** One pay-later provider's API, as the sandbox (or, later, a real client) offers it. */
export interface PayLaterGateway {
  type: 'KLARNA' | 'CLEARPAY';
  /** How the order and the shopper's receipt name the instrument (spec 3 order response cardType). */
  cardType: string;
  authorise(request: PayLaterSaleRequest): Promise<PayLaterSaleAnswer>;
  capture(transactionId: string): Promise<PayLaterSettlementAnswer>;
  void(transactionId: string): Promise<PayLaterSettlementAnswer>;
  /** The provider's order-amount limits for a currency; null when it has none for it or could not say. */
  limits(currency: string): Promise<AmountRange | null>;
  /** Opens the approval page for an order: where to send the shopper, or why not. */
  open(request: NewPayLaterSession): Promise<{ ok: true; redirectUrl: string } | { ok: false; text: string }>;
}

/** Opens the provider's page through its gateway; the network's failures become answers. */
async function openApproval(gateway: PayLaterGateway, request: ApprovalRequest): Promise<ApprovalAnswer> {
  try {
    const answer = await gateway.open({
      amountMinor: request.amount.amountMinor,
      currency: request.amount.currency,
      orderLines: request.orderLines,
      returnPath: request.returnPath,
      email: request.email,
    });
    return answer.ok ? { kind: 'opened', redirectUrl: answer.redirectUrl } : { kind: 'refused', text: answer.text };
  } catch (error) {
    if (error instanceof GatewayUnreachable) return { kind: 'unreachable' };
    if (error instanceof GatewayTimeout) return { kind: 'noResponse' };
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

async function settlement(call: () => Promise<PayLaterSettlementAnswer>, transactionId: string): Promise<void> {
  let answer: PayLaterSettlementAnswer;
  try {
    answer = await call();
  } catch (error) {
    if (error instanceof GatewayUnreachable) throw new PaymentProviderError('unreachable', transactionId);
    if (error instanceof GatewayTimeout) throw new PaymentProviderError('noResponse', transactionId);
    throw error;
  }
  if (!answer.success) {
    throw new PaymentProviderError(answer.code === 'not_found' ? 'notFound' : 'invalidState', answer.text);
  }
}

/**
 * A pay-later gateway as a PaymentProvider. Capture and void are idempotent by state at the
 * provider, so their idempotency keys are accepted for the interface only.
 */
export function payLaterProvider(gateway: PayLaterGateway): PaymentProvider {
  return {
    type: gateway.type,
    async authorise(request) {
      try {
        const answer = await gateway.authorise({
          token: request.nonce,
          amountMinor: request.amount.amountMinor,
          currency: request.amount.currency,
          idempotencyKey: request.idempotencyKey,
        });
        return toAuthorisationResult(answer, gateway.cardType);
      } catch (error) {
        if (error instanceof GatewayUnreachable) return { kind: 'unreachable', text: error.message };
        if (error instanceof GatewayTimeout) return { kind: 'noResponse', code: 'timeout', text: error.message };
        throw error;
      }
    },
    capture: (transactionId) => settlement(() => gateway.capture(transactionId), transactionId),
    void: (transactionId) => settlement(() => gateway.void(transactionId), transactionId),
    orderAmountLimits: (currency) => gateway.limits(currency),
    openApproval: (request) => openApproval(gateway, request),
  };
}
