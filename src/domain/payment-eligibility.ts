/**
 * spec 5 "Payment eligibility": which payment options an order may be paid with. Pure; the
 * checkout service calls it to build the options it offers, the pay call calls it again to refuse
 * a method the order may not use, and the island narrows the answer to what the device supports.
 * The choices the spec leaves open are recorded in docs/decisions/016-payment-methods.md.
 */
import {
  DEVICE_WALLETS,
  INSTRUMENT_TYPE,
  type InstrumentType,
  PAY_LATER,
  PAYMENT_OPTIONS,
  type PaymentOption,
} from './payment-methods';

/** spec 5: sub-categories allowed only when the order total is under the fraud threshold. */
export const FRAUD_PRONE_SUB_CATEGORIES: readonly number[] = [14, 17, 386, 398, 585, 586];
/** spec 9: fraud subcategory threshold 50 pounds. */
export const FRAUD_SUB_CATEGORY_THRESHOLD_MINOR = 50_00;
/** spec 5: sub-categories that block pay-later. */
export const PAY_LATER_BLOCKED_SUB_CATEGORIES: readonly number[] = [218, 711];
/** spec 5: also blocked when the stricter switch (PAY_LATER_STRICT_SUBCATEGORIES) is on. */
export const PAY_LATER_BLOCKED_STRICT_SUB_CATEGORIES: readonly number[] = [197, 200];
/** spec 9: pay-later amount window 1 to 1000 pounds, for guests. */
export const GUEST_PAY_LATER_WINDOW: AmountRange = { minMinor: 1_00, maxMinor: 1000_00 };

/**
 * What a high-fraud-risk order may not use (decision 016): the options that pay the shop before the
 * shopper has paid anyone, pay-later and PayPal Credit. Card, PayPal and the device wallets stay.
 */
export const HIGH_FRAUD_RESTRICTED: readonly PaymentOption[] = ['klarna', 'clearpay', 'paypal_credit'];

/** An inclusive range of amounts in pence. */
export interface AmountRange {
  minMinor: number;
  maxMinor: number;
}

/** One line of the order, as far as eligibility needs it. */
export interface EligibilityLine {
  subCategoryId: number | null;
  /** spec 3 Deal.highFraudRisk. */
  highFraudRisk: boolean;
}

export interface EligibilityInput {
  /**
   * A guest, or a signed-in shopper with the instrument types the server holds for them
   * (spec 6: they get only the payment options in their stored instruments).
   */
  shopper: { kind: 'guest' } | { kind: 'signedIn'; instruments: readonly InstrumentType[] };
  /** The order total (spec 5 "order total", "order amount"), in pence. */
  orderTotalMinor: number;
  /** What the chosen method would be charged: the total less any wallet part, in pence. */
  chargeMinor: number;
  lines: readonly EligibilityLine[];
  /** What the browser says it can pay with (ApplePaySession, the Payment Request API). */
  device: { applePay: boolean; googlePay: boolean };
  /** spec 5: the stricter flag that adds sub-categories 197 and 200 to the pay-later block. */
  strictPayLater: boolean;
  /**
   * The pay-later providers' own order-amount limits (PAYMENTS.md); null when the provider could
   * not say (its configuration call failed), which withholds it.
   */
  providerLimits: { klarna: AmountRange | null; clearpay: AmountRange | null };
}

/** Why an option is not offered; the checkout words it (CHECKOUT_COPY.withheld). */
export type WithheldReason =
  | 'highFraudRisk'
  | 'fraudProneOverThreshold'
  | 'subCategoryBlocksPayLater'
  | 'guestAmountOutsideWindow'
  | 'guestHighFraudProduct'
  | 'providerLimit'
  | 'providerUnavailable'
  | 'notInInstruments'
  | 'deviceUnsupported';

export interface Eligibility {
  /** The options to offer, in the checkout's order. */
  offered: PaymentOption[];
  /** Every option not offered, with the first rule that withheld it. */
  withheld: { option: PaymentOption; reason: WithheldReason }[];
  /** spec 5: the order counts as high fraud risk (a flagged product, or a fraud-prone one at 50 pounds or more). */
  highFraudRisk: boolean;
}

const within = (amount: number, range: AmountRange) => amount >= range.minMinor && amount <= range.maxMinor;

/** spec 5: which payment options the order may use, and why the others are withheld. */
export function paymentEligibility(input: EligibilityInput): Eligibility {
  const { shopper, lines, orderTotalMinor } = input;
  const flaggedProduct = lines.some((line) => line.highFraudRisk);
  const fraudProneOver =
    orderTotalMinor >= FRAUD_SUB_CATEGORY_THRESHOLD_MINOR &&
    lines.some((line) => line.subCategoryId !== null && FRAUD_PRONE_SUB_CATEGORIES.includes(line.subCategoryId));
  const blockedSubCategories = input.strictPayLater
    ? [...PAY_LATER_BLOCKED_SUB_CATEGORIES, ...PAY_LATER_BLOCKED_STRICT_SUB_CATEGORIES]
    : PAY_LATER_BLOCKED_SUB_CATEGORIES;
  const payLaterBlocked = lines.some(
    (line) => line.subCategoryId !== null && blockedSubCategories.includes(line.subCategoryId),
  );

  function withheldBecause(option: PaymentOption): WithheldReason | null {
    if (shopper.kind === 'signedIn' && !shopper.instruments.includes(INSTRUMENT_TYPE[option])) {
      return 'notInInstruments';
    }
    if (option === 'apple_pay' && !input.device.applePay) return 'deviceUnsupported';
    if (option === 'google_pay' && !input.device.googlePay) return 'deviceUnsupported';
    if (HIGH_FRAUD_RESTRICTED.includes(option)) {
      if (flaggedProduct)
        return shopper.kind === 'guest' && PAY_LATER.includes(option) ? 'guestHighFraudProduct' : 'highFraudRisk';
      if (fraudProneOver) return 'fraudProneOverThreshold';
    }
    if (option === 'klarna' || option === 'clearpay') {
      if (payLaterBlocked) return 'subCategoryBlocksPayLater';
      if (shopper.kind === 'guest' && !within(orderTotalMinor, GUEST_PAY_LATER_WINDOW)) {
        return 'guestAmountOutsideWindow';
      }
      const limits = input.providerLimits[option];
      if (limits === null) return 'providerUnavailable';
      if (!within(input.chargeMinor, limits)) return 'providerLimit';
    }
    return null;
  }

  const offered: PaymentOption[] = [];
  const withheld: Eligibility['withheld'] = [];
  for (const option of PAYMENT_OPTIONS) {
    const reason = withheldBecause(option);
    if (reason === null) offered.push(option);
    else withheld.push({ option, reason });
  }
  return { offered, withheld, highFraudRisk: flaggedProduct || fraudProneOver };
}

/**
 * The server decides without knowing the device; the browser then drops the device wallets it
 * cannot pay with (spec 5: guests get express options when the device supports them).
 */
export function forDevice(
  offered: readonly PaymentOption[],
  device: { applePay: boolean; googlePay: boolean },
): PaymentOption[] {
  return offered.filter(
    (option) =>
      !DEVICE_WALLETS.includes(option) ||
      (option === 'apple_pay' && device.applePay) ||
      (option === 'google_pay' && device.googlePay),
  );
}

/** Every device wallet supported: what the server assumes before the browser narrows it. */
export const ANY_DEVICE = { applePay: true, googlePay: true } as const;
