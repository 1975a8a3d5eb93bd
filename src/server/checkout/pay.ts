/**
 * The pay request (spec 7 /pay) from the request's point of view: who is buying (the signed-in
 * shopper, or a guest by email through express-register), which basket, and the idempotency key
 * wrapped round the order service. The endpoint stays a thin adapter over this.
 */

import { CHECKOUT_EMAIL_CONFIRMATION } from 'astro:env/server';
import type { APIContext } from 'astro';
import type { OrderResponse, PayFailure, PayRequest } from '@/contracts/pay';
import { ACCOUNT_COPY } from '@/domain/account-copy';
import { needsEmailConfirmation } from '@/domain/checkout';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { IDENTITY_COOKIES } from '@/domain/cookies';
import { MESSAGES } from '@/domain/messages';
import type { PaymentOption } from '@/domain/payment-methods';
import { VIP_SUBSCRIPTION_DEAL_ID } from '@/domain/subscription';
import { canSignIn, expressRegisterUser, hasUsablePassword } from '@/server/accounts';
import type { UserRow } from '@/server/accounts/schema';
import { retrievePricedBasket } from '@/server/basket';
import { attachReferral } from '@/server/credit';
import type { Db } from '@/server/db';
import { basketTokenForRequest, currentUser, forgetBasket } from '@/server/http';
import { idempotencyOwner, runIdempotently } from '@/server/idempotency';
import { findOwnInstrument } from '@/server/instruments';
import { type OrderPayment, placeOrder } from '@/server/orders';
import { type PaymentProviders, paymentProviders } from '@/server/payments';
import { accountCheckThrottle, flushOutbox, publicOrigin } from '@/server/runtime';
import { rememberGuestOrder } from '@/server/vouchers';
import { eligibilityFor, instrumentsFor, strictPayLater } from './payment-options';

type PayContext = Pick<APIContext, 'session' | 'cookies' | 'url'> & { clientAddress?: string };

export interface PayAnswer {
  status: number;
  body: OrderResponse | PayFailure;
}

const failure = (status: number, message: string, reason: string | null = null): PayAnswer => ({
  status,
  body: { message, status, reason },
});

/** The IP of a request, for the per-IP allowance of anonymous account checks (issue 14.10). */
function addressOf(context: PayContext): string {
  try {
    return context.clientAddress ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The buyer: the signed-in shopper, else a guest's express account (never one with a password).
 * Telling a guest that an email must sign in counts against the IP's hourly allowance (issue 14.10).
 */
async function resolveBuyer(
  db: Db,
  signedIn: UserRow | null,
  email: string | undefined,
  ip: string,
): Promise<{ ok: true; user: UserRow; isGuest: boolean } | { ok: false; answer: PayAnswer }> {
  if (signedIn !== null) return { ok: true, user: signedIn, isGuest: false };
  if (email === undefined) return { ok: false, answer: failure(400, CHECKOUT_COPY.needEmail) };
  const { user } = await expressRegisterUser(db, email);
  // An account someone can sign in to is theirs: a guest may not buy into it without signing in.
  if (canSignIn(user)) {
    await accountCheckThrottle().recordReveal(ip);
    return {
      ok: false,
      answer: { status: 409, body: { message: CHECKOUT_COPY.signInToBuy, status: 409, code: 'signInRequired' } },
    };
  }
  return { ok: true, user, isGuest: true };
}

const notOffered = (): PayAnswer => failure(422, MESSAGES.tryDifferentMethod, CHECKOUT_COPY.methodNotOffered);

/**
 * The cash part's payment, checked against spec 5 eligibility for this basket and shopper (so a
 * method the checkout did not offer is refused however the request was made), with a saved
 * instrument resolved as the buyer's own.
 */
async function orderPayment(
  db: Db,
  providers: PaymentProviders,
  input: { request: PayRequest; basketToken: string; user: UserRow; isGuest: boolean },
): Promise<{ ok: true; payment: OrderPayment | null } | { ok: false; answer: PayAnswer }> {
  const { request, basketToken, user, isGuest } = input;
  const method = request.paymentMethod;
  if (method === 'wallet') return { ok: true, payment: null };
  const signedIn = isGuest ? null : user;
  const basket = await retrievePricedBasket(db, basketToken, { userId: user.id });
  const instruments = await instrumentsFor(db, signedIn);
  const eligibility = await eligibilityFor(providers, {
    user: signedIn,
    instruments,
    lines: basket?.lines ?? [],
    orderTotalMinor: request.totalOrderAmount,
    chargeMinor: request.cashAmount,
    currency: basket?.total.currency ?? 'GBP',
    strictPayLater: strictPayLater(),
  });
  const option: PaymentOption = method === 'paypal' && request.paypalCredit ? 'paypal_credit' : method;
  if (!eligibility.offered.includes(option)) return { ok: false, answer: notOffered() };

  if (request.instrumentMode === 'EXISTING') {
    const saved =
      signedIn === null || request.instrumentId === undefined
        ? null
        : await findOwnInstrument(db, signedIn.id, request.instrumentId);
    const fits = saved !== null && (saved.type === 'card' ? method === 'credit_card' : method === 'paypal');
    if (saved === null || !fits) return { ok: false, answer: notOffered() };
    return { ok: true, payment: { method, savedInstrument: { id: saved.id, token: saved.token } } };
  }
  if (!request.nonce) return { ok: false, answer: failure(400, MESSAGES.paymentFailed, CHECKOUT_COPY.needCard) };
  return {
    ok: true,
    payment: {
      method,
      nonce: request.nonce,
      billingPostcode: request.billingPostcode,
      // Only a signed-in shopper keeps an instrument, and only the kinds a gateway vaults. Issue 19:
      // the VIP subscription renews on the instrument that bought it, so buying it keeps it.
      save:
        (request.saveInstrument || (basket?.lines.some((line) => line.dealId === VIP_SUBSCRIPTION_DEAL_ID) ?? false)) &&
        signedIn !== null &&
        (method === 'credit_card' || method === 'paypal'),
    },
  };
}

/** Runs one pay request under its Idempotency-Key: a repeat replays the first answer, whatever it was. */
export async function pay(
  db: Db,
  context: PayContext,
  key: string,
  request: PayRequest,
  providers: PaymentProviders = paymentProviders(),
): Promise<PayAnswer> {
  // Who placed it, when this request (not a replay) ran the order.
  const ran: { buyer: { user: UserRow; isGuest: boolean } | null } = { buyer: null };
  const signedIn = await currentUser(context);
  if (signedIn === null && request.email !== undefined) {
    // Issue 14.10: an IP that has been told too often that an email must sign in waits (not stored under the key).
    const wait = await accountCheckThrottle().retryAfter(addressOf(context));
    if (wait > 0) return failure(429, ACCOUNT_COPY.tooManyChecks);
  }
  // Issue 14.2: the key replays for this customer or guest session only; anyone else gets 422, no order.
  const owner = await idempotencyOwner(context.session, signedIn?.id ?? null);
  const outcome = await runIdempotently(db, { key, scope: 'pay', owner, body: request }, async () => {
    const basketToken = await basketTokenForRequest(context, db, signedIn);
    if (basketToken === null) return failure(400, CHECKOUT_COPY.emptyBasket);
    const resolved = await resolveBuyer(db, signedIn, request.email, addressOf(context));
    if (!resolved.ok) return resolved.answer;
    ran.buyer = resolved;
    const { user, isGuest } = resolved;
    // Issue 17: a guest who came through a refer-a-friend link is attached before their first order.
    const referral = context.cookies.get(IDENTITY_COOKIES.referralCode)?.value;
    if (isGuest && referral) await attachReferral(db, { code: referral, friendUserId: user.id });
    const payment = await orderPayment(db, providers, { request, basketToken, user, isGuest });
    if (!payment.ok) return payment.answer;
    // spec 4: a buyer without a password or third-party login confirms their email from a link,
    // sent after the order commits by the accounts' `email-confirmation-link` subscriber.
    const confirmEmail = needsEmailConfirmation(CHECKOUT_EMAIL_CONFIRMATION, {
      hasPassword: hasUsablePassword(user),
      isThirdPartyLogin: user.isThirdPartyLogin,
    });
    const result = await placeOrder(db, providers, {
      basketToken,
      confirmEmail,
      buyer: { id: user.id, email: user.email, firstName: user.firstName },
      useWallet: request.wallet && !isGuest,
      expected: {
        totalMinor: request.totalOrderAmount,
        walletUsedMinor: request.walletUsed,
        cashAmountMinor: request.cashAmount,
      },
      payment: payment.payment,
      promoCode: request.promoCode || null,
      idempotencyKey: key,
      now: new Date(),
      origin: publicOrigin(),
    });
    if (!result.ok) return failure(result.status, result.message, result.reason);
    const { order } = result;
    const body: OrderResponse = {
      productOrder: { id: order.id },
      cardType: order.cardType,
      walletAmountUsed: order.walletUsedMinor,
      currency: order.currency,
      message: MESSAGES.purchaseSuccessful,
      redirect: `/myaccount/vouchers?order=${order.id}`,
    };
    return { status: 201, body };
  });

  if (outcome.kind === 'inFlight') {
    return { status: 409, body: { message: CHECKOUT_COPY.keyInFlight, status: 409, code: 'inFlight' } };
  }
  if (outcome.kind === 'mismatch') return failure(422, CHECKOUT_COPY.keyMismatch);
  const answer: PayAnswer = { status: outcome.status, body: outcome.body as PayAnswer['body'] };
  if (answer.status === 201 && 'productOrder' in answer.body) {
    const orderId = answer.body.productOrder.id;
    forgetBasket(context);
    // A guest sees this order's vouchers in this browser session (replays included).
    if (signedIn === null) await rememberGuestOrder(context.session, orderId);
    // The order's follow-ups (confirmation email, sign-in link) are in the outbox now: send them.
    if (outcome.kind === 'fresh' && ran.buyer !== null) await flushOutbox();
  }
  return answer;
}
