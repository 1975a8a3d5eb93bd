/**
 * The pay request (spec 7 /pay): who is buying (the signed-in shopper, or a guest by email through
 * express-register), checked against what the checkout offered, placed through the order service under
 * the Idempotency-Key (a repeat gets the first result, one charge, one order). Plain inputs: the web
 * layer (src/server/http/checkout.ts) reads the session and cookies and answers the result.
 */

import { CHECKOUT_EMAIL_CONFIRMATION } from 'astro:env/server';
import type { DeliveryAddress } from '@/contracts/delivery';
import type { OrderResponse, PayFailure, PayRequest } from '@/contracts/pay';
import { ACCOUNT_COPY } from '@/domain/account-copy';
import type { Brand } from '@/domain/brands';
import { needsEmailConfirmation } from '@/domain/checkout';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { type Refusal, refused } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import type { PaymentOption } from '@/domain/payment-methods';
import { VIP_SUBSCRIPTION_DEAL_ID } from '@/domain/subscription';
import { canSignIn, expressRegisterUser, hasUsablePassword } from '@/server/accounts';
import type { UserRow } from '@/server/accounts/schema';
import { addSavedAddress, listSavedAddresses } from '@/server/addresses';
import { retrievePricedBasket } from '@/server/basket';
import { attachReferral } from '@/server/credit';
import type { Db } from '@/server/db';
import { runIdempotently } from '@/server/idempotency';
import { findOwnInstrument } from '@/server/instruments';
import { logWarning } from '@/server/log';
import { type OrderPayment, placeOrder } from '@/server/orders';
import { type PaymentProviders, paymentProviders } from '@/server/payments';
import { accountCheckThrottle, publicOrigin } from '@/server/runtime';
import { eligibilityFor, instrumentsFor, strictPayLater } from './payment-options';

/** A refused pay call: spec 8's message, the card's reason, and a code for the two cases a caller acts on. */
export type PayRefusal = Refusal<NonNullable<PayFailure['code']>>;

/** What one pay call comes to, stored under its Idempotency-Key: spec 3's order response, or why not. */
export type PayResult = { ok: true; order: OrderResponse } | PayRefusal;

/** A pay call's outcome: `fresh` when this call placed the order, not a replay of its key. */
export type PayOutcome = { ok: true; order: OrderResponse; fresh: boolean } | PayRefusal;

/** One pay call as the web layer read it from the request. */
export interface PayInput {
  request: PayRequest;
  idempotencyKey: string;
  /** Who the key belongs to: `customerOwner`, or `guestOwner` of a secret in the guest's session. */
  owner: string;
  /** The signed-in shopper, or null for a guest. */
  signedIn: UserRow | null;
  /** The basket this request shops with, or null when it has none. */
  basketToken: string | null;
  /** A refer-a-friend code the guest arrived with (spec 9 referral cookie), if any. */
  referralCode: string | null;
  /** The caller's address: "must sign in" answers to one address slow down past its free ones (decision 054). */
  ip: string;
  /** The brand the shopper is buying on: the order confirmation comes from it (decision 042). */
  brand?: Brand;
}

/**
 * The buyer: the signed-in shopper, else a guest's express account (never one with a password).
 * Telling a guest that an email must sign in is counted and, past the address's free answers for
 * different emails, comes slower (docs/decisions/054-checkout-throttle-costs-the-prober.md); a
 * guest who may buy is never counted nor held.
 */
async function resolveBuyer(
  db: Db,
  signedIn: UserRow | null,
  email: string | undefined,
  ip: string,
): Promise<{ ok: true; user: UserRow; isGuest: boolean } | PayRefusal> {
  if (signedIn !== null) return { ok: true, user: signedIn, isGuest: false };
  if (email === undefined) return refused('invalid', CHECKOUT_COPY.needEmail);
  const { user } = await expressRegisterUser(db, email);
  // An account someone can sign in to is theirs: a guest may not buy into it without signing in.
  if (canSignIn(user)) {
    await accountCheckThrottle().recordReveal({ email, ip });
    return { ok: false, kind: 'conflict', message: CHECKOUT_COPY.signInToBuy, code: 'signInRequired' };
  }
  return { ok: true, user, isGuest: true };
}

const notOffered = (): PayRefusal =>
  refused('unprocessable', MESSAGES.tryDifferentMethod, CHECKOUT_COPY.methodNotOffered);

/**
 * The cash part's payment, checked against spec 5 eligibility for this basket and shopper (so a
 * method the checkout did not offer is refused however the request was made), with a saved
 * instrument resolved as the buyer's own.
 */
async function orderPayment(
  db: Db,
  providers: PaymentProviders,
  input: { request: PayRequest; basketToken: string; user: UserRow; isGuest: boolean },
): Promise<{ ok: true; payment: OrderPayment | null } | PayRefusal> {
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
  if (!eligibility.offered.includes(option)) return notOffered();

  if (request.instrumentMode === 'EXISTING') {
    const saved =
      signedIn === null || request.instrumentId === undefined
        ? null
        : await findOwnInstrument(db, signedIn.id, request.instrumentId);
    const fits = saved !== null && (saved.type === 'card' ? method === 'credit_card' : method === 'paypal');
    if (saved === null || !fits) return notOffered();
    return {
      ok: true,
      payment: {
        method,
        savedInstrument: { id: saved.id, token: saved.token },
        // decision 043: a saved card's issuer may ask to authenticate the payment; the browser then
        // authenticates a nonce minted from the card and pays again with it.
        ...(saved.type === 'card' && request.threeDSecureAuthenticationId !== undefined
          ? { threeDSecureAuthenticationId: request.threeDSecureAuthenticationId }
          : {}),
      },
    };
  }
  if (!request.nonce) return refused('invalid', MESSAGES.paymentFailed, CHECKOUT_COPY.needCard);
  return {
    ok: true,
    payment: {
      method,
      nonce: request.nonce,
      billingPostcode: request.billingPostcode,
      // PAYMENTS.md "3-D Secure 2": a new card's authentication; the device wallets are authenticated
      // on the device, and PayPal and pay later have none.
      ...(method === 'credit_card' && request.threeDSecureAuthenticationId !== undefined
        ? { threeDSecureAuthenticationId: request.threeDSecureAuthenticationId }
        : {}),
      // Only a signed-in shopper keeps an instrument, and only the kinds a gateway vaults. The VIP
      // subscription renews on the instrument that bought it, so buying it keeps it (docs/decisions/027).
      save:
        (request.saveInstrument || (basket?.lines.some((line) => line.dealId === VIP_SUBSCRIPTION_DEAL_ID) ?? false)) &&
        signedIn !== null &&
        (method === 'credit_card' || method === 'paypal'),
    },
  };
}

/**
 * Checked before a guest's pay call runs (and not stored under its key), for every email alike: an
 * email already told "must sign in" too often this hour, from any addresses, waits. Nothing here
 * holds a guest for what others at the same address asked (docs/decisions/054).
 */
export async function checkGuestAllowance(
  input: Pick<PayInput, 'request' | 'signedIn' | 'ip'>,
): Promise<PayRefusal | null> {
  if (input.signedIn !== null || input.request.email === undefined) return null;
  const wait = await accountCheckThrottle().retryAfter({ email: input.request.email, ip: input.ip });
  return wait > 0 ? refused('rateLimited', ACCOUNT_COPY.tooManyChecks) : null;
}

/**
 * Runs one pay call under its Idempotency-Key: a repeat gets the first result, whatever it was; the
 * key with another body, or from anyone else, is refused and places nothing; a repeat while the
 * first runs is a conflict.
 */
export async function pay(
  db: Db,
  input: PayInput,
  providers: PaymentProviders = paymentProviders(),
): Promise<PayOutcome> {
  const { request, idempotencyKey: key } = input;
  const outcome = await runIdempotently(
    db,
    { key, scope: 'pay', owner: input.owner, body: request },
    (): Promise<PayResult> => payOnce(db, providers, input),
  );
  if (outcome.kind === 'inFlight') {
    return { ok: false, kind: 'conflict', message: CHECKOUT_COPY.keyInFlight, code: 'inFlight' };
  }
  if (outcome.kind === 'mismatch') return refused('unprocessable', CHECKOUT_COPY.keyMismatch);
  const { result } = outcome;
  return result.ok ? { ...result, fresh: outcome.kind === 'fresh' } : result;
}

/** The one run of a pay call: the buyer, the payment checked against spec 5, then the order. */
async function payOnce(db: Db, providers: PaymentProviders, input: PayInput): Promise<PayResult> {
  const { request, signedIn, basketToken, idempotencyKey: key } = input;
  if (basketToken === null) return refused('invalid', CHECKOUT_COPY.emptyBasket);
  const buyer = await resolveBuyer(db, signedIn, request.email, input.ip);
  if (!buyer.ok) return buyer;
  const { user, isGuest } = buyer;
  // A guest who came through a refer-a-friend link is attached before their first order (docs/decisions/021).
  if (isGuest && input.referralCode) await attachReferral(db, { code: input.referralCode, friendUserId: user.id });
  const payment = await orderPayment(db, providers, { request, basketToken, user, isGuest });
  if (!payment.ok) return payment;
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
    delivery: request.delivery ?? null,
    idempotencyKey: key,
    now: new Date(),
    origin: publicOrigin(),
    brand: input.brand,
  });
  if (!result.ok) return result;
  const { order } = result;
  if (!isGuest && request.saveDeliveryAddress && request.delivery !== undefined) {
    await keepDeliveryAddress(db, user.id, request.delivery);
  }
  return {
    ok: true,
    order: {
      productOrder: { id: order.id },
      cardType: order.cardType,
      walletAmountUsed: order.walletUsedMinor,
      currency: order.currency,
      message: MESSAGES.purchaseSuccessful,
      redirect: `/myaccount/vouchers?order=${order.id}`,
    },
  };
}

/**
 * docs/decisions/051: a signed-in shopper who ticked "Save this address to my account" finds it in
 * My Account next time. After the order committed, so a refusal (the address limit) or a failure
 * never fails the order; an address already saved is not saved twice. The log names no address.
 */
async function keepDeliveryAddress(db: Db, userId: number, address: DeliveryAddress): Promise<void> {
  try {
    const saved = await listSavedAddresses(db, userId);
    const same = (a: DeliveryAddress) =>
      saved.some(
        (b) =>
          b.name === a.name &&
          b.line1 === a.line1 &&
          b.line2 === a.line2 &&
          b.town === a.town &&
          b.postcode === a.postcode,
      );
    if (!same(address)) await addSavedAddress(db, userId, address);
  } catch (error) {
    logWarning('checkout', 'the delivery address was not saved to the account', error);
  }
}
