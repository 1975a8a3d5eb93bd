/**
 * The payment options of a checkout (docs/decisions/016; spec 5 "Payment eligibility", spec 6): the
 * shopper's instruments (saved ones as EXISTING, plus a NEW one per method the account may use),
 * and which options this order may be paid with. The pay call asks the same question again, so a
 * method the checkout did not offer is refused however the request was made.
 */
import type { PaymentInstrumentView, WithheldOption } from '@/contracts/checkout';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { ANY_DEVICE, type Eligibility, type EligibilityLine, paymentEligibility } from '@/domain/payment-eligibility';
import { type InstrumentType, type PaymentOption, PROVIDER_OF } from '@/domain/payment-methods';
import type { UserRow } from '@/server/accounts/schema';
import { type PaymentSettings, serverConfig } from '@/server/config';
import type { Db } from '@/server/db';
import { listInstruments } from '@/server/instruments';
import type { PaymentProviders } from '@/server/payments';

/**
 * spec 5: the stricter flag that also blocks pay-later for sub-categories 197 and 200
 * (`PAY_LATER_STRICT_SUBCATEGORIES=true`; off by default), from the configuration unless a caller
 * (a test) hands in its own settings.
 */
export function strictPayLater(settings: PaymentSettings = serverConfig().payments): boolean {
  return settings.strictPayLater;
}

/** The instrument types every account may pay with (a NEW instrument of each). */
const ACCOUNT_INSTRUMENT_TYPES: readonly InstrumentType[] = ['card', 'paypal', 'apple', 'google', 'klarna', 'clearpay'];

const GATEWAY_OF: Readonly<Record<InstrumentType, PaymentInstrumentView['gateway']>> = {
  card: PROVIDER_OF.credit_card,
  paypal: PROVIDER_OF.paypal,
  apple: PROVIDER_OF.apple_pay,
  google: PROVIDER_OF.google_pay,
  klarna: PROVIDER_OF.klarna,
  clearpay: PROVIDER_OF.clearpay,
};

/** spec 3 payment instruments the server returns for a shopper: none for a guest. */
export async function instrumentsFor(db: Db, user: UserRow | null): Promise<PaymentInstrumentView[]> {
  if (user === null) return [];
  const saved = await listInstruments(db, user.id);
  const existing: PaymentInstrumentView[] = saved.map((instrument) => ({
    id: instrument.id,
    type: instrument.type,
    gateway: GATEWAY_OF[instrument.type],
    default: instrument.isDefault,
    mode: 'EXISTING',
    cardType: instrument.cardType,
    lastFour: instrument.lastFour,
    expiryMonth: instrument.expiryMonth,
    expiryYear: instrument.expiryYear,
    email: instrument.email,
  }));
  const fresh: PaymentInstrumentView[] = ACCOUNT_INSTRUMENT_TYPES.map((type) => ({
    id: null,
    type,
    gateway: GATEWAY_OF[type],
    default: false,
    mode: 'NEW',
    cardType: null,
    lastFour: null,
    expiryMonth: null,
    expiryYear: null,
    email: null,
  }));
  return [...existing, ...fresh];
}

export interface EligibilityRequest {
  user: UserRow | null;
  instruments: readonly PaymentInstrumentView[];
  lines: readonly EligibilityLine[];
  orderTotalMinor: number;
  chargeMinor: number;
  currency: string;
  /** spec 5 stricter pay-later flag (PAY_LATER_STRICT_SUBCATEGORIES). */
  strictPayLater: boolean;
}

/** spec 5 eligibility for this order, before the browser narrows the device wallets. */
export async function eligibilityFor(providers: PaymentProviders, request: EligibilityRequest): Promise<Eligibility> {
  const providerLimits = await providers.payLaterLimits(request.currency);
  return paymentEligibility({
    shopper:
      request.user === null
        ? { kind: 'guest' }
        : { kind: 'signedIn', instruments: [...new Set(request.instruments.map((instrument) => instrument.type))] },
    orderTotalMinor: request.orderTotalMinor,
    chargeMinor: request.chargeMinor,
    lines: request.lines,
    device: ANY_DEVICE,
    strictPayLater: request.strictPayLater,
    providerLimits,
  });
}

/** The withheld options the shopper is told about (the device wallets go quietly). */
export function explainWithheld(eligibility: Eligibility): WithheldOption[] {
  return eligibility.withheld
    .filter(({ reason }) => reason !== 'deviceUnsupported' && reason !== 'notInInstruments')
    .map(({ option, reason }) => ({
      option,
      reason,
      message: CHECKOUT_COPY.withheld(option as PaymentOption, reason),
    }));
}
