/**
 * Turns the shopper's payment choice into what the pay call needs (decision 016): a saved instrument
 * (EXISTING), a card tokenised at the gateway and authenticated by 3-D Secure (decision 043), a device
 * wallet's sheet, or a trip to PayPal, Klarna or Clearpay's approval page. Each method lives in its
 * own module beside this one.
 */
import type { CheckoutView } from '@/contracts/checkout';
import { MESSAGES } from '@/domain/messages';
import { optionName, type PaymentOption } from '@/domain/payment-methods';
import { $cardForm, tokeniseCard } from '@/stores/card-form';
import type { PaymentAttempt, PaymentCredential } from '@/stores/checkout';
import type { PaymentChoice } from '@/stores/payment-choice';
import { authenticateCard, authenticateSavedCard } from '../three-d-secure';
import { payWithDeviceWallet } from './device-wallet';
import { startPayLater } from './pay-later';
import { startPayPal } from './paypal';

export interface MethodContext {
  view: CheckoutView;
  gatewayUrl: string;
  choice: PaymentChoice;
  /** Keep the card or PayPal account for next time. */
  save: boolean;
}

/**
 * A new card: tokenised at the gateway (which checks the form first; the card goes nowhere else), then
 * authenticated with its issuer by 3-D Secure for the cash amount, through the challenge dialog when
 * the issuer asks (PAYMENTS.md "3-D Secure 2"; decision 043). We send the nonce and the authentication.
 */
async function payByCard(attempt: PaymentAttempt, context: MethodContext): Promise<PaymentCredential> {
  const { gatewayUrl, save, view } = context;
  const card = await tokeniseCard(gatewayUrl);
  if (!card.ok) return { kind: 'refused', message: MESSAGES.paymentFailed, reason: card.message };
  const postcode = $cardForm.get().fields.postcode.trim() || undefined;
  const authenticated = await authenticateCard(gatewayUrl, {
    nonce: card.nonce,
    amountMinor: attempt.summary.cashAmount,
    currency: attempt.summary.currency,
    billing: { email: attempt.email || view.userInfo.email || undefined, postcode },
  });
  if (!authenticated.ok) return { kind: 'refused', message: authenticated.message, reason: authenticated.reason };
  return {
    kind: 'ready',
    method: 'credit_card',
    nonce: card.nonce,
    threeDSecureAuthenticationId: authenticated.authenticationId,
    billingPostcode: postcode,
    saveInstrument: save,
  };
}

/** The credential for the chosen way to pay. */
export function credentialFor(attempt: PaymentAttempt, context: MethodContext): Promise<PaymentCredential> {
  const { choice, gatewayUrl, save, view } = context;
  if (choice.kind === 'saved') {
    const saved = view.userInfo.paymentOptions.paymentInstruments.find((i) => i.id === choice.instrumentId);
    const isCard = saved?.type !== 'paypal';
    return Promise.resolve({
      kind: 'ready',
      method: isCard ? 'credit_card' : 'paypal',
      instrumentMode: 'EXISTING',
      instrumentId: choice.instrumentId,
      // decision 043: when the card's issuer asks, the saved card is authenticated as a new one is.
      ...(isCard
        ? {
            authenticate: () =>
              authenticateSavedCard(gatewayUrl, {
                nonceUrl: `/api/v1/customer/instruments/${choice.instrumentId}/authentication-nonce`,
                amountMinor: attempt.summary.cashAmount,
                currency: attempt.summary.currency,
                billing: { email: view.userInfo.email || undefined },
              }),
          }
        : {}),
    });
  }
  switch (choice.option) {
    case 'credit_card':
      return payByCard(attempt, context);
    case 'paypal':
    case 'paypal_credit':
      return startPayPal(attempt, { gatewayUrl, credit: choice.option === 'paypal_credit', save });
    case 'apple_pay':
    case 'google_pay':
      return payWithDeviceWallet(attempt, { gatewayUrl, wallet: choice.option });
    case 'klarna':
    case 'clearpay':
      return startPayLater(attempt, { provider: choice.option });
  }
}

/** The pay button's words for the chosen way to pay. */
export function payButtonLabel(choice: PaymentChoice | null, amount: string): string {
  if (choice === null || choice.kind === 'saved') return `Pay ${amount}`;
  const labels: Record<PaymentOption, string> = {
    credit_card: `Pay ${amount}`,
    paypal: 'Continue to PayPal',
    paypal_credit: 'Continue to PayPal Credit',
    apple_pay: `Pay ${amount} with Apple Pay`,
    google_pay: `Pay ${amount} with Google Pay`,
    klarna: `Continue to ${optionName('klarna')}`,
    clearpay: `Continue to ${optionName('clearpay')}`,
  };
  return labels[choice.option];
}
