/**
 * The card part of /order-addon (spec 3 add-on types VVE and DVP). The page's form works without
 * JavaScript with a saved card; this island adds "a new card": the card goes only to the gateway's
 * tokeniser (as at checkout, src/stores/card-form.ts), is authenticated with its issuer by 3-D Secure
 * for the add-on's price, through the challenge dialog when the issuer asks (PAYMENTS.md "3-D Secure
 * 2"; decision 043; src/islands/checkout/three-d-secure.ts), and the form is then submitted with the
 * one-time nonce and the authentication in place of the card. The island sits outside the form, so
 * the card's fields are never posted to the shop. When a saved card's issuer asked to authenticate
 * the payment, the page comes back with the form marked (`data-authenticate-instrument`): the island
 * has the saved card authenticated the same way, through a nonce the shop mints from it, and sends
 * the form again, once, with the authentication and the page's new key (decision 043).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { MESSAGES } from '@/domain/messages';
import { $cardForm, refuseCard, tokeniseCard } from '@/stores/card-form';
import { $threeDSecure } from '@/stores/three-d-secure';
import CardFields from './checkout/CardFields';
import ChallengeDialog from './checkout/ChallengeDialog';
import { authenticateCard, authenticateSavedCard } from './checkout/three-d-secure';

type Props = {
  /** The id of the form this island pays for. */
  formId: string;
  gatewayUrl: string;
  /** The add-on's currency (its price is the chosen option's pence). */
  currency?: string;
};

/** The price of the chosen option, in pence: the form's `option` reads "months:pence". */
function optionPriceMinor(option: FormDataEntryValue | null): number | null {
  const match = typeof option === 'string' ? /^\d+:(\d+)$/.exec(option) : null;
  return match ? Number(match[1]) : null;
}

/** Sets the form's hidden field, adding it when the page has none. */
function setHidden(form: HTMLFormElement, name: string, value: string): void {
  let field = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (field === null) {
    field = Object.assign(document.createElement('input'), { type: 'hidden', name });
    form.append(field);
  }
  field.value = value;
}

export default function AddonCardPay({ formId, gatewayUrl, currency = 'GBP' }: Props) {
  const form = useStore($cardForm);
  const { phase } = useStore($threeDSecure);
  const payButton = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const onSubmit = async (event: SubmitEvent) => {
      const data = new FormData(element);
      const choice = data.get('instrumentId');
      if (choice !== null && choice !== 'new') return; // a saved card: the form goes as it is
      event.preventDefault();
      // One payment at a time: a second press while the bank is asked does nothing.
      if ($threeDSecure.get().phase !== 'idle') return;
      payButton.current = event.submitter instanceof HTMLElement ? event.submitter : null;
      const card = await tokeniseCard(gatewayUrl);
      if (!card.ok) return;
      const amountMinor = optionPriceMinor(data.get('option'));
      if (amountMinor === null) return refuseCard(MESSAGES.paymentFailed);
      const authenticated = await authenticateCard(gatewayUrl, {
        nonce: card.nonce,
        amountMinor,
        currency,
        billing: { postcode: $cardForm.get().fields.postcode.trim() || undefined },
      });
      if (!authenticated.ok) return refuseCard([authenticated.message, authenticated.reason].filter(Boolean).join(' '));
      setHidden(element, 'nonce', card.nonce);
      setHidden(element, 'threeDSecureAuthenticationId', authenticated.authenticationId);
      element.submit();
    };
    element.addEventListener('submit', onSubmit);
    return () => element.removeEventListener('submit', onSubmit);
  }, [formId, gatewayUrl, currency]);

  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const instrumentId = Number(element.dataset.authenticateInstrument);
    if (!Number.isInteger(instrumentId) || instrumentId <= 0) return;
    // Once per page: the form sent again carries the authentication, so the bank is not asked twice.
    delete element.dataset.authenticateInstrument;
    payButton.current = document.querySelector<HTMLElement>(`button[form="${formId}"]`);
    void (async () => {
      const amountMinor = optionPriceMinor(new FormData(element).get('option'));
      if (amountMinor === null) return refuseCard(MESSAGES.paymentFailed);
      const authenticated = await authenticateSavedCard(gatewayUrl, {
        nonceUrl: `/api/v1/customer/instruments/${instrumentId}/authentication-nonce`,
        amountMinor,
        currency,
        billing: {},
      });
      if (!authenticated.ok) return refuseCard([authenticated.message, authenticated.reason].filter(Boolean).join(' '));
      setHidden(element, 'threeDSecureAuthenticationId', authenticated.authenticationId);
      element.submit();
    })();
  }, [formId, gatewayUrl, currency]);

  return (
    <div className="addon-card">
      <CardFields legend="New card" disabled={form.status === 'tokenising' || phase !== 'idle'} />
      <ChallengeDialog returnFocusTo={() => payButton.current} />
    </div>
  );
}
