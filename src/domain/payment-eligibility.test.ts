import { describe, expect, it } from 'vitest';
import {
  ANY_DEVICE,
  type EligibilityInput,
  forDevice,
  paymentEligibility,
  type WithheldReason,
} from './payment-eligibility';
import type { InstrumentType, PaymentOption } from './payment-methods';

const ALL_INSTRUMENTS: InstrumentType[] = ['card', 'paypal', 'apple', 'google', 'klarna', 'clearpay'];
const plain = { subCategoryId: 101, highFraudRisk: false };
const electronics = { subCategoryId: 14, highFraudRisk: false };
const flagged = { subCategoryId: 101, highFraudRisk: true };

function input(overrides: Partial<EligibilityInput> & { total?: number }): EligibilityInput {
  const total = overrides.total ?? 30_00;
  return {
    shopper: { kind: 'guest' },
    orderTotalMinor: total,
    chargeMinor: total,
    lines: [plain],
    device: ANY_DEVICE,
    strictPayLater: false,
    providerLimits: { klarna: { minMinor: 25_00, maxMinor: 4000_00 }, clearpay: { minMinor: 1_00, maxMinor: 1200_00 } },
    ...overrides,
  };
}

const EVERYTHING: PaymentOption[] = [
  'credit_card',
  'paypal',
  'paypal_credit',
  'apple_pay',
  'google_pay',
  'klarna',
  'clearpay',
];

describe('spec 5: payment eligibility', () => {
  const cases: {
    name: string;
    given: EligibilityInput;
    offered: PaymentOption[];
    withheld?: Partial<Record<PaymentOption, WithheldReason>>;
  }[] = [
    {
      name: 'a guest buying a 30 pound deal gets every option',
      given: input({}),
      offered: EVERYTHING,
    },
    {
      name: 'a guest on a device without wallets gets no Apple Pay or Google Pay',
      given: input({ device: { applePay: false, googlePay: false } }),
      offered: ['credit_card', 'paypal', 'paypal_credit', 'klarna', 'clearpay'],
      withheld: { apple_pay: 'deviceUnsupported', google_pay: 'deviceUnsupported' },
    },
    {
      name: 'a guest 1,200 pound basket is outside the guest pay-later window',
      given: input({ total: 1200_00 }),
      offered: ['credit_card', 'paypal', 'paypal_credit', 'apple_pay', 'google_pay'],
      withheld: { klarna: 'guestAmountOutsideWindow', clearpay: 'guestAmountOutsideWindow' },
    },
    {
      name: 'the guest window includes exactly 1,000 pounds',
      given: input({ total: 1000_00 }),
      offered: EVERYTHING,
    },
    {
      name: 'the guest window ends at 1,000 pounds: 1,000.01 is outside it',
      given: input({ total: 1000_01 }),
      offered: ['credit_card', 'paypal', 'paypal_credit', 'apple_pay', 'google_pay'],
      withheld: { klarna: 'guestAmountOutsideWindow', clearpay: 'guestAmountOutsideWindow' },
    },
    {
      name: 'a signed-in shopper at 1,200 pounds keeps Klarna (inside its own limit) and Clearpay (inside its own)',
      given: input({ total: 1200_00, shopper: { kind: 'signedIn', instruments: ALL_INSTRUMENTS } }),
      offered: EVERYTHING,
    },
    {
      name: "a signed-in shopper over Clearpay's own maximum loses Clearpay only",
      given: input({ total: 1500_00, shopper: { kind: 'signedIn', instruments: ALL_INSTRUMENTS } }),
      offered: ['credit_card', 'paypal', 'paypal_credit', 'apple_pay', 'google_pay', 'klarna'],
      withheld: { clearpay: 'providerLimit' },
    },
    {
      name: "an order under Klarna's own minimum loses Klarna only",
      given: input({ total: 20_00 }),
      offered: ['credit_card', 'paypal', 'paypal_credit', 'apple_pay', 'google_pay', 'clearpay'],
      withheld: { klarna: 'providerLimit' },
    },
    {
      name: 'the provider limit is checked against what the method is charged, after the wallet',
      given: {
        ...input({ total: 30_00 }),
        chargeMinor: 10_00,
        shopper: { kind: 'signedIn', instruments: ALL_INSTRUMENTS },
      },
      offered: ['credit_card', 'paypal', 'paypal_credit', 'apple_pay', 'google_pay', 'clearpay'],
      withheld: { klarna: 'providerLimit' },
    },
    {
      name: 'a sub-category 14 deal over 50 pounds loses the restricted methods',
      given: input({ total: 60_00, lines: [electronics] }),
      offered: ['credit_card', 'paypal', 'apple_pay', 'google_pay'],
      withheld: {
        paypal_credit: 'fraudProneOverThreshold',
        klarna: 'fraudProneOverThreshold',
        clearpay: 'fraudProneOverThreshold',
      },
    },
    {
      name: 'a fraud-prone sub-category at exactly 50 pounds is no longer "under 50"',
      given: input({ total: 50_00, lines: [electronics] }),
      offered: ['credit_card', 'paypal', 'apple_pay', 'google_pay'],
    },
    {
      name: 'a fraud-prone sub-category under 50 pounds keeps every option',
      given: input({ total: 49_99, lines: [electronics] }),
      offered: EVERYTHING,
    },
    ...[17, 386, 398, 585, 586].map((subCategoryId) => ({
      name: `sub-category ${subCategoryId} over 50 pounds is restricted too`,
      given: input({ total: 75_00, lines: [plain, { subCategoryId, highFraudRisk: false }] }),
      offered: ['credit_card', 'paypal', 'apple_pay', 'google_pay'] as PaymentOption[],
    })),
    {
      name: 'the total counts the whole order: a cheap fraud-prone line in a 60 pound basket is restricted',
      given: input({ total: 60_00, lines: [plain, electronics] }),
      offered: ['credit_card', 'paypal', 'apple_pay', 'google_pay'],
    },
    {
      name: 'a high-fraud product withholds pay-later from a guest at any amount',
      given: input({ total: 10_00, lines: [flagged] }),
      offered: ['credit_card', 'paypal', 'apple_pay', 'google_pay'],
      withheld: {
        klarna: 'guestHighFraudProduct',
        clearpay: 'guestHighFraudProduct',
        paypal_credit: 'highFraudRisk',
      },
    },
    {
      name: 'a high-fraud product withholds pay-later and PayPal Credit from a signed-in shopper',
      given: input({ total: 30_00, lines: [flagged], shopper: { kind: 'signedIn', instruments: ALL_INSTRUMENTS } }),
      offered: ['credit_card', 'paypal', 'apple_pay', 'google_pay'],
      withheld: { klarna: 'highFraudRisk', clearpay: 'highFraudRisk', paypal_credit: 'highFraudRisk' },
    },
    ...[218, 711].map((subCategoryId) => ({
      name: `sub-category ${subCategoryId} blocks Klarna and Clearpay, not PayPal Credit`,
      given: input({ lines: [{ subCategoryId, highFraudRisk: false }] }),
      offered: ['credit_card', 'paypal', 'paypal_credit', 'apple_pay', 'google_pay'] as PaymentOption[],
      withheld: {
        klarna: 'subCategoryBlocksPayLater',
        clearpay: 'subCategoryBlocksPayLater',
      } as Partial<Record<PaymentOption, WithheldReason>>,
    })),
    ...[197, 200].map((subCategoryId) => ({
      name: `sub-category ${subCategoryId} keeps pay-later without the stricter switch`,
      given: input({ lines: [{ subCategoryId, highFraudRisk: false }] }),
      offered: EVERYTHING,
    })),
    ...[197, 200].map((subCategoryId) => ({
      name: `sub-category ${subCategoryId} blocks pay-later under the stricter switch`,
      given: input({ lines: [{ subCategoryId, highFraudRisk: false }], strictPayLater: true }),
      offered: ['credit_card', 'paypal', 'paypal_credit', 'apple_pay', 'google_pay'] as PaymentOption[],
    })),
    {
      name: 'a signed-in shopper gets only the options in their stored instruments',
      given: input({ shopper: { kind: 'signedIn', instruments: ['card', 'paypal'] } }),
      offered: ['credit_card', 'paypal', 'paypal_credit'],
      withheld: {
        apple_pay: 'notInInstruments',
        google_pay: 'notInInstruments',
        klarna: 'notInInstruments',
        clearpay: 'notInInstruments',
      },
    },
    {
      name: 'a pay-later provider whose configuration call failed is withheld',
      given: input({ providerLimits: { klarna: { minMinor: 25_00, maxMinor: 4000_00 }, clearpay: null } }),
      offered: ['credit_card', 'paypal', 'paypal_credit', 'apple_pay', 'google_pay', 'klarna'],
      withheld: { clearpay: 'providerUnavailable' },
    },
    {
      name: 'the card is always offered, whatever the basket',
      given: input({ total: 1500_00, lines: [flagged, electronics, { subCategoryId: 218, highFraudRisk: false }] }),
      offered: ['credit_card', 'paypal', 'apple_pay', 'google_pay'],
    },
  ];

  it.each(cases)('$name', ({ given, offered, withheld }) => {
    const result = paymentEligibility(given);
    expect(result.offered).toEqual(offered);
    for (const [option, reason] of Object.entries(withheld ?? {})) {
      expect(result.withheld).toContainEqual({ option, reason });
    }
    // Every option is either offered or withheld, never both.
    expect(result.offered.length + result.withheld.length).toBe(EVERYTHING.length);
  });

  it('reports the order as high fraud risk for a flagged product or a fraud-prone one at 50 pounds', () => {
    expect(paymentEligibility(input({ lines: [flagged] })).highFraudRisk).toBe(true);
    expect(paymentEligibility(input({ total: 50_00, lines: [electronics] })).highFraudRisk).toBe(true);
    expect(paymentEligibility(input({ total: 49_99, lines: [electronics] })).highFraudRisk).toBe(false);
    expect(paymentEligibility(input({})).highFraudRisk).toBe(false);
  });

  it('narrows the server-side answer to the wallets the device supports', () => {
    expect(forDevice(EVERYTHING, { applePay: false, googlePay: true })).toEqual([
      'credit_card',
      'paypal',
      'paypal_credit',
      'google_pay',
      'klarna',
      'clearpay',
    ]);
    expect(forDevice(EVERYTHING, { applePay: true, googlePay: false })).not.toContain('google_pay');
  });
});
