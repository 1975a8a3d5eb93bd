/**
 * Klarna (pay in 3) and Clearpay (pay in 4) at checkout (decision 016): a session for the basket is
 * made on our server (/api/v1/kn/sessions, /api/v1/cp/checkouts), the attempt is remembered, and
 * the shopper goes to the provider's page to approve; they come back with a token
 * (src/stores/checkout-redirect.ts) and Checkout.tsx finishes the payment.
 */
import { isWebUrl } from '@/domain/absolute-url';
import { MESSAGES } from '@/domain/messages';
import type { PaymentAttempt, PaymentCredential } from '@/stores/checkout';
import { rememberPendingPayment, returnUrl } from '@/stores/checkout-redirect';

const SESSION_PATH = { klarna: '/api/v1/kn/sessions', clearpay: '/api/v1/cp/checkouts' } as const;

/** Opens the provider's session and leaves for its page; a refusal carries the spec 8 message. */
export async function startPayLater(
  attempt: PaymentAttempt,
  options: { provider: 'klarna' | 'clearpay' },
): Promise<PaymentCredential> {
  const { provider } = options;
  // The wallet toggle rides along, so the checkout we come back to charges what the provider approved.
  const back = `${returnUrl(provider)}${attempt.useWallet ? '&wallet=true' : ''}`;
  let response: Response;
  try {
    response = await fetch(SESSION_PATH[provider], {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ returnUrl: back, email: attempt.email || undefined, wallet: attempt.useWallet }),
    });
  } catch {
    return { kind: 'refused', message: MESSAGES.providerUnreachable };
  }
  const payload = (await response.json().catch(() => null)) as { redirectUrl?: unknown; message?: unknown } | null;
  const redirectUrl = typeof payload?.redirectUrl === 'string' ? payload.redirectUrl : null;
  // The provider's page is on the provider's origin (the sandbox's, by default).
  if (!response.ok || redirectUrl === null || !isWebUrl(redirectUrl)) {
    const message = typeof payload?.message === 'string' ? payload.message : MESSAGES.paymentFailed;
    return { kind: 'refused', message };
  }
  rememberPendingPayment({
    method: provider,
    paypalCredit: false,
    key: attempt.key,
    email: attempt.email,
    saveInstrument: false,
  });
  window.location.assign(redirectUrl);
  return { kind: 'redirected' };
}
