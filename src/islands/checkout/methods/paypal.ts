/**
 * PayPal and PayPal Credit at checkout (issue 8): the shopper is sent to the sandbox's PayPal
 * approval page and comes back with a nonce (src/stores/checkout-redirect.ts).
 * PLACEHOLDER until the PayPal part of issue 8 lands.
 */
import type { PaymentAttempt, PaymentCredential } from '../../../stores/checkout';

export async function startPayPal(
  _attempt: PaymentAttempt,
  _options: { gatewayUrl: string; credit: boolean; save: boolean },
): Promise<PaymentCredential> {
  return { kind: 'refused', message: 'PayPal is not built yet.' };
}
