/**
 * How the shopper pays (decision 016): one radio group holding their saved instruments (EXISTING) and
 * the options spec 5 allows this order (NEW), narrowed to the wallets this device supports. The
 * chosen option's details open right under it. Not an island itself: the Checkout island renders
 * it; values live in $paymentChoice.
 */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { CheckoutView, PaymentInstrumentView } from '@/contracts/checkout';
import { OPTION_LABELS, type PaymentOption } from '@/domain/payment-methods';
import { instrumentExpiry, instrumentLabel, isInstrumentExpired } from '@/domain/saved-instruments';
import {
  $paymentChoice,
  choosePayment,
  initialChoice,
  offeredOptions,
  type PaymentChoice,
  savedInstruments,
  setSaveInstrument,
} from '@/stores/payment-choice';
import CardFields from './CardFields';
import PayLaterPanel from './methods/PayLaterPanel';
import PayPalPanel from './methods/PayPalPanel';
import WalletPanel from './methods/WalletPanel';
import './PaymentMethods.css';

type Props = {
  view: CheckoutView;
  disabled: boolean;
};

/** "Visa ending 1111, expires 12/30" (or "expired 12/30"), or "PayPal (ada@example.co.uk)". */
function describeInstrument(instrument: PaymentInstrumentView, expired: boolean): string {
  const expiry = instrumentExpiry(instrument);
  const label = instrumentLabel(instrument);
  return expiry === null ? label : `${label}, ${expired ? 'expired' : 'expires'} ${expiry}`;
}

const sameChoice = (a: PaymentChoice | null, b: PaymentChoice) =>
  a !== null &&
  (a.kind === 'saved' && b.kind === 'saved'
    ? a.instrumentId === b.instrumentId
    : a.kind === 'new' && b.kind === 'new' && a.option === b.option);

export default function PaymentMethods({ view, disabled }: Props) {
  const stored = useStore($paymentChoice);
  const { device, save } = stored;
  // The server's render (and the first paint) shows the choice the checkout starts on.
  const choice = stored.choice ?? initialChoice(view);
  const baseId = useId();
  const saved = savedInstruments(view);
  const options = offeredOptions(view, device);
  const signedIn = !view.userInfo.isGuest;
  const cash = view.orderSummary.cashAmount;
  const withheld = view.userInfo.paymentOptions.withheld;

  function saveBox(what: 'card' | 'PayPal account') {
    if (!signedIn) return null;
    return (
      <label className="payment-methods__save">
        <input
          type="checkbox"
          checked={save}
          disabled={disabled}
          onChange={(event) => setSaveInstrument(event.currentTarget.checked)}
        />
        Save this {what} for next time
      </label>
    );
  }

  function panelFor(option: PaymentOption) {
    switch (option) {
      case 'credit_card':
        return (
          <>
            <CardFields disabled={disabled} />
            {saveBox('card')}
          </>
        );
      case 'paypal':
      case 'paypal_credit':
        return (
          <>
            <PayPalPanel credit={option === 'paypal_credit'} />
            {option === 'paypal' && saveBox('PayPal account')}
          </>
        );
      case 'apple_pay':
      case 'google_pay':
        return <WalletPanel wallet={option} />;
      case 'klarna':
      case 'clearpay':
        return <PayLaterPanel provider={option} amountMinor={cash} currency={view.orderSummary.currency} />;
    }
  }

  function radio(id: string, value: PaymentChoice, label: string, extra?: string, unavailable = false) {
    const checked = !unavailable && sameChoice(choice, value);
    return (
      <label
        className={`payment-methods__option${checked ? ' payment-methods__option--checked' : ''}${unavailable ? ' payment-methods__option--unavailable' : ''}`}
        htmlFor={id}
      >
        <input
          id={id}
          type="radio"
          name="payment-choice"
          checked={checked}
          disabled={disabled || unavailable}
          onChange={() => choosePayment(value)}
        />
        <span className="payment-methods__label">{label}</span>
        {extra && <span className="payment-methods__extra">{extra}</span>}
      </label>
    );
  }

  return (
    <fieldset className="payment-methods">
      <legend className="payment-methods__legend">How would you like to pay?</legend>
      <ul className="payment-methods__list">
        {saved.map((instrument) => {
          const value: PaymentChoice = { kind: 'saved', instrumentId: instrument.id ?? 0 };
          // An expired card stays in view (so the shopper knows why), but cannot be chosen.
          const expired = isInstrumentExpired(instrument, new Date());
          return (
            <li key={`saved-${instrument.id}`} data-option={`saved-${instrument.id}`}>
              {radio(
                `${baseId}-saved-${instrument.id}`,
                value,
                describeInstrument(instrument, expired),
                expired ? 'Expired' : instrument.default ? 'Default' : undefined,
                expired,
              )}
            </li>
          );
        })}
        {options.map((option) => {
          const value: PaymentChoice = { kind: 'new', option };
          const label =
            saved.length > 0 && option === 'credit_card'
              ? 'A new debit or credit card'
              : saved.some((s) => s.type === 'paypal') && option === 'paypal'
                ? 'Another PayPal account'
                : OPTION_LABELS[option];
          return (
            <li key={option} data-option={option}>
              {radio(`${baseId}-${option}`, value, label)}
              {sameChoice(choice, value) && <div className="payment-methods__panel">{panelFor(option)}</div>}
            </li>
          );
        })}
      </ul>
      {withheld.length > 0 && (
        <ul className="payment-methods__withheld" aria-label="Not available for this order">
          {withheld.map((item) => (
            <li key={item.option}>{item.message}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
