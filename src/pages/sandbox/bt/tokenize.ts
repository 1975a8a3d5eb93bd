/**
 * POST /sandbox/bt/tokenize: the sandbox gateway's own tokenise endpoint (PAYMENTS.md; the
 * equivalent of Braintree's hosted fields). The browser posts the card here and only here; the
 * answer is a one-time nonce plus brand, last four and expiry. The number is never echoed or
 * logged: error messages name the field, never its value.
 */
import type { APIRoute } from 'astro';
import { TokenizeRequestSchema, type TokenizeResponse } from '../../../contracts/card-tokenize';
import { MESSAGES } from '../../../domain/messages';
import { getDb } from '../../../server/db';
import { apiError, json } from '../../../server/http/api';
import { GatewayTimeout, GatewayUnreachable, tokenise } from '../../../server/payments/sandbox';

/** Card data is as personal as it gets: never stored by any cache. */
function privately(response: Response): Response {
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export const POST: APIRoute = async ({ request }) => {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    // Unreadable JSON: say what to send, and nothing about what came.
    return privately(apiError(400, 'Send JSON {number, expiryMonth, expiryYear, cvv, postcode?}.'));
  }
  const parsed = TokenizeRequestSchema.safeParse(body);
  if (!parsed.success) {
    // The first issue's own message only: zod's messages here are written above and hold no input.
    return privately(apiError(400, parsed.error.issues[0]?.message ?? 'Check the card details.'));
  }
  try {
    const { db } = await getDb();
    const result = await tokenise(db, parsed.data);
    if (!result.ok) return privately(apiError(400, result.message));
    const answer: TokenizeResponse = { nonce: result.nonce, details: result.details };
    return privately(json(answer));
  } catch (error) {
    if (error instanceof GatewayUnreachable) return privately(apiError(503, MESSAGES.providerUnreachable));
    if (error instanceof GatewayTimeout) return privately(apiError(504, MESSAGES.connectionTimeout));
    throw error;
  }
};
