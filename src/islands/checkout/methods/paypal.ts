/**
 * PayPal and PayPal Credit at checkout (decision 016; PAYMENTS.md "PayPal, Apple Pay, Google Pay"):
 * the gateway creates a payment for the amount to pay, the attempt is remembered, and the browser
 * goes to PayPal's approval page. The shopper comes back to /checkout with a nonce (or a cancel),
 * and the Checkout island finishes the payment (src/stores/checkout-redirect.ts).
 */
import type { CreatePayPalPaymentRequest, CreatePayPalPaymentResponse } from '@/contracts/paypal';
import { MESSAGES } from '@/domain/messages';
import type { PaymentAttempt, PaymentCredential } from '@/stores/checkout';
import { rememberPendingPayment, returnUrl } from '@/stores/checkout-redirect';

export interface PayPalOptions {
  gatewayUrl: string;
  credit: boolean;
  /** Keep the PayPal account for next time (a signed-in shopper ticked "save"). */
  save: boolean;
}

/** What leaving the page needs from the browser; tests pass their own. */
export interface PayPalDeps {
  fetchImpl: typeof fetch;
  goTo: (url: string) => void;
  /** This page's origin: PayPal's page, on the gateway's origin, comes back to it. */
  origin: string;
}

const browser = (): PayPalDeps => ({
  fetchImpl: (input, init) => fetch(input, init),
  goTo: (url) => window.location.assign(url),
  origin: window.location.origin,
});

function asCreated(value: unknown): CreatePayPalPaymentResponse | null {
  const v = value as Partial<CreatePayPalPaymentResponse> | null;
  return v && typeof v.id === 'string' && typeof v.approvalUrl === 'string' ? (v as CreatePayPalPaymentResponse) : null;
}

/** spec 8 wording for a create call that did not give a payment. */
function refusedFor(status: number, body: unknown): PaymentCredential {
  if (status === 503) return { kind: 'refused', message: MESSAGES.providerUnreachable };
  if (status === 504) return { kind: 'refused', message: MESSAGES.bankNoResponse };
  const said = (body as { message?: unknown } | null)?.message;
  return {
    kind: 'refused',
    message: MESSAGES.paymentFailed,
    reason: status < 500 && typeof said === 'string' ? said : null,
  };
}

/**
 * Creates the PayPal payment at the gateway and sends the shopper to approve it. Answers
 * `redirected` when the browser is on its way, or `refused` with the spec 8 message.
 */
export async function startPayPal(
  attempt: PaymentAttempt,
  options: PayPalOptions,
  deps: PayPalDeps = browser(),
): Promise<PaymentCredential> {
  const { gatewayUrl, credit } = options;
  // PayPal Credit pays once; only a plain PayPal account is kept for next time.
  const save = options.save && !credit;
  const request: CreatePayPalPaymentRequest = {
    amountMinor: attempt.summary.cashAmount,
    currency: attempt.summary.currency,
    credit,
    flow: save ? 'vault' : 'checkout',
    returnUrl: returnUrl('paypal', deps.origin),
  };
  let response: Response;
  try {
    // The gateway's endpoint, not ours: no cookies go with it.
    response = await deps.fetchImpl(`${gatewayUrl.replace(/\/+$/, '')}/paypal/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'omit',
      body: JSON.stringify(request),
    });
  } catch {
    return { kind: 'refused', message: MESSAGES.providerUnreachable };
  }
  const body: unknown = await response.json().catch(() => null);
  const created = response.ok ? asCreated(body) : null;
  if (created === null) return refusedFor(response.ok ? 500 : response.status, body);
  rememberPendingPayment({
    method: 'paypal',
    paypalCredit: credit,
    key: attempt.key,
    email: attempt.email,
    saveInstrument: save,
  });
  deps.goTo(created.approvalUrl);
  return { kind: 'redirected' };
}
