import { describe, expect, it } from 'vitest';
import { CARD_REASONS, type CardReason } from './messages';
import { describePaymentFailure, type PaymentOutcome } from './payment-outcome';

const didNotGoThrough =
  'Unfortunately, your payment did not go through. Please try again or select a different payment method.';

describe('spec 8 / PAYMENTS.md: outcome -> what the shopper sees', () => {
  it.each<[string, PaymentOutcome, string, string | null]>([
    [
      'processor declined 2000 (card declined by the bank)',
      { kind: 'processorDeclined', reason: 'declinedByBank' },
      didNotGoThrough,
      CARD_REASONS.declinedByBank,
    ],
    [
      'processor declined 2004 (card expired)',
      { kind: 'processorDeclined', reason: 'cardExpired' },
      didNotGoThrough,
      CARD_REASONS.cardExpired,
    ],
    [
      'failed verification: postcode 20000',
      { kind: 'invalidInstrument', reason: 'billingAddress' },
      didNotGoThrough,
      CARD_REASONS.billingAddress,
    ],
    [
      'gateway rejected (fraud, application incomplete)',
      { kind: 'gatewayRejected' },
      'Sorry please try a different payment method.',
      null,
    ],
    [
      'provider unreachable',
      { kind: 'unreachable' },
      "We couldn't contact the payment provider right now. Please pay using Visa or Mastercard.",
      null,
    ],
    [
      'no answer in time (3000, timeout)',
      { kind: 'noResponse' },
      "We tried to take payment but didn't get a response from your Bank. Try a different card or use Paypal and then try again.",
      null,
    ],
    [
      'authorised but our order failed afterwards (voided)',
      { kind: 'authorised' },
      'There was a problem with your payment and your order has not been placed. Please check your details and try again. If the issue persists please contact us for assistance.',
      null,
    ],
    ['anything else', { kind: 'failed' }, 'Payment failed.', null],
  ])('%s', (_name, outcome, message, reason) => {
    expect(describePaymentFailure(outcome)).toEqual({ message, reason });
  });

  it('PAYMENTS.md: every card reason has its own plain wording, Amex/Diners named as the spec does', () => {
    const reasons = Object.keys(CARD_REASONS) as CardReason[];
    expect(new Set(reasons.map((r) => CARD_REASONS[r])).size).toBe(reasons.length);
    expect(CARD_REASONS.brandNotAccepted).toContain('American Express or Diners not accepted');
    expect(CARD_REASONS.checkDetails).toContain('check that you entered the details correctly');
  });
});
