/**
 * What the shopper sees when a payment does not end in "Purchase Successful" (spec 8; PAYMENTS.md
 * "Outcome -> what the shopper sees"). Pure: the provider's answer comes in, the catalogue's
 * words go out, so every payment method and page words a failure the same way.
 */
import { CARD_REASONS, type CardReason, MESSAGES } from './messages';

/**
 * A provider's answer, as far as the wording needs it. The server's `AuthorisationResult`
 * (src/server/payments/provider.ts) fits this shape as it is.
 * `authorised` here means: the payment was authorised but our order failed afterwards and the
 * authorisation was voided (the only time an authorised payment needs a failure message).
 */
export type PaymentOutcome =
  | { kind: 'authorised' }
  | { kind: 'processorDeclined'; reason: CardReason }
  | { kind: 'gatewayRejected' }
  | { kind: 'invalidInstrument'; reason: CardReason }
  | { kind: 'noResponse' }
  | { kind: 'unreachable' }
  | { kind: 'failed' };

export interface PaymentFailureMessage {
  /** The sentence from spec 8, verbatim. */
  message: string;
  /** The card reason under it (CARD_REASONS), or null when the message says it all. */
  reason: string | null;
}

/** spec 8 / PAYMENTS.md: the message (and card reason) for a payment that did not go through. */
export function describePaymentFailure(outcome: PaymentOutcome): PaymentFailureMessage {
  switch (outcome.kind) {
    case 'processorDeclined':
    case 'invalidInstrument':
      return { message: MESSAGES.paymentDidNotGoThrough, reason: CARD_REASONS[outcome.reason] };
    case 'gatewayRejected':
      return { message: MESSAGES.tryDifferentMethod, reason: null };
    case 'unreachable':
      return { message: MESSAGES.providerUnreachable, reason: null };
    case 'noResponse':
      return { message: MESSAGES.bankNoResponse, reason: null };
    case 'authorised':
      return { message: MESSAGES.paymentProblemOrderNotPlaced, reason: null };
    default:
      return { message: MESSAGES.paymentFailed, reason: null };
  }
}
