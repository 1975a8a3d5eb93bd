/**
 * The pay calls as HTTP (spec 7 /pay, /kn/sessions, /cp/checkouts, /kn/pay, /cp/pay): who is asking
 * and which basket they shop with, read from the session and cookies, handed to the checkout service
 * as plain values; its result answered as spec 3's order response (201) or `{ message, status,
 * reason }`. After an order the basket cookies go, a guest's session remembers the order for its
 * vouchers page, and the order's follow-ups are sent (docs/decisions/012-orders-and-checkout.md).
 */
import type { APIContext } from 'astro';
import type { PayRequest } from '@/contracts/pay';
import { PayLaterPayRequestSchema, PayLaterSessionRequestSchema } from '@/contracts/pay-later';
import { IDENTITY_COOKIES } from '@/domain/cookies';
import { MESSAGES } from '@/domain/messages';
import {
  checkGuestAllowance,
  type PayLaterMethod,
  pay,
  payLaterPayRequest,
  startPayLaterSession,
} from '@/server/checkout';
import { getDb } from '@/server/db';
import { eventsSettled } from '@/server/events';
import { logError } from '@/server/log';
import type { PaymentProviders } from '@/server/payments';
import { flushOutbox } from '@/server/runtime';
import { json } from './api';
import { basketTokenForRequest, forgetBasket } from './basket-cookies';
import { endpoint } from './endpoint';
import { idempotencyOwner } from './idempotency-owner';
import { currentUser } from './session';
import { refusalResponse } from './status';
import { rememberGuestOrder } from './voucher-access';

type PayContext = Pick<APIContext, 'session' | 'cookies' | 'url'> &
  Partial<Pick<APIContext, 'locals'>> & { clientAddress?: string };

/** The IP of a request, for the throttle on anonymous account checks (docs/decisions/054). */
function addressOf(context: PayContext): string {
  try {
    return context.clientAddress ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Runs one pay call for this request under its Idempotency-Key and answers it (a replay as the first). */
export async function payResponse(
  context: PayContext,
  idempotencyKey: string,
  request: PayRequest,
  providers?: PaymentProviders,
): Promise<Response> {
  const { db } = await getDb();
  const signedIn = await currentUser(context);
  const ip = addressOf(context);
  const overAllowance = await checkGuestAllowance({ request, signedIn, ip });
  if (overAllowance !== null) return refusalResponse(overAllowance);
  const outcome = await pay(
    db,
    {
      request,
      idempotencyKey,
      // The key replays for this customer or guest session only; anyone else is refused, no order.
      owner: await idempotencyOwner(context.session, signedIn?.id ?? null),
      signedIn,
      basketToken: await basketTokenForRequest(context, db, signedIn),
      referralCode: context.cookies.get(IDENTITY_COOKIES.referralCode)?.value ?? null,
      ip,
      // The order confirmation comes from the brand the shopper bought on (decision 042).
      brand: context.locals?.brand,
    },
    providers,
  );
  if (!outcome.ok) return refusalResponse(outcome);
  forgetBasket(context);
  // A guest sees this order's vouchers in this browser session (replays included).
  if (signedIn === null) await rememberGuestOrder(context.session, outcome.order.productOrder.id);
  // The order's follow-ups (confirmation email, sign-in link, e-gifts) run after this answer
  // (docs/decisions/063): their mail goes out once the process's drain has written it.
  if (outcome.fresh) {
    void eventsSettled()
      .then(flushOutbox)
      .catch((error: unknown) => logError('checkout', 'order mail left for the next flush', error));
  }
  return json(outcome.order, { status: 201 });
}

/** POST /kn/sessions, /cp/checkouts: `{returnUrl, email?, wallet?}` in, `{redirectUrl}` (201) out. */
export function payLaterSessionRoute(method: PayLaterMethod) {
  return endpoint({
    who: 'anyone',
    input: PayLaterSessionRequestSchema,
    invalid: 'firstField',
    area: method,
    unexpected: MESSAGES.requestProblemContinue,
    handler: async ({ input, context }) => {
      const { db } = await getDb();
      const user = await currentUser(context);
      const basketToken = await basketTokenForRequest(context, db, user);
      const opened = await startPayLaterSession(db, { method, request: input, user, basketToken });
      return opened.ok ? json({ redirectUrl: opened.redirectUrl }, { status: 201 }) : refusalResponse(opened);
    },
  });
}

/** POST /kn/pay, /cp/pay: the pay call for the method, under an Idempotency-Key as /pay is. */
export function payLaterPayRoute(method: PayLaterMethod) {
  return endpoint({
    who: 'anyone',
    idempotent: true,
    input: PayLaterPayRequestSchema,
    invalid: 'firstField',
    area: method,
    unexpected: MESSAGES.purchaseNotCompleted,
    handler: ({ input, context, idempotencyKey }) =>
      payResponse(context, idempotencyKey, payLaterPayRequest(method, input)),
  });
}
