/**
 * The pay request (spec 7 /pay) from the request's point of view: who is buying (the signed-in
 * shopper, or a guest by email through express-register), which basket, and the idempotency key
 * wrapped round the order service. The endpoint stays a thin adapter over this.
 */
import { CHECKOUT_EMAIL_CONFIRMATION } from 'astro:env/server';
import type { APIContext } from 'astro';
import type { OrderResponse, PayFailure, PayRequest } from '../../contracts/pay';
import { needsEmailConfirmation } from '../../domain/checkout';
import { CHECKOUT_COPY } from '../../domain/checkout-copy';
import { MESSAGES } from '../../domain/messages';
import { expressRegisterUser, requestEmailLink } from '../accounts';
import { flushOutbox } from '../accounts/runtime';
import { currentUser } from '../accounts/session';
import { basketTokenForRequest, forgetBasket } from '../basket/cookies';
import type { Db } from '../db';
import type { UserRow } from '../db/schema';
import { runIdempotently } from '../idempotency';
import { placeOrder } from '../orders';
import { cardProvider } from '../payments';
import { rememberGuestOrder } from '../vouchers/guest-access';

type PayContext = Pick<APIContext, 'session' | 'cookies' | 'url'>;

export interface PayAnswer {
  status: number;
  body: OrderResponse | PayFailure;
}

const failure = (status: number, message: string, reason: string | null = null): PayAnswer => ({
  status,
  body: { message, status, reason },
});

/** The buyer: the signed-in shopper, else a guest's express account (never one with a password). */
async function resolveBuyer(
  db: Db,
  signedIn: UserRow | null,
  email: string | undefined,
): Promise<{ ok: true; user: UserRow; isGuest: boolean } | { ok: false; answer: PayAnswer }> {
  if (signedIn !== null) return { ok: true, user: signedIn, isGuest: false };
  if (email === undefined) return { ok: false, answer: failure(400, CHECKOUT_COPY.needEmail) };
  const { user } = await expressRegisterUser(db, email);
  // An account someone can sign in to is theirs: a guest may not buy into it without signing in.
  if (user.passwordHash !== null || user.isThirdPartyLogin) {
    return {
      ok: false,
      answer: { status: 409, body: { message: CHECKOUT_COPY.signInToBuy, status: 409, code: 'signInRequired' } },
    };
  }
  return { ok: true, user, isGuest: true };
}

/** Runs one pay request under its Idempotency-Key: a repeat replays the first answer, whatever it was. */
export async function pay(db: Db, context: PayContext, key: string, request: PayRequest): Promise<PayAnswer> {
  // Who placed it, when this request (not a replay) ran the order.
  const ran: { buyer: { user: UserRow; isGuest: boolean } | null } = { buyer: null };
  const signedIn = await currentUser(context);
  const outcome = await runIdempotently(db, { key, scope: 'pay', body: request }, async () => {
    const basketToken = await basketTokenForRequest(context, db, signedIn);
    if (basketToken === null) return failure(400, CHECKOUT_COPY.emptyBasket);
    const resolved = await resolveBuyer(db, signedIn, request.email);
    if (!resolved.ok) return resolved.answer;
    ran.buyer = resolved;
    const { user, isGuest } = resolved;
    const result = await placeOrder(db, cardProvider(db), {
      basketToken,
      buyer: { id: user.id, email: user.email, firstName: user.firstName },
      useWallet: request.wallet && !isGuest,
      expected: {
        totalMinor: request.totalOrderAmount,
        walletUsedMinor: request.walletUsed,
        cashAmountMinor: request.cashAmount,
      },
      payment:
        request.paymentMethod === 'credit_card' && request.nonce
          ? { method: 'credit_card', nonce: request.nonce, billingPostcode: request.billingPostcode }
          : null,
      idempotencyKey: key,
      now: new Date(),
      origin: context.url.origin,
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
    const placedBy = ran.buyer;
    if (outcome.kind === 'fresh' && placedBy !== null) {
      const { user } = placedBy;
      // spec 4: a buyer without a password or third-party login confirms their email from a link.
      const confirm = needsEmailConfirmation(CHECKOUT_EMAIL_CONFIRMATION, {
        hasPassword: user.passwordHash !== null,
        isThirdPartyLogin: user.isThirdPartyLogin,
      });
      if (confirm) await requestEmailLink(db, { email: user.email, purpose: 'sign_in', origin: context.url.origin });
      await flushOutbox();
    }
  }
  return answer;
}
