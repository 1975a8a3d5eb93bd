/**
 * The shop's server checks a card payment's 3-D Secure authentication before any sale (PAYMENTS.md
 * "3-D Secure 2"; docs/decisions/043-three-d-secure.md): the browser authenticated the card with the
 * issuer, but only what the gateway says about that authentication, asked with the server key
 * (GET three_d_secure/{id}), counts. The rule itself (`checkThreeDSecure`) is pure. A payment on a
 * saved card is authenticated through a one-time nonce minted from the card's token
 * (`createAuthenticationNonce`), so its authentication names that token.
 */
import { GATEWAY_PATHS, type PaymentMethodNonceAnswer } from '@/contracts/payment-gateway';
import {
  PAYABLE_THREE_D_SECURE_STATUSES,
  THREE_D_SECURE_GATEWAY_PATHS,
  type ThreeDSecureLookupAnswer,
} from '@/contracts/three-d-secure';
import { callGateway, type GatewayConnection, GatewayRefused } from './gateway-client';
import type { AuthorisationResult, AuthoriseRequest, ThreeDSecureResult } from './provider';

/** Why a card payment may not go on with its authentication. */
export type ThreeDSecureProblem =
  /** The gateway knows no such authentication. */
  | 'not_found'
  /** It authenticated another card (nonce). */
  | 'other_nonce'
  /** The payment is on a saved card, and it authenticated another card (or a card just typed in). */
  | 'other_saved_card'
  /** It authenticated another amount, or another currency, than the sale's. */
  | 'other_amount'
  /** It did not end authenticated or attempted: failed, abandoned, unavailable, error, or still waiting on a challenge. */
  | 'not_authenticated';

export type ThreeDSecureVerdict =
  | { ok: true; result: ThreeDSecureResult }
  | { ok: false; problem: ThreeDSecureProblem };

/** What the sale is for: the nonce (or the saved card's token) and the cash part, in pence. */
export interface ThreeDSecurePayment {
  nonce: string;
  /** The saved card paid with (instrument mode EXISTING), in place of a nonce. */
  paymentMethodToken?: string;
  amountMinor: number;
  currency: string;
}

/**
 * Whether a card sale may go on with this authentication: it must be the one of this nonce (or, on
 * a saved card, of a nonce minted from its token), amount and currency, and authenticated or
 * attempted (PAYABLE_THREE_D_SECURE_STATUSES: liability shifts).
 */
export function checkThreeDSecure(lookup: ThreeDSecureLookupAnswer, payment: ThreeDSecurePayment): ThreeDSecureVerdict {
  if (!lookup.found) return { ok: false, problem: 'not_found' };
  if (payment.paymentMethodToken) {
    if (lookup.paymentMethodToken !== payment.paymentMethodToken) return { ok: false, problem: 'other_saved_card' };
  } else if (lookup.nonce !== payment.nonce) return { ok: false, problem: 'other_nonce' };
  if (lookup.amountMinor !== payment.amountMinor || lookup.currency !== payment.currency) {
    return { ok: false, problem: 'other_amount' };
  }
  if (!PAYABLE_THREE_D_SECURE_STATUSES.has(lookup.status)) return { ok: false, problem: 'not_authenticated' };
  return { ok: true, result: { status: lookup.status, liabilityShifted: lookup.liabilityShifted } };
}

/**
 * GET three_d_secure/{id} with the server key: the authentication as the gateway holds it; an id it
 * answers 404 for is unknown. Throws the gateway client's network errors.
 */
export async function lookUpThreeDSecure(
  connection: GatewayConnection,
  authenticationId: string,
): Promise<ThreeDSecureLookupAnswer> {
  try {
    return await callGateway<ThreeDSecureLookupAnswer>(
      connection,
      'GET',
      THREE_D_SECURE_GATEWAY_PATHS.lookup(authenticationId),
    );
  } catch (error) {
    if (error instanceof GatewayRefused && error.status === 404) return { found: false };
    throw error;
  }
}

/**
 * POST payment_methods/{token}/nonces with the server key: a one-time nonce for a saved card, which
 * the shopper's browser authenticates with the card's issuer when it asks (decision 043); null when
 * the gateway knows no such token (404). Throws the gateway client's network errors.
 */
export async function mintPaymentMethodNonce(connection: GatewayConnection, token: string): Promise<string | null> {
  try {
    const answer = await callGateway<PaymentMethodNonceAnswer>(
      connection,
      'POST',
      GATEWAY_PATHS.paymentMethodNonce(token),
      {},
    );
    return answer.nonce;
  } catch (error) {
    if (error instanceof GatewayRefused && error.status === 404) return null;
    throw error;
  }
}

/**
 * The authentication a card sale names, looked up and checked: the result to record with the sale,
 * or the refusal, worded as spec 8's "did not go through" with the card reason "cannot authenticate"
 * (PAYMENTS.md outcome table: 2099, 3DS failure). Throws the gateway client's network errors.
 */
export async function checkAuthentication(
  connection: GatewayConnection,
  request: AuthoriseRequest & { threeDSecureAuthenticationId: string },
): Promise<{ ok: true; result: ThreeDSecureResult } | { ok: false; refusal: AuthorisationResult }> {
  const lookup = await lookUpThreeDSecure(connection, request.threeDSecureAuthenticationId);
  const verdict = checkThreeDSecure(lookup, {
    nonce: request.nonce,
    paymentMethodToken: request.paymentMethodToken,
    amountMinor: request.amount.amountMinor,
    currency: request.amount.currency,
  });
  if (verdict.ok) return verdict;
  return {
    ok: false,
    refusal: {
      kind: 'processorDeclined',
      code: `three_d_secure_${verdict.problem}`,
      text: `3-D Secure: ${verdict.problem.replaceAll('_', ' ')}`,
      reason: 'cannotAuthenticate',
    },
  };
}
