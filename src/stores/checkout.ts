/**
 * $checkout: the checkout page's state (spec 4 "Checkout status" and "Payment"), with its actions
 * beside it. The island only reads this store and calls these actions.
 *   - status: loading -> ready; updating -> ready on line changes; refreshing -> refreshed -> ready
 *     4 s later (spec 9), when the 300 s payment session timer runs out and the checkout is fetched
 *     again with timerElapsed.
 *   - payment: idle -> paying ("Making payment...") -> succeeded ("Purchase Successful") or failed
 *     ("Payment failed." with the reason). One Idempotency-Key per attempt: a double click or a
 *     retry after a lost answer sends the same key, so the server charges once. A saved card whose
 *     issuer asks to authenticate the payment is authenticated, and paid again once under a new key
 *     (decision 043).
 */
import { map } from 'nanostores';
import type { CheckoutView } from '@/contracts/checkout';
import type { OrderResponse, PayFailure } from '@/contracts/pay';
import {
  CHECKOUT_REFRESH_RESET_MS,
  type CheckoutEvent,
  type CheckoutStatus,
  checkoutQuery,
  nextCheckoutStatus,
} from '@/domain/checkout';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import type { ShippingMethod } from '@/domain/delivery';
import { MESSAGES } from '@/domain/messages';
import type { InstrumentMode, PaymentMethod } from '@/domain/payment-methods';
import {
  deliveryForPay,
  forgetDeliveryForReturn,
  keepDeliveryForReturn,
  showDeliveryMessage,
  showDeliveryRefusal,
} from './checkout-delivery';
import { fetchWithTimeout, requestFailureMessage } from './request';

export type PaymentPhase = 'idle' | 'paying' | 'succeeded' | 'failed';

export interface CheckoutState {
  status: CheckoutStatus;
  view: CheckoutView | null;
  /** A problem loading or changing the basket (not a payment outcome). */
  notice: string | null;
  /** A word about the payment that is not a failure (the shopper cancelled at the provider). */
  paymentNotice: string | null;
  payment: { phase: PaymentPhase; message: string | null; reason: string | null };
  /** Seconds left of the payment session (spec 9: 300). */
  secondsLeft: number;
  email: string;
  /** spec 5 email message under the guest's email field, or null. */
  emailError: string | null;
  /** The key of the attempt in progress; kept until an answer arrives. */
  attemptKey: string | null;
}

export const $checkout = map<CheckoutState>({
  status: 'loading',
  view: null,
  notice: null,
  paymentNotice: null,
  payment: { phase: 'idle', message: null, reason: null },
  secondsLeft: 0,
  email: '',
  emailError: null,
  attemptKey: null,
});

/**
 * The pay call's two answers, recognised by their fields (contracts/pay describes them; the
 * checks stay this small so the page ships no schema library).
 */
function asOrderResponse(value: unknown): OrderResponse | null {
  const v = value as Partial<OrderResponse> | null;
  return v && typeof v.productOrder?.id === 'number' && typeof v.redirect === 'string' ? (v as OrderResponse) : null;
}

function asPayFailure(value: unknown): PayFailure | null {
  const v = value as Partial<PayFailure> | null;
  return v && typeof v.message === 'string' && typeof v.status === 'number' ? (v as PayFailure) : null;
}

/** The shape the server's EmailSchema accepts (contracts/account), without shipping zod to the page. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function move(event: CheckoutEvent): void {
  $checkout.setKey('status', nextCheckoutStatus($checkout.get().status, event));
}

/** Starts the checkout from the server-rendered data (spec 4: loading -> ready). */
export function initCheckout(view: CheckoutView, email = ''): void {
  $checkout.set({
    ...$checkout.get(),
    status: 'loading',
    view,
    email,
    secondsLeft: view.countdown.seconds,
    notice: null,
    paymentNotice: null,
    payment: { phase: 'idle', message: null, reason: null },
    attemptKey: null,
  });
  move('loaded');
}

async function fetchView(
  extra: { timerElapsed?: boolean; promoCode?: string | null } = {},
): Promise<CheckoutView | null> {
  const view = $checkout.get().view;
  const query = checkoutQuery({
    wallet: view?.userInfo.wallet.useWallet ?? false,
    promoCode: view?.promoCode.code ?? null,
    ...extra,
  });
  const response = await fetchWithTimeout(`/api/v1/checkout?${query}${query ? '&' : ''}timestamp=${Date.now()}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return null;
  return (await response.json()) as CheckoutView;
}

/** One tick of the payment session timer; at zero the checkout is fetched again (spec 4). */
export function tickPaymentSession(): void {
  const state = $checkout.get();
  if (state.status !== 'ready' || state.payment.phase === 'paying' || state.payment.phase === 'succeeded') return;
  const left = state.secondsLeft - 1;
  if (left > 0) {
    $checkout.setKey('secondsLeft', left);
    return;
  }
  void refreshCheckout({ timerElapsed: true });
}

/** spec 4: refreshing -> refreshed; after 4 s the countdown resets and the status returns to ready. */
export async function refreshCheckout(extra: { timerElapsed?: boolean } = {}): Promise<void> {
  move('refreshStarted');
  // spec 8 "Connection timeout" when the checkout gave no answer in spec 9's time limit.
  let failure: string = MESSAGES.requestProblemContinue;
  const view = await fetchView(extra).catch((error: unknown) => {
    failure = requestFailureMessage(error, MESSAGES.requestProblemContinue);
    return null;
  });
  if (view !== null) $checkout.setKey('view', view);
  else $checkout.setKey('notice', failure);
  move('refreshFinished');
  setTimeout(() => {
    const seconds = $checkout.get().view?.countdown.seconds ?? 0;
    $checkout.setKey('secondsLeft', seconds);
    move('refreshSettled');
  }, CHECKOUT_REFRESH_RESET_MS);
}

/** A basket change (quantity, remove, wallet toggle, promo code): updating -> ready, with fresh server figures. */
async function changeLines(
  request: () => Promise<Response | null>,
  extra: { promoCode?: string | null } = {},
): Promise<void> {
  if ($checkout.get().status !== 'ready') return;
  move('lineChangeStarted');
  $checkout.setKey('notice', null);
  try {
    const response = await request();
    if (response !== null && !response.ok) {
      const failure = asPayFailure(await response.json().catch(() => null));
      $checkout.setKey('notice', failure?.message ?? MESSAGES.requestProblemContinue);
    }
    const view = await fetchView(extra);
    if (view !== null) $checkout.setKey('view', view);
    else $checkout.setKey('notice', MESSAGES.requestProblemContinue);
  } catch (error) {
    $checkout.setKey('notice', requestFailureMessage(error, MESSAGES.requestProblemContinue));
  } finally {
    move('lineChangeFinished');
  }
}

function basketPath(lineId: number): string | null {
  const token = $checkout.get().view?.basketToken;
  return token ? `/api/v1/basket/${encodeURIComponent(token)}/product/${lineId}` : null;
}

/** Changes a line's quantity (the server bounds it by spec 5). */
export function changeQuantity(lineId: number, quantity: number): Promise<void> {
  return changeLines(async () => {
    const path = basketPath(lineId);
    if (path === null) return null;
    return fetch(path, {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ quantity }),
    });
  });
}

/** docs/decisions/051: how a posted line ships (standard or next day); the server prices it again. */
export function chooseShippingMethod(lineId: number, shippingMethod: ShippingMethod): Promise<void> {
  return changeLines(async () => {
    const path = basketPath(lineId);
    if (path === null) return null;
    return fetch(path, {
      method: 'PATCH',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shippingMethod }),
    });
  });
}

/** Takes a line out of the basket. */
export function removeLine(lineId: number): Promise<void> {
  return changeLines(async () => {
    const path = basketPath(lineId);
    if (path === null) return null;
    return fetch(path, { method: 'DELETE', credentials: 'same-origin' });
  });
}

/** The wallet toggle (spec 3 checkout parameter wallet): the server works out the split. */
export function setUseWallet(useWallet: boolean): Promise<void> {
  const view = $checkout.get().view;
  if (view === null) return Promise.resolve();
  $checkout.setKey('view', { ...view, userInfo: { ...view.userInfo, wallet: { ...view.userInfo.wallet, useWallet } } });
  return changeLines(async () => null);
}

/**
 * Applies a promotion code (the checkout's promoCode parameter): the server prices it in,
 * or says in spec 5's words why it does not apply. The page's address keeps the code, so a reload
 * or a return from a payment provider's page still has it.
 */
export function applyPromoCode(code: string): Promise<void> {
  const trimmed = code.trim().slice(0, 40);
  rememberPromoInAddress(trimmed === '' ? null : trimmed);
  return changeLines(async () => null, { promoCode: trimmed === '' ? null : trimmed });
}

/** Takes the promotion code off the order. */
export function removePromoCode(): Promise<void> {
  rememberPromoInAddress(null);
  return changeLines(async () => null, { promoCode: null });
}

function rememberPromoInAddress(code: string | null): void {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  if (code === null) url.searchParams.delete('promoCode');
  else url.searchParams.set('promoCode', code);
  window.history.replaceState(window.history.state, '', url);
}

export function setEmail(email: string): void {
  $checkout.setKey('email', email);
  if ($checkout.get().emailError !== null) $checkout.setKey('emailError', null);
}

/** spec 5: "Required field" when empty, "Please enter a valid email." when malformed. */
function checkGuestEmail(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return MESSAGES.requiredField;
  return EMAIL_SHAPE.test(trimmed) ? null : MESSAGES.invalidEmail;
}

/** A payment that did not go through: the spec 8 message and the reason under it. */
export function failPayment(message: string, reason: string | null = null): void {
  $checkout.setKey('payment', { phase: 'failed', message, reason });
}

/**
 * What a payment method hands the pay call (src/islands/checkout/methods):
 * - ready: pay now with this nonce / token (NEW) or saved instrument (EXISTING);
 * - refused: the method said no before any money moved (a card that fails its checks, a provider
 *   that cannot be reached), with the spec 8 message;
 * - redirected: the shopper is on their way to the provider's approval page; the payment resumes
 *   when they come back (src/stores/checkout-redirect.ts);
 * - dismissed: the shopper closed a payment sheet; nothing happened.
 */
export type PaymentCredential =
  | {
      kind: 'ready';
      method: PaymentMethod;
      paypalCredit?: boolean;
      nonce?: string;
      /** A new card's 3-D Secure authentication (PAYMENTS.md "3-D Secure 2"; decision 043). */
      threeDSecureAuthenticationId?: string;
      billingPostcode?: string;
      instrumentMode?: InstrumentMode;
      instrumentId?: number;
      saveInstrument?: boolean;
      /**
       * A saved card (EXISTING): how to authenticate it with its issuer when the pay call answers
       * `authenticationRequired` (decision 043), the challenge dialog included.
       */
      authenticate?: () => Promise<SavedCardAuthentication>;
    }
  | { kind: 'refused'; message: string; reason?: string | null }
  | { kind: 'redirected' }
  | { kind: 'dismissed' };

/** A saved card's 3-D Secure authentication: its id to pay again with, or spec 8's message and reason. */
export type SavedCardAuthentication =
  | { ok: true; authenticationId: string }
  | { ok: false; message: string; reason: string | null };

/** What a method may need to know to start: the attempt's key and the figures being paid. */
export interface PaymentAttempt {
  key: string;
  /** The guest's email (already checked), or '' for a signed-in shopper. */
  email: string;
  useWallet: boolean;
  summary: CheckoutView['orderSummary'];
}

/**
 * Pays for the basket. `getCredential` is only called when something is left to pay after the
 * wallet; it tokenises a card at the gateway (never our server), opens a payment sheet, or sends
 * the shopper to a provider's approval page. Returns the order response on success.
 */
export async function submitPayment(
  getCredential: (attempt: PaymentAttempt) => Promise<PaymentCredential>,
): Promise<OrderResponse | null> {
  const state = $checkout.get();
  const view = state.view;
  if (view === null || state.payment.phase === 'paying' || state.payment.phase === 'succeeded') return null;
  if (state.status !== 'ready') return null;
  if (view.userInfo.isGuest) {
    const emailError = checkGuestEmail(state.email);
    $checkout.setKey('emailError', emailError);
    if (emailError !== null) return null;
  }
  $checkout.setKey('payment', { phase: 'paying', message: MESSAGES.makingPayment, reason: null });
  $checkout.setKey('paymentNotice', null);
  // docs/decisions/051: a basket with a posted product carries its checked delivery address.
  const delivery = await deliveryForPay();
  if (delivery === null) {
    $checkout.setKey('payment', { phase: 'idle', message: null, reason: null });
    return null;
  }
  const summary = view.orderSummary;
  const key = state.attemptKey ?? crypto.randomUUID();
  $checkout.setKey('attemptKey', key);
  const email = view.userInfo.isGuest ? state.email.trim() : '';
  let credential: PaymentCredential | null = null;
  if (summary.cashAmount > 0) {
    // A trip to PayPal, Klarna or Clearpay's page comes back to a new page: the address waits for it.
    keepDeliveryForReturn();
    credential = await getCredential({ key, email, useWallet: view.userInfo.wallet.useWallet, summary });
    if (credential.kind === 'redirected') return null;
    forgetDeliveryForReturn();
    if (credential.kind === 'dismissed') {
      $checkout.setKey('payment', { phase: 'idle', message: null, reason: null });
      return null;
    }
    if (credential.kind === 'refused') {
      $checkout.setKey('attemptKey', null);
      failPayment(credential.message, credential.reason ?? null);
      return null;
    }
  }
  const ready = credential?.kind === 'ready' ? credential : null;
  const body = {
    totalOrderAmount: summary.totalOrderAmount,
    walletUsed: summary.walletUsed,
    cashAmount: summary.cashAmount,
    wallet: view.userInfo.wallet.useWallet,
    paymentMethod: ready?.method ?? 'wallet',
    paypalCredit: ready?.paypalCredit,
    nonce: ready?.nonce,
    threeDSecureAuthenticationId: ready?.threeDSecureAuthenticationId,
    billingPostcode: ready?.billingPostcode,
    instrumentMode: ready?.instrumentMode,
    instrumentId: ready?.instrumentId,
    saveInstrument: ready?.saveInstrument,
    promoCode: view.promoCode.applicable && view.promoCode.code ? view.promoCode.code : undefined,
    email: view.userInfo.isGuest ? email : undefined,
    ...delivery,
  };
  let answered = await sendPay(body, key);
  // decision 043: the saved card's issuer asks to authenticate this payment. Nothing was charged, and
  // the answer is kept under this key: authenticate the card, then pay again once under a new key.
  if (answered !== null && asPayFailure(answered.payload)?.code === 'authenticationRequired' && ready?.authenticate) {
    const authenticated = await ready.authenticate();
    if (!authenticated.ok) {
      $checkout.setKey('attemptKey', null);
      failPayment(authenticated.message, authenticated.reason);
      return null;
    }
    const retryKey = crypto.randomUUID();
    $checkout.setKey('attemptKey', retryKey);
    answered = await sendPay({ ...body, threeDSecureAuthenticationId: authenticated.authenticationId }, retryKey);
  }
  if (answered === null) {
    // No answer: keep the key, so trying again replays whatever the server did.
    failPayment(MESSAGES.paymentFailed, MESSAGES.requestProblemContinue);
    return null;
  }
  const { response, payload } = answered;
  const order = asOrderResponse(payload);
  if (response.status === 201 && order !== null) {
    $checkout.setKey('payment', { phase: 'succeeded', message: MESSAGES.purchaseSuccessful, reason: null });
    forgetDeliveryForReturn();
    return order;
  }
  const failure = asPayFailure(payload);
  // An answer came back: the next attempt is a new one (new card nonce, new key), unless the first
  // submit with this key is still running.
  const stillRunning = failure?.code === 'inFlight';
  if (!stillRunning) $checkout.setKey('attemptKey', null);
  if (failure?.code === 'signInRequired') {
    // Nothing was charged: it is the email that needs attention, so the message goes under it.
    $checkout.setKey('payment', { phase: 'idle', message: null, reason: null });
    $checkout.setKey('emailError', failure.message);
    return null;
  }
  const message = failure?.message ?? MESSAGES.paymentFailed;
  const reason = failure?.reason ?? null;
  if (response.status === 400 && failure !== null) {
    // The address was refused: the message goes beside the field (or the section) it is about.
    if (failure.message === CHECKOUT_COPY.deliveryAddressRequired) showDeliveryMessage(failure.message);
    else await showDeliveryRefusal(failure.message);
  }
  failPayment(message, reason);
  // The basket or its prices changed under the shopper: show the new figures.
  if (response.status === 409 && !stillRunning) void refreshCheckout();
  return null;
}

/** One pay call under `key`: its status and body, or null when no answer came. */
async function sendPay(body: object, key: string): Promise<{ response: Response; payload: unknown } | null> {
  try {
    const response = await fetch('/api/v1/pay', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    return { response, payload: await response.json().catch(() => null) };
  } catch {
    return null;
  }
}

/**
 * Picks a payment up again where it left off: the shopper came back from a provider's approval
 * page with the attempt's key and email (src/stores/checkout-redirect.ts).
 */
export function resumeAttempt(attempt: { key: string; email: string }): void {
  $checkout.setKey('attemptKey', attempt.key);
  if (attempt.email) $checkout.setKey('email', attempt.email);
}

/** After a failure, the shopper edits and tries again: the button reads "Pay" again. */
export function resetPaymentMessage(): void {
  if ($checkout.get().payment.phase === 'failed') {
    $checkout.setKey('payment', { phase: 'idle', message: null, reason: null });
  }
}
