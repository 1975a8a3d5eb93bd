/**
 * The sandbox gateway's PayPal create-payment call (PAYMENTS.md "PayPal, Apple Pay, Google Pay"):
 * what the checkout posts to `${PAYMENTS_GATEWAY_URL}/paypal/payments` and what comes back. The
 * browser then goes to `approvalUrl`; PayPal sends it back to `returnUrl` with pm_status/pm_token.
 */
import { z } from 'zod';
import { text } from './text';

/** A path on the shop's own origin: "/checkout?pm=paypal"; never "//elsewhere" or "/\elsewhere". */
export function isSameOriginPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') && !/[\s]/.test(url);
}

export const CreatePayPalPaymentSchema = z.object({
  /** Integer pence, as everywhere in our code. */
  amountMinor: z
    .number({ error: 'amountMinor must be a whole number of pence.' })
    .int({ error: 'amountMinor must be a whole number of pence.' })
    .positive({ error: 'amountMinor must be more than zero.' })
    .max(100_000_000, { error: 'amountMinor is too large.' }),
  currency: z.enum(['GBP', 'EUR'], { error: 'currency must be GBP or EUR.' }),
  /** PayPal Credit: the same flow with the credit offer. */
  credit: z.boolean({ error: 'credit must be true or false.' }).default(false),
  /** checkout pays once; vault also keeps the account for next time. */
  flow: z.enum(['checkout', 'vault'], { error: 'flow must be checkout or vault.' }).default('checkout'),
  returnUrl: text({ error: 'returnUrl must be a path on this site, such as /checkout?pm=paypal.' })
    .max(500, { error: 'returnUrl is too long.' })
    .refine(isSameOriginPath, { error: 'returnUrl must be a path on this site, such as /checkout?pm=paypal.' }),
});
export type CreatePayPalPaymentRequest = z.input<typeof CreatePayPalPaymentSchema>;

/** 201 answer: the payment's id and the page where the buyer approves it. */
export interface CreatePayPalPaymentResponse {
  id: string;
  approvalUrl: string;
}
