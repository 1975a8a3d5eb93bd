/**
 * The sandbox gateway's PayPal create-payment call (PAYMENTS.md "PayPal, Apple Pay, Google Pay"):
 * what the checkout posts to `${PAYMENTS_GATEWAY_URL}/paypal/payments` and what comes back. The
 * browser then goes to `approvalUrl`, on the gateway's origin; PayPal sends it back to `returnUrl`,
 * the shop's checkout, with pm_status/pm_token. The sandbox takes only a return URL on a shop origin
 * it serves (docs/decisions/035-sandbox-as-its-own-app.md).
 */
import { z } from 'zod';
import { webUrl } from './text';

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
  returnUrl: webUrl("returnUrl must be the shop's checkout URL, such as https://shop.example/checkout?pm=paypal."),
});
export type CreatePayPalPaymentRequest = z.input<typeof CreatePayPalPaymentSchema>;

/** 201 answer: the payment's id and the page where the buyer approves it. */
export interface CreatePayPalPaymentResponse {
  id: string;
  approvalUrl: string;
}
