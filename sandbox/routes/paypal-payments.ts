/**
 * POST /paypal/payments: the sandbox gateway's PayPal create-payment endpoint (PAYMENTS.md "PayPal,
 * Apple Pay, Google Pay"). The checkout posts the amount and its own URL to come back to (a shop
 * origin this sandbox serves); the answer names the approval page, on the sandbox's origin, the
 * shopper goes to. Reached through the simulated network, so PAYMENTS_FAULT=unreachable makes it
 * fail as a real outage would.
 */
import { type CreatePayPalPaymentResponse, CreatePayPalPaymentSchema } from '@/contracts/paypal';
import { answerGatewayRequest } from '../endpoint';
import { apiError, json } from '../http';
import { createPayPal } from '../index';
import { isShopUrl } from '../settings';
import type { SandboxContext } from './context';

const ENDPOINT = {
  schema: CreatePayPalPaymentSchema,
  hint: 'Send JSON {amountMinor, currency, credit, flow, returnUrl}.',
  fallback: 'Check the payment.',
};

export function createPayPalPaymentCall(request: Request, { db, env, site }: SandboxContext): Promise<Response> {
  return answerGatewayRequest(request, ENDPOINT, async (payment) => {
    // Never an open redirect: the approval page sends the shopper only to a shop this sandbox serves.
    if (!isShopUrl(payment.returnUrl, site)) {
      return apiError(400, 'returnUrl must be on a shop origin this sandbox serves (SANDBOX_SHOP_ORIGINS).');
    }
    const created = await createPayPal(await db(), payment, { env });
    const approvalUrl = `${site.publicUrl}/paypal/approve?id=${encodeURIComponent(created.id)}`;
    const answer: CreatePayPalPaymentResponse = { id: created.id, approvalUrl };
    return json(answer, 201);
  });
}
