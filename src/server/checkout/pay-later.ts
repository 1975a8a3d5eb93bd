/**
 * Klarna and Clearpay from the shop's side (issue 8; spec 7 /kn/sessions, /cp/checkouts, /kn/pay,
 * /cp/pay): a session is opened with the provider for the shopper's basket as the server prices
 * it, only when spec 5 offers the method, and the shopper is sent to approve it. Paying with the
 * approval's token is the ordinary pay call with the method fixed.
 */

import type { APIContext } from 'astro';
import type { PayFailure, PayRequest } from '@/contracts/pay';
import type { PayLaterPayRequest, PayLaterSessionRequest, PayLaterSessionResponse } from '@/contracts/pay-later';
import { CHECKOUT_PARAM_DEFAULTS } from '@/domain/checkout';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { MESSAGES } from '@/domain/messages';
import type { Db } from '@/server/db';
import { basketTokenForRequest, currentUser } from '@/server/http';
import { paymentProviders } from '@/server/payments';
import { publicOrigin } from '@/server/runtime';
import { type CheckoutDeps, loadCheckout } from './index';
import { type PayAnswer, pay } from './pay';

export type PayLaterMethod = 'klarna' | 'clearpay';

type PayLaterContext = Pick<APIContext, 'session' | 'cookies' | 'url'>;

export interface PayLaterSessionAnswer {
  status: number;
  body: PayLaterSessionResponse | PayFailure;
}

const failure = (status: number, message: string, reason: string | null = null): PayLaterSessionAnswer => ({
  status,
  body: { message, status, reason },
});

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
 * Opens a Klarna session or Clearpay checkout for the request's basket through the method's
 * PaymentProvider (a real provider replaces the sandbox by configuration); the answer says where to go.
 */
export async function startPayLaterSession(
  db: Db,
  context: PayLaterContext,
  method: PayLaterMethod,
  request: PayLaterSessionRequest,
  deps: CheckoutDeps = {},
): Promise<PayLaterSessionAnswer> {
  const returnPath = checkoutReturnPath(request.returnUrl, publicOrigin());
  if (returnPath === null) return failure(400, "returnUrl must be this shop's /checkout page.");
  const user = await currentUser(context);
  const basketToken = await basketTokenForRequest(context, db, user);
  if (basketToken === null) return failure(400, CHECKOUT_COPY.emptyBasket);
  const view = await loadCheckout(
    db,
    { basketToken, user, params: { ...CHECKOUT_PARAM_DEFAULTS, wallet: request.wallet }, now: new Date() },
    deps,
  );
  if (view.deals.length === 0) return failure(400, CHECKOUT_COPY.emptyBasket);
  if (!view.canPay) return failure(409, CHECKOUT_COPY.basketChanged);
  const { eligibleOptions, withheld } = view.userInfo.paymentOptions;
  if (!eligibleOptions.includes(method)) {
    const why = withheld.find((item) => item.option === method);
    // The provider did not answer its configuration call: say so, as for any unreachable provider.
    if (why?.reason === 'providerUnavailable') return failure(503, MESSAGES.providerUnreachable);
    return failure(422, MESSAGES.tryDifferentMethod, why?.message ?? CHECKOUT_COPY.methodNotOffered);
  }
  const { orderSummary } = view;
  const provider = (deps.providers ?? paymentProviders(deps.env)).forMethod(method);
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
      return { status: 201, body: { redirectUrl: answer.redirectUrl } };
    case 'refused':
      return failure(422, MESSAGES.tryDifferentMethod, CHECKOUT_COPY.methodNotOffered);
    case 'unreachable':
      return failure(503, MESSAGES.providerUnreachable);
    case 'noResponse':
      return failure(504, MESSAGES.providerUnreachable);
  }
}

/** The pay call with the method fixed: the same pay() and Idempotency-Key rules as /api/v1/pay. */
export function payWithPayLater(
  db: Db,
  context: PayLaterContext,
  key: string,
  method: PayLaterMethod,
  request: PayLaterPayRequest,
): Promise<PayAnswer> {
  const full: PayRequest = {
    ...request,
    paymentMethod: method,
    paypalCredit: false,
    instrumentMode: 'NEW',
    saveInstrument: false,
  };
  return pay(db, context, key, full);
}
