/**
 * The checkout (decisions 012 and 016) as one island: basket lines, the guest's email, the wallet toggle,
 * the payment choice (saved instruments and the options spec 5 allows; card fields post only to
 * the payment gateway, and a new card is authenticated by 3-D Secure in a challenge dialog when its
 * issuer asks), the order summary and the pay button with the spec 4 payment states.
 * The server renders the same markup from the same data first. A return from PayPal, Klarna or
 * Clearpay's approval page picks the payment up again here.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CheckoutView } from '@/contracts/checkout';
import { formatCountdown } from '@/domain/checkout';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { MESSAGES } from '@/domain/messages';
import { formatMoney } from '@/domain/money';
import { optionName } from '@/domain/payment-methods';
import {
  COOLING_OFF_DAYS,
  RENEWAL_REMINDER_DAYS,
  VIP_MAX_COST_MINOR,
  VIP_SUBSCRIPTION_DEAL_ID,
} from '@/domain/subscription';
import { setBasketCount } from '@/stores/basket';
import {
  $checkout,
  failPayment,
  initCheckout,
  resetPaymentMessage,
  resumeAttempt,
  setEmail,
  setUseWallet,
  submitPayment,
  tickPaymentSession,
} from '@/stores/checkout';
import { initDelivery, syncDelivery } from '@/stores/checkout-delivery';
import { peekPendingPayment, type ReturnedPayment, takeReturnedPayment } from '@/stores/checkout-redirect';
import {
  $paymentChoice,
  choosePayment,
  initialChoice,
  setDeviceWallets,
  setSaveInstrument,
  syncPaymentChoice,
} from '@/stores/payment-choice';
import BasketLines from './checkout/BasketLines';
import ChallengeDialog from './checkout/ChallengeDialog';
import DeliveryAddress, { type DeliveryPrefill } from './checkout/DeliveryAddress';
import { credentialFor, payButtonLabel } from './checkout/methods';
import { detectDeviceWallets } from './checkout/methods/device-wallet';
import PaymentMethods from './checkout/PaymentMethods';
import PromoCode from './checkout/PromoCode';

type Props = {
  view: CheckoutView;
  gatewayUrl: string;
  /** Where a guest signs in, coming back here. */
  loginUrl: string;
  /**
   * spec 4 passwordless checkout variant b (decision 058): the guest reads that no password is needed
   * (their account's sign-in link is emailed) and may ask for a sign-in link instead of a password.
   */
  passwordless?: boolean;
  /** Google Pay is offered on this deployment (FEATURE_GOOGLE_PAY); off, the browser is never asked. */
  googlePay?: boolean;
  /** The delivery address as the form posted it without JavaScript, with what "Find address" found. */
  deliveryPrefill?: DeliveryPrefill;
};

function goToConfirmation(redirect: string): void {
  setBasketCount(0);
  setTimeout(() => window.location.assign(redirect), 600);
}

/** The shopper is back from a provider's approval page: finish the payment, or say why not. */
async function resumeReturnedPayment(returned: ReturnedPayment): Promise<void> {
  const { pending, status, token } = returned;
  resumeAttempt(pending);
  choosePayment({ kind: 'new', option: pending.paypalCredit ? 'paypal_credit' : pending.method });
  const name = optionName(pending.paypalCredit ? 'paypal_credit' : pending.method);
  if (status === 'cancelled') {
    $checkout.setKey('paymentNotice', CHECKOUT_COPY.paymentCancelled(name));
    return;
  }
  if (status === 'denied' || status === 'declined') return failPayment(MESSAGES.tryDifferentMethod);
  if (status === 'failed' || token === null) return failPayment(MESSAGES.providerUnreachable);
  const order = await submitPayment(async () => ({
    kind: 'ready',
    method: pending.method,
    paypalCredit: pending.paypalCredit,
    nonce: token,
    saveInstrument: pending.saveInstrument,
  }));
  if (order !== null) goToConfirmation(order.redirect);
}

/** The guest email field's text as the browser holds it (empty on the server). */
function typedBeforeHydration(): string {
  if (typeof document === 'undefined') return '';
  const field = document.getElementById('checkout-email');
  return field instanceof HTMLInputElement ? field.value : '';
}

export default function Checkout({
  view: initialView,
  gatewayUrl,
  loginUrl,
  passwordless = false,
  googlePay = false,
  deliveryPrefill,
}: Props) {
  const stored = useStore($checkout);
  const { choice } = useStore($paymentChoice);
  const started = useRef(false);
  const payButton = useRef<HTMLButtonElement>(null);
  // What a quick shopper typed into the server-rendered email field before the island hydrated is
  // kept, not wiped by the checkout starting up (read as hydration begins, and again as it starts).
  const [typedEarly] = useState(typedBeforeHydration);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    initCheckout(initialView, initialView.userInfo.isGuest ? typedEarly || typedBeforeHydration() : '');
    initDelivery(initialView, deliveryPrefill?.fields);
    choosePayment(initialChoice(initialView));
    setSaveInstrument(false);
    void detectDeviceWallets({ googlePay }).then((device) => {
      setDeviceWallets(device);
      const view = $checkout.get().view;
      if (view !== null) syncPaymentChoice(view);
    });
    const returned = takeReturnedPayment();
    if (returned !== null) void resumeReturnedPayment(returned);
    else {
      // Back from a provider's page without an answer: keep what the guest typed.
      const left = peekPendingPayment();
      if (left?.email && initialView.userInfo.isGuest) setEmail(left.email);
    }
    const timer = setInterval(tickPaymentSession, 1000);
    return () => clearInterval(timer);
  }, [initialView, typedEarly, googlePay, deliveryPrefill]);
  const state =
    stored.view === null ? { ...stored, view: initialView, secondsLeft: initialView.countdown.seconds } : stored;
  const view = state.view ?? initialView;
  const { orderSummary: summary, userInfo } = view;
  const money = useMemo(
    () => (amountMinor: number) => formatMoney({ amountMinor, currency: summary.currency }),
    [summary.currency],
  );
  useEffect(() => setBasketCount(view.visibleQuantity), [view.visibleQuantity]);
  // decision 047 (DMCC Act 2024): a basket with the VIP membership repeats its price, period and
  // cancellation terms beside the pay button. The membership is only ever there by the shopper's own click.
  const vipLine = view.deals.find((line) => line.dealId === VIP_SUBSCRIPTION_DEAL_ID);
  useEffect(() => syncPaymentChoice(view), [view]);
  useEffect(() => syncDelivery(view), [view]);

  const busy = state.status !== 'ready' || state.payment.phase === 'paying' || state.payment.phase === 'succeeded';
  const payLabel =
    state.payment.phase === 'paying'
      ? MESSAGES.makingPayment
      : state.payment.phase === 'succeeded'
        ? MESSAGES.purchaseSuccessful
        : state.payment.phase === 'failed'
          ? MESSAGES.paymentFailed
          : state.status !== 'ready'
            ? MESSAGES.pleaseWait
            : summary.cashAmount > 0
              ? payButtonLabel(choice, money(summary.cashAmount))
              : 'Buy now';

  async function onPay(event: { preventDefault(): void }) {
    event.preventDefault();
    const current = $paymentChoice.get().choice ?? initialChoice(view);
    const order = await submitPayment((attempt) =>
      credentialFor(attempt, { view, gatewayUrl, choice: current, save: $paymentChoice.get().save }),
    );
    if ($checkout.get().emailError !== null) document.getElementById('checkout-email')?.focus();
    if (order !== null) goToConfirmation(order.redirect);
  }

  if (view.deals.length === 0) {
    return (
      <section className="checkout-empty" aria-labelledby="checkout-empty-heading">
        <h2 id="checkout-empty-heading">Your basket is empty</h2>
        <p>Find something you'll love and it will wait for you here.</p>
        <a className="button" href="/">
          Browse deals
        </a>
      </section>
    );
  }

  return (
    <>
      {/* Without JavaScript the form posts to the page (docs/decisions/051): the delivery address and option are kept. */}
      <form
        className="checkout"
        method="post"
        onSubmit={onPay}
        onInput={resetPaymentMessage}
        noValidate
        aria-busy={busy}
      >
        <div className="checkout__main">
          <section className="checkout-panel" aria-labelledby="checkout-basket-heading">
            <h2 id="checkout-basket-heading">Your basket</h2>
            <BasketLines lines={view.deals} disabled={busy} gifting={view.giftingConfig.gifting} />
            <p className="checkout__notice" role="status" aria-live="polite">
              {state.notice ?? ''}
            </p>
          </section>

          {userInfo.isGuest && (
            <section className="checkout-panel" aria-labelledby="checkout-email-heading">
              <h2 id="checkout-email-heading">Your email</h2>
              {passwordless ? (
                <p className="checkout__hint">
                  We'll send your vouchers here. No password needed: we'll email you a link to sign in and see them any
                  time. Already have an account? <a href="/forgot-password/sign-in-link">Email me a sign-in link</a> or{' '}
                  <a href={loginUrl}>sign in with your password</a>
                </p>
              ) : (
                <p className="checkout__hint">
                  We'll send your vouchers here. Already have an account? <a href={loginUrl}>Sign in</a>
                </p>
              )}
              <label htmlFor="checkout-email">Email address</label>
              <input
                id="checkout-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                aria-invalid={state.emailError !== null || undefined}
                aria-describedby={state.emailError !== null ? 'checkout-email-error' : undefined}
                value={state.email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              {state.emailError !== null && (
                <p id="checkout-email-error" className="checkout__field-error" role="alert">
                  {state.emailError}
                </p>
              )}
            </section>
          )}

          {view.delivery.required && <DeliveryAddress view={view} disabled={busy} prefill={deliveryPrefill} />}

          {!userInfo.isGuest && userInfo.wallet.balance > 0 && (
            <section className="checkout-panel" aria-labelledby="checkout-wallet-heading">
              <h2 id="checkout-wallet-heading">Wallet</h2>
              <label className="checkout__toggle">
                <input
                  type="checkbox"
                  checked={userInfo.wallet.useWallet}
                  disabled={busy}
                  onChange={(event) => void setUseWallet(event.currentTarget.checked)}
                />
                Use my wallet balance ({money(userInfo.wallet.balance)})
              </label>
            </section>
          )}

          <section className="checkout-panel" aria-labelledby="checkout-payment-heading">
            <h2 id="checkout-payment-heading">Payment</h2>
            <p className="checkout__notice checkout__notice--payment" role="status" aria-live="polite">
              {state.paymentNotice ?? ''}
            </p>
            {summary.cashAmount > 0 ? (
              <PaymentMethods view={view} disabled={busy} />
            ) : (
              <p>Your wallet pays for this order in full. No card needed.</p>
            )}
          </section>
        </div>

        <aside className="checkout__summary checkout-panel" aria-labelledby="checkout-summary-heading">
          <h2 id="checkout-summary-heading">Order summary</h2>
          <PromoCode promo={view.promoCode} disabled={busy} />
          <dl className="summary">
            <dt>Subtotal</dt>
            <dd>{money(summary.subtotal)}</dd>
            {summary.postage > 0 && (
              <>
                <dt>Delivery</dt>
                <dd>{money(summary.postage)}</dd>
              </>
            )}
            {summary.gifting > 0 && (
              <>
                <dt>Gift wrap and packs</dt>
                <dd>{money(summary.gifting)}</dd>
              </>
            )}
            <dt className="summary__total">Total</dt>
            <dd className="summary__total">{money(summary.totalOrderAmount)}</dd>
            {summary.promotionDiscount > 0 && (
              <>
                <dt className="summary__discount">You save with {view.promoCode.code}</dt>
                <dd className="summary__discount">{money(summary.promotionDiscount)}</dd>
              </>
            )}
            {summary.walletUsed > 0 && (
              <>
                <dt>From your wallet</dt>
                <dd>-{money(summary.walletUsed)}</dd>
                <dt>To pay by card</dt>
                <dd>{money(summary.cashAmount)}</dd>
              </>
            )}
          </dl>
          {vipLine && (
            <div className="checkout__vip-terms" id="checkout-vip-terms">
              <p>
                <strong>
                  Tuppence VIP: {money(Math.min(vipLine.unitPrice.amountMinor, VIP_MAX_COST_MINOR))} a month
                </strong>
                , renewed every month on the card or PayPal account you pay with until you cancel.
              </p>
              <p>
                Cancel in one step in My Subscriptions or from the reminder email we send {RENEWAL_REMINDER_DAYS} days
                before each renewal. Cancel within {COOLING_OFF_DAYS} days of joining or of a renewal and we refund the
                unused part of that month.
              </p>
            </div>
          )}
          <button
            ref={payButton}
            className="button button--primary checkout__pay"
            type="submit"
            disabled={busy || !view.canPay}
            aria-describedby={vipLine ? 'checkout-vip-terms' : undefined}
          >
            {payLabel}
          </button>
          <div className="checkout__outcome" role="alert" aria-live="assertive">
            {state.payment.phase === 'failed' && (
              <>
                <p className="checkout__failure">{state.payment.message}</p>
                {state.payment.reason && <p>{state.payment.reason}</p>}
              </>
            )}
            {state.payment.phase === 'succeeded' && <p className="checkout__success">{MESSAGES.purchaseSuccessful}</p>}
          </div>
          <p className="checkout__timer" aria-live="off">
            {state.status === 'refreshing' || state.status === 'refreshed'
              ? 'Prices checked, your basket is up to date.'
              : `Prices are checked again in ${formatCountdown(state.secondsLeft)}`}
          </p>
        </aside>
      </form>
      {/* A new card's 3-D Secure challenge (decision 043): outside the busy form, over the whole page. */}
      <ChallengeDialog returnFocusTo={() => payButton.current} />
    </>
  );
}
