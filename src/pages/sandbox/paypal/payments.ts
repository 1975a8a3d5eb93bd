/**
 * POST /sandbox/paypal/payments: the sandbox gateway's PayPal create-payment endpoint (PAYMENTS.md
 * "PayPal, Apple Pay, Google Pay"). The checkout posts the amount and where to come back to; the
 * answer names the approval page the shopper goes to. Reached through the simulated network, so
 * PAYMENTS_FAULT=unreachable makes it fail as a real outage would.
 */
import type { APIRoute } from 'astro';
import { type CreatePayPalPaymentResponse, CreatePayPalPaymentSchema } from '../../../contracts/paypal';
import { MESSAGES } from '../../../domain/messages';
import { getDb } from '../../../server/db';
import { apiError, json } from '../../../server/http/api';
import { createPayPal, GatewayTimeout, GatewayUnreachable } from '../../../server/payments/sandbox';

function privately(response: Response): Response {
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export const POST: APIRoute = async ({ request, url }) => {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return privately(apiError(400, 'Send JSON {amountMinor, currency, credit, flow, returnUrl}.'));
  }
  const parsed = CreatePayPalPaymentSchema.safeParse(body);
  if (!parsed.success) return privately(apiError(400, parsed.error.issues[0]?.message ?? 'Check the payment.'));
  try {
    const { db } = await getDb();
    const payment = await createPayPal(db, parsed.data);
    const approvalUrl = new URL(`approve?id=${encodeURIComponent(payment.id)}`, new URL('./', url)).toString();
    const answer: CreatePayPalPaymentResponse = { id: payment.id, approvalUrl };
    return privately(json(answer, { status: 201 }));
  } catch (error) {
    if (error instanceof GatewayUnreachable) return privately(apiError(503, MESSAGES.providerUnreachable));
    if (error instanceof GatewayTimeout) return privately(apiError(504, MESSAGES.connectionTimeout));
    throw error;
  }
};
