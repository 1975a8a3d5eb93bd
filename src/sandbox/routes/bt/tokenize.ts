/**
 * POST /sandbox/bt/tokenize: the sandbox gateway's own tokenise endpoint (PAYMENTS.md; the
 * equivalent of Braintree's hosted fields). The browser posts the card here and only here; the
 * answer is a one-time nonce plus brand, last four and expiry. The number is never echoed or
 * logged: error messages name the field, never its value.
 */
import type { APIRoute } from 'astro';
import { TokenizeRequestSchema, type TokenizeResponse } from '@/contracts/card-tokenize';
import { tokenise } from '@/sandbox';
import { answerGatewayRequest } from '@/sandbox/endpoint';
import { getDb } from '@/server/db';
import { apiError, json } from '@/server/http/api';

const ENDPOINT = {
  schema: TokenizeRequestSchema,
  hint: 'Send JSON {number, expiryMonth, expiryYear, cvv, postcode?}.',
  fallback: 'Check the card details.',
};

export const POST: APIRoute = ({ request }) =>
  answerGatewayRequest(request, ENDPOINT, async (card) => {
    const { db } = await getDb();
    const result = await tokenise(db, card);
    if (!result.ok) return apiError(400, result.message);
    const answer: TokenizeResponse = { nonce: result.nonce, details: result.details };
    return json(answer);
  });
