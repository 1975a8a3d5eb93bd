/**
 * POST /bt/tokenize: the sandbox gateway's own tokenise endpoint (PAYMENTS.md; the equivalent of
 * Braintree's hosted fields). The shopper's browser posts the card here, from the shop's page, and
 * only here; the answer is a one-time nonce plus brand, last four and expiry. The number is never
 * echoed or logged: error messages name the field, never its value.
 */
import { TokenizeRequestSchema, type TokenizeResponse } from '@/contracts/card-tokenize';
import { answerGatewayRequest } from '../endpoint';
import { apiError, json } from '../http';
import { tokenise } from '../index';
import type { SandboxContext } from './context';

const ENDPOINT = {
  schema: TokenizeRequestSchema,
  hint: 'Send JSON {number, expiryMonth, expiryYear, cvv, postcode?}.',
  fallback: 'Check the card details.',
};

export function tokeniseCardCall(request: Request, { db, env }: SandboxContext): Promise<Response> {
  return answerGatewayRequest(request, ENDPOINT, async (card) => {
    const result = await tokenise(await db(), card, { env });
    if (!result.ok) return apiError(400, result.message);
    const answer: TokenizeResponse = { nonce: result.nonce, details: result.details };
    return json(answer);
  });
}
