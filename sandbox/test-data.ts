/**
 * The documented test data of the sandbox (PAYMENTS.md, as Braintree's sandbox documents it):
 * which card numbers behave how (at the sale and at 3-D Secure), the fixed test nonces, and what
 * each amount does to a sale.
 * The same data gives the same outcome here as against the provider's own sandbox.
 */
import { BRAND_NAMES, type CardBrand } from '@/domain/card-details';

/** How a tokenised card behaves when used; stored on the nonce instead of the number. */
export type CardBehaviour =
  | 'ok'
  | 'verify_declined'
  | 'fraud'
  | '3ds_fail'
  | '3ds_unavailable'
  | 'cvv_mismatch'
  | 'postcode_mismatch'
  | 'expired'
  | 'luhn_invalid';

/**
 * A card of our own in the 3-D Secure range (Luhn-valid, in no published table): it authenticates
 * frictionless, then its issuer declines the sale 2000 "Do Not Honor", so the shop's path from a
 * good authentication to a declined payment can be shown.
 */
export const ISSUER_DECLINES_AFTER_AUTHENTICATION = '4000000000002727';

/** PAYMENTS.md: cards that fail verification, the fraud card and the 3-D Secure cards. */
const CARD_BEHAVIOURS: Readonly<Record<string, CardBehaviour>> = {
  '4000111111111115': 'verify_declined',
  '5105105105105100': 'verify_declined',
  '378734493671000': 'verify_declined',
  '6011000990139424': 'verify_declined',
  '4000111111111511': 'fraud',
  // 3-D Secure: frictionless success authorises as any good card does.
  '4000000000002701': 'ok',
  '5200000000002235': 'ok',
  '4000000000002925': '3ds_fail',
  // Authentication unavailable: Braintree goes on without liability shift, so the sale authorises.
  '4000000000002313': '3ds_unavailable',
  // Ours, not Braintree's: the issuer authenticates it frictionless, then declines the sale (2000).
  [ISSUER_DECLINES_AFTER_AUTHENTICATION]: 'verify_declined',
};

/** A test card's behaviour; any other (Luhn-valid) number behaves as a good card. */
export function testCardBehaviour(number: string): CardBehaviour {
  return CARD_BEHAVIOURS[number] ?? 'ok';
}

/**
 * How a card's issuer answers 3-D Secure (PAYMENTS.md "3-D Secure 2"): frictionless (authenticated,
 * failed, attempted), unavailable, a challenge the cardholder passes (with the right code) or fails
 * whatever they type, a challenge that turns out unavailable, or an error of the 3DS server.
 */
export type ThreeDSecureScenario =
  | 'frictionless'
  | 'frictionless_failed'
  | 'attempted'
  | 'unavailable'
  | 'challenge_passed'
  | 'challenge_failed'
  | 'challenge_unavailable'
  | 'error';

/** PAYMENTS.md "3-D Secure 2": Braintree's published 3DS2 test cards (Visa and Mastercard). */
const THREE_D_SECURE_CARDS: Readonly<Record<string, ThreeDSecureScenario>> = {
  '4000000000002701': 'frictionless',
  '5200000000002235': 'frictionless',
  '4000000000002925': 'frictionless_failed',
  '5200000000002276': 'frictionless_failed',
  '4000000000002719': 'attempted',
  '5200000000002482': 'attempted',
  '4000000000002313': 'unavailable',
  '4000000000002503': 'challenge_passed',
  '5200000000002151': 'challenge_passed',
  '4000000000002370': 'challenge_failed',
  '5200000000002490': 'challenge_failed',
  '4000000000002420': 'challenge_unavailable',
  '5200000000002664': 'challenge_unavailable',
  '4000000000002644': 'error',
  '5200000000002656': 'error',
};

/** A card's 3-D Secure scenario; every other card passes the issuer's risk check (frictionless). */
export function threeDSecureScenarioOf(number: string): ThreeDSecureScenario {
  return THREE_D_SECURE_CARDS[number] ?? 'frictionless';
}

/**
 * Whether the issuer challenges the cardholder for this card: then it also asks to authenticate a
 * shopper's own payment on the card once saved (PAYMENTS.md "3-D Secure 2").
 */
export function isChallengeScenario(scenario: ThreeDSecureScenario): boolean {
  return scenario === 'challenge_passed' || scenario === 'challenge_failed' || scenario === 'challenge_unavailable';
}

/** The sandbox issuer's one-time code, and the phone it says it sent it to. */
export const THREE_D_SECURE_CHALLENGE_CODE = '123456';
export const THREE_D_SECURE_PHONE_ENDING = '4821';
/** Wrong codes a challenge takes before it fails. */
export const THREE_D_SECURE_TRIES = 3;
/** How long an authentication stays good for a sale, or a challenge open. */
export const THREE_D_SECURE_LIFETIME_MS = 15 * 60_000;

/** PAYMENTS.md field checks: CVV 200 and billing postcode 20000 do not match. */
export const MISMATCHING_CVV = '200';
export const MISMATCHING_POSTCODE = '20000';

export type InstrumentKind = 'card' | 'paypal' | 'apple_pay' | 'google_pay';

/** What a nonce stands for: never a number or a CVV. */
export interface SandboxInstrument {
  kind: InstrumentKind;
  brand: CardBrand | null;
  cardType: string;
  lastFour: string | null;
  expiryMonth: string | null;
  expiryYear: string | null;
  behaviour: CardBehaviour;
  /** The gateway's fingerprint of the card or account (a tokenised card's keyed hash; `fake:<name>` for a test nonce). */
  fingerprint?: string;
  /** The PayPal buyer's email, for a nonce a sandbox approval minted. */
  email?: string | null;
  /** A saved card's network reference (the sale that saved it), which a renewal quotes. */
  networkTransactionId?: string | null;
  /** How the card's issuer answers 3-D Secure, kept from its nonce into the vault (frictionless when absent). */
  threeDSecure?: ThreeDSecureScenario;
}

function fakeCard(brand: CardBrand, lastFour: string, behaviour: CardBehaviour = 'ok'): SandboxInstrument {
  return {
    kind: 'card',
    brand,
    cardType: BRAND_NAMES[brand],
    lastFour,
    expiryMonth: '12',
    expiryYear: '2030',
    behaviour,
  };
}

function fakeWallet(kind: InstrumentKind, cardType: string, brand: CardBrand | null, lastFour: string | null) {
  return { kind, brand, cardType, lastFour, expiryMonth: null, expiryYear: null, behaviour: 'ok' } as const;
}

/**
 * PAYMENTS.md test nonces, accepted without tokenising and reusable, as Braintree's are.
 * fake-consumed-nonce is the one that is always already used.
 */
export const TEST_NONCES: Readonly<Record<string, SandboxInstrument>> = {
  'fake-valid-nonce': fakeCard('visa', '1881'),
  'fake-valid-visa-nonce': fakeCard('visa', '1881'),
  'fake-valid-mastercard-nonce': fakeCard('mastercard', '4444'),
  'fake-valid-amex-nonce': fakeCard('amex', '0005'),
  'fake-valid-discover-nonce': fakeCard('discover', '0009'),
  'fake-valid-jcb-nonce': fakeCard('jcb', '0000'),
  'fake-valid-maestro-nonce': fakeCard('maestro', '0000'),
  'fake-paypal-one-time-nonce': fakeWallet('paypal', 'PayPal', null, null),
  'fake-paypal-billing-agreement-nonce': fakeWallet('paypal', 'PayPal', null, null),
  'fake-apple-pay-visa-nonce': fakeWallet('apple_pay', 'Apple Pay - Visa', 'visa', '1881'),
  'fake-apple-pay-mastercard-nonce': fakeWallet('apple_pay', 'Apple Pay - Mastercard', 'mastercard', '4444'),
  'fake-apple-pay-amex-nonce': fakeWallet('apple_pay', 'Apple Pay - American Express', 'amex', '0005'),
  'fake-android-pay-nonce': fakeWallet('google_pay', 'Google Pay', 'visa', '1111'),
  'fake-processor-declined-visa-nonce': fakeCard('visa', '1115', 'verify_declined'),
  'fake-processor-declined-mastercard-nonce': fakeCard('mastercard', '5100', 'verify_declined'),
  'fake-processor-declined-amex-nonce': fakeCard('amex', '1000', 'verify_declined'),
  'fake-processor-declined-discover-nonce': fakeCard('discover', '9424', 'verify_declined'),
  'fake-gateway-rejected-fraud-nonce': fakeCard('visa', '1511', 'fraud'),
  'fake-luhn-invalid-nonce': fakeCard('visa', '1112', 'luhn_invalid'),
  'fake-consumed-nonce': fakeCard('visa', '1881'),
};

export const CONSUMED_TEST_NONCE = 'fake-consumed-nonce';

/** What the amount alone makes of a sale (PAYMENTS.md amount table). */
export type AmountOutcome =
  | { kind: 'authorised' }
  | { kind: 'processorDeclined'; code: string; text: string }
  | { kind: 'networkUnavailable'; code: '3000'; text: string }
  | { kind: 'gatewayRejected'; code: 'application_incomplete'; text: string };

/** PAYMENTS.md: the documented texts of the processor decline codes. */
const DECLINE_TEXTS: Readonly<Record<number, string>> = {
  2000: 'Do Not Honor',
  2001: 'Insufficient Funds',
  2004: 'Expired Card',
  2010: 'Card Issuer Declined CVV',
  2038: 'Processor Declined',
  2099: 'Cardholder Authentication Required',
};

/** The processor's text for a decline code ("Processor Declined" where none is documented). */
export function declineText(code: number): string {
  return DECLINE_TEXTS[code] ?? 'Processor Declined';
}

/**
 * The sandbox reads pence as pounds and pence, the way the provider does (200000 is 2000.00).
 * Amounts the table leaves out (4001.00 up, other than 5001.00/5001.01) authorise.
 */
export function amountOutcome(amountMinor: number, kind: InstrumentKind): AmountOutcome {
  const pounds = Math.floor(amountMinor / 100);
  if (pounds >= 2000 && pounds <= 2999) {
    return { kind: 'processorDeclined', code: String(pounds), text: declineText(pounds) };
  }
  if (pounds === 3000) {
    return { kind: 'networkUnavailable', code: '3000', text: 'Processor Network Unavailable - Try Again' };
  }
  if (amountMinor === 500100) {
    return { kind: 'gatewayRejected', code: 'application_incomplete', text: 'Application Incomplete' };
  }
  // PAYMENTS.md: 5001.01 is PayPal's decline; a card at that amount authorises.
  if (amountMinor === 500101 && kind === 'paypal') {
    return { kind: 'processorDeclined', code: '2038', text: declineText(2038) };
  }
  return { kind: 'authorised' };
}
