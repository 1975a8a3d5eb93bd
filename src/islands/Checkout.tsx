/**
 * The checkout (issue 7 part 2) as one island: basket lines, the guest's email, the wallet toggle,
 * card fields posting only to the payment gateway, the order summary and the pay button with the
 * spec 4 payment states. The server renders the same markup from the same data first.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import type { CheckoutView } from '../contracts/checkout';
import { formatCountdown } from '../domain/checkout';
import { MESSAGES } from '../domain/messages';
import { formatMoney } from '../domain/money';
import { setBasketCount } from '../stores/basket';
import { $cardForm, tokeniseCard } from '../stores/card-form';
import {
  $checkout,
  initCheckout,
  resetPaymentMessage,
  setEmail,
  setUseWallet,
  submitPayment,
  tickPaymentSession,
} from '../stores/checkout';
import BasketLines from './checkout/BasketLines';
import CardFields from './checkout/CardFields';

type Props = {
  view: CheckoutView;
  gatewayUrl: string;
  /** Where a guest signs in, coming back here. */
  loginUrl: string;
};

export default function Checkout({ view: initialView, gatewayUrl, loginUrl }: Props) {
  const stored = useStore($checkout);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    initCheckout(initialView);
    const timer = setInterval(tickPaymentSession, 1000);
    return () => clearInterval(timer);
  }, [initialView]);
  const state =
    stored.view === null ? { ...stored, view: initialView, secondsLeft: initialView.countdown.seconds } : stored;
  const view = state.view ?? initialView;
  const { orderSummary: summary, userInfo } = view;
  const money = useMemo(
    () => (amountMinor: number) => formatMoney({ amountMinor, currency: summary.currency }),
    [summary.currency],
  );
  useEffect(() => setBasketCount(view.visibleQuantity), [view.visibleQuantity]);

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
              ? `Pay ${money(summary.cashAmount)}`
              : 'Buy now';

  async function onPay(event: { preventDefault(): void }) {
    event.preventDefault();
    // The card goes only to the gateway's tokeniser (which checks the form first); we send the nonce.
    const order = await submitPayment(async () => {
      const card = await tokeniseCard(gatewayUrl);
      const postcode = $cardForm.get().fields.postcode.trim() || undefined;
      return card.ok ? { ok: true, nonce: card.nonce, postcode } : { ok: false, message: card.message };
    });
    if ($checkout.get().emailError !== null) document.getElementById('checkout-email')?.focus();
    if (order !== null) {
      setBasketCount(0);
      setTimeout(() => window.location.assign(order.redirect), 600);
    }
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
    <form className="checkout" onSubmit={onPay} onInput={resetPaymentMessage} noValidate aria-busy={busy}>
      <div className="checkout__main">
        <section className="checkout-panel" aria-labelledby="checkout-basket-heading">
          <h2 id="checkout-basket-heading">Your basket</h2>
          <BasketLines lines={view.deals} disabled={busy} />
          <p className="checkout__notice" role="status" aria-live="polite">
            {state.notice ?? ''}
          </p>
        </section>

        {userInfo.isGuest && (
          <section className="checkout-panel" aria-labelledby="checkout-email-heading">
            <h2 id="checkout-email-heading">Your email</h2>
            <p className="checkout__hint">
              We'll send your vouchers here. Already have an account? <a href={loginUrl}>Sign in</a>
            </p>
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
              onInput={(event) => setEmail(event.currentTarget.value)}
            />
            {state.emailError !== null && (
              <p id="checkout-email-error" className="checkout__field-error" role="alert">
                {state.emailError}
              </p>
            )}
          </section>
        )}

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
          {summary.cashAmount > 0 ? (
            <CardFields disabled={busy} />
          ) : (
            <p>Your wallet pays for this order in full. No card needed.</p>
          )}
        </section>
      </div>

      <aside className="checkout__summary checkout-panel" aria-labelledby="checkout-summary-heading">
        <h2 id="checkout-summary-heading">Order summary</h2>
        <dl className="summary">
          <dt>Subtotal</dt>
          <dd>{money(summary.subtotal)}</dd>
          {summary.postage > 0 && (
            <>
              <dt>Postage</dt>
              <dd>{money(summary.postage)}</dd>
            </>
          )}
          <dt className="summary__total">Total</dt>
          <dd className="summary__total">{money(summary.totalOrderAmount)}</dd>
          {summary.walletUsed > 0 && (
            <>
              <dt>From your wallet</dt>
              <dd>-{money(summary.walletUsed)}</dd>
              <dt>To pay by card</dt>
              <dd>{money(summary.cashAmount)}</dd>
            </>
          )}
        </dl>
        <button className="button button--primary checkout__pay" type="submit" disabled={busy || !view.canPay}>
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
  );
}
