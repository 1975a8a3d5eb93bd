/**
 * Express Buy (docs/decisions/016-payment-methods.md; spec 4, spec 7 express-buy-token): a signed-in shopper with a default
 * saved instrument gets a short-lived token (stored hashed, 30 minutes), then buys one option of one
 * deal in a single step (a posted one with the delivery address the shopper confirmed or typed,
 * docs/decisions/051). The purchase runs on a one-off basket, never the shopper's own, through the
 * same order service and idempotency key handling as /pay. A deal Express Buy cannot take (domain
 * rule), or a method spec 5 does not allow for the amount, is refused with spec 8's message and the
 * deal page's options, where the standard checkout starts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { ExpressBuyFailure, ExpressBuyRequest, ExpressBuyTokenResponse } from '@/contracts/express-buy';
import type { OrderResponse } from '@/contracts/pay';
import { isBrand } from '@/domain/brands';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import type { DynamicPriceVariant } from '@/domain/dynamic-price';
import type { ErrorKind, Refusal } from '@/domain/errors';
import { expressBuyVerdict } from '@/domain/express-buy';
import { CARD_REASONS, MESSAGES } from '@/domain/messages';
import type { PaymentMethod, PaymentOption } from '@/domain/payment-methods';
import { instrumentLabel, isInstrumentExpired } from '@/domain/saved-instruments';
import { VIP_SUBSCRIPTION_DEAL_ID } from '@/domain/subscription';
import type { UserRow } from '@/server/accounts/schema';
import { createBasket, discardOpenBasket, loadOfferings, retrievePricedBasket } from '@/server/basket';
import { eligibilityFor, instrumentsFor, strictPayLater } from '@/server/checkout';
import type { Db } from '@/server/db';
import { customerOwner, runIdempotently } from '@/server/idempotency';
import { createAuthenticationNonce, findDefaultInstrument, findOwnInstrument } from '@/server/instruments';
import { placeOrder } from '@/server/orders';
import { type PaymentProviders, paymentProviders } from '@/server/payments';
import { expressBuyTokens } from './schema';

/** How long an express-buy token lasts. */
export const EXPRESS_BUY_TOKEN_MINUTES = 30;

/**
 * A refused token or purchase: spec 8's message, the card's reason, and the deal page to buy from
 * instead; with `authenticationRequired`, the amount the saved card's issuer is to authenticate.
 */
export type ExpressBuyRefusal = Refusal<NonNullable<ExpressBuyFailure['code']>> &
  Pick<ExpressBuyFailure, 'checkoutUrl' | 'amount'>;

/** The token issued (spec 7 express-buy-token), or why not. */
export type ExpressBuyTokenResult = { ok: true; token: ExpressBuyTokenResponse } | ExpressBuyRefusal;

/** The order placed (spec 3 order response; `fresh` when this call placed it, not a replay of its key), or why not. */
export type ExpressBuyResult = { ok: true; order: OrderResponse; fresh: boolean } | ExpressBuyRefusal;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const failure = (
  kind: ErrorKind,
  message: string,
  extra: Pick<ExpressBuyFailure, 'checkoutUrl' | 'code' | 'amount'> & { reason?: string | null } = {},
): ExpressBuyRefusal => ({
  ok: false,
  kind,
  message,
  reason: extra.reason ?? null,
  checkoutUrl: extra.checkoutUrl,
  code: extra.code,
  amount: extra.amount,
});

/**
 * spec 7 express-buy-token: for the signed-in shopper's own email, a token for their default saved
 * instrument (not an expired card), named for the button.
 */
export async function issueExpressBuyToken(
  db: Db,
  user: UserRow,
  email: string,
  now: Date,
): Promise<ExpressBuyTokenResult> {
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) {
    return failure('forbidden', CHECKOUT_COPY.expressBuyNotYourEmail);
  }
  const instrument = await findDefaultInstrument(db, user.id);
  if (instrument === null) return failure('notFound', CHECKOUT_COPY.expressBuyNoDefault);
  if (isInstrumentExpired(instrument, now)) return failure('conflict', CHECKOUT_COPY.expressBuyDefaultExpired);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + EXPRESS_BUY_TOKEN_MINUTES * 60_000);
  // The shopper's spent tokens go as a new one comes: the table holds only live ones for long.
  await db
    .delete(expressBuyTokens)
    .where(and(eq(expressBuyTokens.userId, user.id), lt(expressBuyTokens.expiresAt, now)));
  await db.insert(expressBuyTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    instrumentId: instrument.id,
    expiresAt,
    createdAt: now,
  });
  return {
    ok: true,
    token: {
      token,
      expiresAt: expiresAt.toISOString(),
      instrument: { type: instrument.type, label: instrumentLabel(instrument) },
    },
  };
}

/** The instrument a live token of this shopper's pays with, or null. */
async function instrumentForToken(db: Db, userId: number, token: string, now: Date) {
  const [row] = await db
    .select({ instrumentId: expressBuyTokens.instrumentId })
    .from(expressBuyTokens)
    .where(
      and(
        eq(expressBuyTokens.tokenHash, hashToken(token)),
        eq(expressBuyTokens.userId, userId),
        gt(expressBuyTokens.expiresAt, now),
      ),
    );
  return row === undefined ? null : findOwnInstrument(db, userId, row.instrumentId);
}

/**
 * A one-time nonce of the saved card a live token of this shopper's pays with, for their browser to
 * authenticate when the card's issuer asks (decision 043): as Express Buy itself, only with the token.
 * An unknown or expired token is `unauthorised`, as the purchase answers it.
 */
export async function expressBuyAuthenticationNonce(
  db: Db,
  input: { user: UserRow; token: string; now: Date },
  providers: PaymentProviders = paymentProviders(),
): Promise<{ ok: true; nonce: string } | ExpressBuyRefusal> {
  const instrument = await instrumentForToken(db, input.user.id, input.token, input.now);
  if (instrument === null) return failure('unauthorised', CHECKOUT_COPY.expressBuyExpired);
  return { ok: true, nonce: await createAuthenticationNonce(db, input.user.id, instrument.id, providers) };
}

export interface ExpressBuyInput {
  user: UserRow;
  request: ExpressBuyRequest;
  idempotencyKey: string;
  now: Date;
  /** Site origin, for the confirmation email's links. */
  origin: string;
  brand: string;
  /** spec 4: the dynamic price variant the deal page showed; the one-off basket keeps its lower price (decision 058). */
  dynamicPrice?: DynamicPriceVariant;
}

/** What one purchase comes to, stored under its Idempotency-Key. */
type PurchaseResult = { ok: true; order: OrderResponse } | ExpressBuyRefusal;

/** The one purchase, run once for its Idempotency-Key (the caller wraps it). */
async function buyOnce(db: Db, providers: PaymentProviders, input: ExpressBuyInput): Promise<PurchaseResult> {
  const { user, request, now } = input;
  const checkoutUrl = `/deal/${request.dealId}/${request.productId}#options-heading`;
  const refused = (reason: string) => {
    console.info(`[express-buy] deal ${request.dealId} option ${request.productId} refused: ${reason}`);
    return failure('unprocessable', MESSAGES.expressBuyRefused, { checkoutUrl });
  };

  const instrument = await instrumentForToken(db, user.id, request.token, now);
  if (instrument === null) return failure('unauthorised', CHECKOUT_COPY.expressBuyExpired, { checkoutUrl });
  if (isInstrumentExpired(instrument, now)) {
    return failure('unprocessable', MESSAGES.expressBuyRefused, { reason: CARD_REASONS.cardExpired, checkoutUrl });
  }

  // decision 047: the VIP membership is bought only through the checkout, where its price, renewal and
  // cancellation terms sit beside the pay button; never in one tap.
  if (request.dealId === VIP_SUBSCRIPTION_DEAL_ID) return refused('notStandard');

  const offering = (
    await loadOfferings(db, [request.productId], { eligibleForVip: user.isVip, userId: user.id }, now)
  ).get(request.productId);
  const verdict = expressBuyVerdict({
    deal: offering?.deal ?? {
      dealType: 'unknown',
      isTravel: false,
      deliveryType: 'unknown',
      bookingCalendarOnRedemption: false,
      giftClaim: false,
      pricePerPerson: false,
    },
    option:
      offering === undefined
        ? null
        : {
            belongsToDeal: offering.deal.id === request.dealId,
            unavailable: offering.unavailable,
            hasDeposit: offering.product.hasDeposit,
            bounds: offering.bounds,
          },
    quantity: request.quantity,
  });
  if (!verdict.ok) return refused(verdict.reason);

  // A one-off basket: the shopper's own basket (and its cookie) stays as it was.
  const basketToken = await createBasket(
    db,
    {
      brand: input.brand,
      customerToken: null,
      eligibleForVip: user.isVip,
      products: [
        {
          dealId: request.dealId,
          dealProductId: request.productId,
          quantity: request.quantity,
          purchaseUrl: `/deal/${request.dealId}`,
        },
      ],
    },
    { dynamicPrice: input.dynamicPrice ?? 'a' },
  );
  const discard = () => discardOpenBasket(db, basketToken);
  const basket = await retrievePricedBasket(db, basketToken, { userId: user.id });
  const line = basket?.lines[0];
  if (basket === null || line === undefined || basket.lines.length !== 1 || line.quantity !== request.quantity) {
    await discard();
    return refused('basket');
  }

  // spec 5: the saved instrument's method must be allowed for this order and amount.
  const method: PaymentMethod = instrument.type === 'card' ? 'credit_card' : 'paypal';
  const option: PaymentOption = method;
  const totalMinor = basket.total.amountMinor;
  const eligibility = await eligibilityFor(providers, {
    user,
    instruments: await instrumentsFor(db, user),
    lines: basket.lines,
    orderTotalMinor: totalMinor,
    chargeMinor: totalMinor,
    currency: basket.total.currency,
    strictPayLater: strictPayLater(),
  });
  if (!eligibility.offered.includes(option)) {
    await discard();
    return refused(`method ${option} not eligible`);
  }

  const { threeDSecureAuthenticationId } = request;
  const result = await placeOrder(db, providers, {
    basketToken,
    buyer: { id: user.id, email: user.email, firstName: user.firstName },
    useWallet: false,
    expected: { totalMinor, walletUsedMinor: 0, cashAmountMinor: totalMinor },
    payment: {
      method,
      savedInstrument: { id: instrument.id, token: instrument.token },
      // decision 043: the saved card's authentication, when its issuer asked for one.
      ...(method === 'credit_card' && threeDSecureAuthenticationId ? { threeDSecureAuthenticationId } : {}),
    },
    // docs/decisions/051: a posted option goes to the address confirmed or typed with the purchase.
    delivery: request.delivery ?? null,
    idempotencyKey: input.idempotencyKey,
    now,
    origin: input.origin,
    brand: isBrand(input.brand) ? input.brand : undefined,
  });
  if (!result.ok) {
    await discard();
    const { code } = result;
    // What the browser authenticates before it buys again: the order's amount as priced here.
    const amount =
      code === 'authenticationRequired' ? { amountMinor: totalMinor, currency: basket.total.currency } : undefined;
    return failure(result.kind, result.message, { reason: result.reason, checkoutUrl, code, amount });
  }
  const { order } = result;
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
 * Buys with Express Buy under the request's Idempotency-Key: a repeat replays the first result (one
 * charge, one order), the same key with another body is refused, a repeat in flight is a conflict.
 */
export async function expressBuy(
  db: Db,
  input: ExpressBuyInput,
  providers: PaymentProviders = paymentProviders(),
): Promise<ExpressBuyResult> {
  const outcome = await runIdempotently(
    db,
    {
      key: input.idempotencyKey,
      scope: 'express-buy',
      owner: customerOwner(input.user.id),
      body: { user: input.user.id, ...input.request },
    },
    () => buyOnce(db, providers, input),
  );
  if (outcome.kind === 'inFlight') return failure('conflict', CHECKOUT_COPY.keyInFlight, { code: 'inFlight' });
  if (outcome.kind === 'mismatch') return failure('unprocessable', CHECKOUT_COPY.keyMismatch);
  const { result } = outcome;
  return result.ok ? { ...result, fresh: outcome.kind === 'fresh' } : result;
}
