/**
 * Klarna and Clearpay from the shop's side (docs/decisions/016-payment-methods.md; spec 7
 * /kn/sessions, /cp/checkouts, /kn/pay, /cp/pay): a session is opened with the provider for the
 * shopper's basket as the server prices it, only when spec 5 offers the method, and the shopper is
 * sent to approve it. Paying with the approval's token is the ordinary pay call with the method fixed.
 */

import type { PayRequest } from '@/contracts/pay';
import type { PayLaterPayRequest, PayLaterSessionRequest } from '@/contracts/pay-later';
import { CHECKOUT_PARAM_DEFAULTS } from '@/domain/checkout';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { type Refusal, refused } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import type { UserRow } from '@/server/accounts/schema';
import type { Db } from '@/server/db';
import { paymentProviders } from '@/server/payments';
import { publicOrigin } from '@/server/runtime';
import { type CheckoutDeps, loadCheckout } from './load';

export type PayLaterMethod = 'klarna' | 'clearpay';

/** Where to send the shopper to approve (spec 7 `{redirectUrl}`), or why there is nowhere. */
export type PayLaterSessionResult = { ok: true; redirectUrl: string } | Refusal;

/**
 * The provider may only send the shopper back to this shop's checkout: the path (and query) of
 * a same-origin /checkout URL, or null. Never an open redirect.
 */
export function checkoutReturnPath(returnUrl: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(returnUrl, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname !== '/checkout') return null;
  return `${url.pathname}${url.search}`;
}

/**
 * Opens a Klarna session or Clearpay checkout for the shopper's basket through the method's
 * PaymentProvider (a real provider replaces the sandbox by configuration); the result says where to go.
 */
export async function startPayLaterSession(
  db: Db,
  input: { method: PayLaterMethod; request: PayLaterSessionRequest; user: UserRow | null; basketToken: string | null },
  deps: CheckoutDeps = {},
): Promise<PayLaterSessionResult> {
  const { method, request, user, basketToken } = input;
  const returnPath = checkoutReturnPath(request.returnUrl, publicOrigin());
  if (returnPath === null) return refused('invalid', "returnUrl must be this shop's /checkout page.");
  if (basketToken === null) return refused('invalid', CHECKOUT_COPY.emptyBasket);
  const view = await loadCheckout(
    db,
    { basketToken, user, params: { ...CHECKOUT_PARAM_DEFAULTS, wallet: request.wallet }, now: new Date() },
    deps,
  );
  if (view.deals.length === 0) return refused('invalid', CHECKOUT_COPY.emptyBasket);
  if (!view.canPay) return refused('conflict', CHECKOUT_COPY.basketChanged);
  const { eligibleOptions, withheld } = view.userInfo.paymentOptions;
  if (!eligibleOptions.includes(method)) {
    const why = withheld.find((item) => item.option === method);
    // The provider did not answer its configuration call: say so, as for any unreachable provider.
    if (why?.reason === 'providerUnavailable') return refused('unavailable', MESSAGES.providerUnreachable);
    return refused('unprocessable', MESSAGES.tryDifferentMethod, why?.message ?? CHECKOUT_COPY.methodNotOffered);
  }
  const { orderSummary } = view;
  const provider = (deps.providers ?? paymentProviders({ gateway: deps.payments?.gateway })).forMethod(method);
  if (provider.openApproval === undefined) throw new Error(`${provider.type} opens no approval page`);
  const answer = await provider.openApproval({
    amount: { amountMinor: orderSummary.cashAmount, currency: orderSummary.currency },
    orderLines: view.deals
      .filter((line) => line.isAvailable)
      .map((line) => ({
        name: `${line.headline}: ${line.productTitle}`,
        quantity: line.quantity,
        totalMinor: line.lineTotal.amountMinor,
      })),
    // Absolute, as the providers take it: the provider's page is on another origin.
    returnUrl: `${publicOrigin()}${returnPath}`,
    email: request.email ?? user?.email ?? null,
  });
  switch (answer.kind) {
    case 'opened':
      return { ok: true, redirectUrl: answer.redirectUrl };
    case 'refused':
      return refused('unprocessable', MESSAGES.tryDifferentMethod, CHECKOUT_COPY.methodNotOffered);
    case 'unreachable':
      return refused('unavailable', MESSAGES.providerUnreachable);
    case 'noResponse':
      return refused('timedOut', MESSAGES.providerUnreachable);
  }
}

/** The pay call of a pay-later method: the ordinary pay request with the method fixed (same pay(), same key rules). */
export function payLaterPayRequest(method: PayLaterMethod, request: PayLaterPayRequest): PayRequest {
  return { ...request, paymentMethod: method, paypalCredit: false, instrumentMode: 'NEW', saveInstrument: false };
}
