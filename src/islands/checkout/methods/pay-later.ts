/**
 * Klarna (pay in 3) and Clearpay (pay in 4) at checkout (issue 8): a session for the basket is
 * made on our server (/api/v1/kn/sessions, /api/v1/cp/checkouts), the shopper approves on the
 * provider's page and comes back with a token (src/stores/checkout-redirect.ts).
 * PLACEHOLDER until the pay-later part of issue 8 lands.
 */
import type { PaymentAttempt, PaymentCredential } from '../../../stores/checkout';

export async function startPayLater(
  _attempt: PaymentAttempt,
  _options: { provider: 'klarna' | 'clearpay' },
): Promise<PaymentCredential> {
  return { kind: 'refused', message: 'Pay later is not built yet.' };
}
