/**
 * $paymentChoice: how the shopper chose to pay at checkout (decision 016), with its actions beside it.
 *   - choice: a saved instrument (instrument mode EXISTING) or an option entered now (NEW);
 *   - device: what the browser said it can pay with (ApplePaySession, the Payment Request API),
 *     which narrows the server's eligible options (spec 5: express options where supported);
 *   - save: keep the card or PayPal account for next time (signed-in shoppers).
 * The checkout island reads this store; src/islands/checkout/methods turns a choice into what the
 * pay call needs.
 */
import { map } from 'nanostores';
import type { CheckoutView, PaymentInstrumentView } from '@/contracts/checkout';
import { forDevice } from '@/domain/payment-eligibility';
import type { PaymentOption } from '@/domain/payment-methods';
import { isInstrumentExpired } from '@/domain/saved-instruments';

export type PaymentChoice = { kind: 'saved'; instrumentId: number } | { kind: 'new'; option: PaymentOption };

export interface DeviceWallets {
  applePay: boolean;
  googlePay: boolean;
}

export interface PaymentChoiceState {
  choice: PaymentChoice | null;
  /** null until the browser has been asked. */
  device: DeviceWallets | null;
  save: boolean;
}

export const $paymentChoice = map<PaymentChoiceState>({ choice: null, device: null, save: false });

/** The saved instruments the checkout offers: those whose method this order may use. */
export function savedInstruments(view: CheckoutView): PaymentInstrumentView[] {
  const eligible = view.userInfo.paymentOptions.eligibleOptions;
  return view.userInfo.paymentOptions.paymentInstruments.filter(
    (instrument) =>
      instrument.mode === 'EXISTING' &&
      instrument.id !== null &&
      (instrument.type === 'card' ? eligible.includes('credit_card') : eligible.includes('paypal')),
  );
}

/** The saved instruments that can be chosen now: a card whose expiry has passed is shown, not chosen. */
export function choosableInstruments(view: CheckoutView, now = new Date()): PaymentInstrumentView[] {
  return savedInstruments(view).filter((instrument) => !isInstrumentExpired(instrument, now));
}

/** The options to show now: the server's eligible ones, less the wallets this device lacks. */
export function offeredOptions(view: CheckoutView, device: DeviceWallets | null): PaymentOption[] {
  return forDevice(view.userInfo.paymentOptions.eligibleOptions, device ?? { applePay: false, googlePay: false });
}

/** The choice the checkout starts on: the default saved instrument, else any saved one, else a card. */
export function initialChoice(view: CheckoutView): PaymentChoice {
  const saved = choosableInstruments(view);
  const preferred = saved.find((instrument) => instrument.default) ?? saved[0];
  if (preferred?.id != null) return { kind: 'saved', instrumentId: preferred.id };
  const first = view.userInfo.paymentOptions.eligibleOptions[0];
  return { kind: 'new', option: first ?? 'credit_card' };
}

/** Keeps the choice valid when the checkout's figures change (a withheld option is no longer chosen). */
export function syncPaymentChoice(view: CheckoutView): void {
  const { choice, device } = $paymentChoice.get();
  const stillThere =
    choice !== null &&
    (choice.kind === 'saved'
      ? choosableInstruments(view).some((instrument) => instrument.id === choice.instrumentId)
      : offeredOptions(view, device).includes(choice.option));
  if (!stillThere) $paymentChoice.setKey('choice', initialChoice(view));
}

export function choosePayment(choice: PaymentChoice): void {
  $paymentChoice.setKey('choice', choice);
}

export function setDeviceWallets(device: DeviceWallets): void {
  $paymentChoice.setKey('device', device);
}

export function setSaveInstrument(save: boolean): void {
  $paymentChoice.setKey('save', save);
}
