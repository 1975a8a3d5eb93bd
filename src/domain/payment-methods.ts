/**
 * spec 3 payment methods, provider types and instruments, and how the checkout names them.
 * Pure: the eligibility rules (./payment-eligibility.ts), the pay call and the checkout island
 * all speak these names.
 */

/** spec 3 payment methods (PayPal Credit is PayPal with the credit offer). */
export const PAYMENT_METHODS = ['credit_card', 'paypal', 'apple_pay', 'google_pay', 'klarna', 'clearpay'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * What the checkout offers: a payment method, with PayPal Credit as its own choice because the
 * rules treat it as credit (it goes away where pay-later does).
 */
export const PAYMENT_OPTIONS = [
  'credit_card',
  'paypal',
  'paypal_credit',
  'apple_pay',
  'google_pay',
  'klarna',
  'clearpay',
] as const;
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number];

/** spec 3 payment provider types. */
export type ProviderType = 'BRAINTREE' | 'CLEARPAY' | 'KLARNA';

/** spec 3 payment instrument types. */
export type InstrumentType = 'card' | 'paypal' | 'apple' | 'google' | 'klarna' | 'clearpay';

/** spec 3 instrument mode: a saved instrument, or one entered now. */
export type InstrumentMode = 'EXISTING' | 'NEW';

/** The method an option pays with. */
export function methodOf(option: PaymentOption): PaymentMethod {
  return option === 'paypal_credit' ? 'paypal' : option;
}

/** The instrument type an option needs among a signed-in shopper's instruments (spec 6). */
export const INSTRUMENT_TYPE: Readonly<Record<PaymentOption, InstrumentType>> = {
  credit_card: 'card',
  paypal: 'paypal',
  paypal_credit: 'paypal',
  apple_pay: 'apple',
  google_pay: 'google',
  klarna: 'klarna',
  clearpay: 'clearpay',
};

/** Which provider takes each method: cards, PayPal and the device wallets go through Braintree. */
export const PROVIDER_OF: Readonly<Record<PaymentMethod, ProviderType>> = {
  credit_card: 'BRAINTREE',
  paypal: 'BRAINTREE',
  apple_pay: 'BRAINTREE',
  google_pay: 'BRAINTREE',
  klarna: 'KLARNA',
  clearpay: 'CLEARPAY',
};

/** The pay-later options (spec 5 "pay-later"): paid for later, in instalments or on credit. */
export const PAY_LATER: readonly PaymentOption[] = ['klarna', 'clearpay'];

/** The express options a guest gets where the device supports them (spec 5, 6). */
export const DEVICE_WALLETS: readonly PaymentOption[] = ['apple_pay', 'google_pay'];

/** How each option is named to shoppers. */
export const OPTION_LABELS: Readonly<Record<PaymentOption, string>> = {
  credit_card: 'Debit or credit card',
  paypal: 'PayPal',
  paypal_credit: 'PayPal Credit',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  klarna: 'Klarna: pay in 3',
  clearpay: 'Clearpay: pay in 4',
};

/** The provider's own name for an option, without what it offers ("Klarna", not "Klarna: pay in 3"). */
export function optionName(option: PaymentOption): string {
  return OPTION_LABELS[option].split(':')[0] ?? OPTION_LABELS[option];
}

/** How many instalments a pay-later option splits the order into. */
export const INSTALMENTS: Readonly<Partial<Record<PaymentOption, number>>> = { klarna: 3, clearpay: 4 };

/**
 * An order split into equal instalments in pence; the first carries the odd pennies, as
 * Klarna and Clearpay show it (£10.01 in 3 is £3.35, £3.33, £3.33).
 */
export function instalments(totalMinor: number, count: number): number[] {
  const base = Math.floor(totalMinor / count);
  const first = totalMinor - base * (count - 1);
  return [first, ...Array.from({ length: count - 1 }, () => base)];
}
