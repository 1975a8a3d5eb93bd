/**
 * POST /sandbox/paypal/payments: the sandbox gateway's PayPal create-payment endpoint (PAYMENTS.md
 * "PayPal, Apple Pay, Google Pay"). The checkout posts the amount and where to come back to; the
 * answer names the approval page the shopper goes to. Reached through the simulated network, so
 * PAYMENTS_FAULT=unreachable makes it fail as a real outage would.
 */
import type { APIRoute } from 'astro';
import { type CreatePayPalPaymentResponse, CreatePayPalPaymentSchema } from '@/contracts/paypal';
import { createPayPal } from '@/sandbox';
import { answerGatewayRequest } from '@/sandbox/endpoint';
import { getDb } from '@/server/db';
import { json } from '@/server/http/api';

const ENDPOINT = {
  schema: CreatePayPalPaymentSchema,
  hint: 'Send JSON {amountMinor, currency, credit, flow, returnUrl}.',
  fallback: 'Check the payment.',
};

export const POST: APIRoute = ({ request, url }) =>
  answerGatewayRequest(request, ENDPOINT, async (payment) => {
    const { db } = await getDb();
    const created = await createPayPal(db, payment);
    const approvalUrl = new URL(`approve?id=${encodeURIComponent(created.id)}`, new URL('./', url)).toString();
    const answer: CreatePayPalPaymentResponse = { id: created.id, approvalUrl };
    return json(answer, { status: 201 });
  });
