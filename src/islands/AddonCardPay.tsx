/**
 * The card part of /order-addon (spec 3 add-on types VVE and DVP). The page's form works without
 * JavaScript with a saved card; this island adds "a new card": the card goes only to the gateway's tokeniser (as at checkout,
 * src/stores/card-form.ts), and the form is then submitted with the one-time nonce in place of it.
 * The island sits outside the form, so the card's fields are never posted to the shop.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $cardForm, tokeniseCard } from '@/stores/card-form';
import CardFields from './checkout/CardFields';

type Props = {
  /** The id of the form this island pays for. */
  formId: string;
  gatewayUrl: string;
};

export default function AddonCardPay({ formId, gatewayUrl }: Props) {
  const form = useStore($cardForm);

  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const onSubmit = async (event: SubmitEvent) => {
      const choice = new FormData(element).get('instrumentId');
      if (choice !== null && choice !== 'new') return; // a saved card: the form goes as it is
      event.preventDefault();
      const outcome = await tokeniseCard(gatewayUrl);
      if (!outcome.ok) return;
      const nonce = element.querySelector<HTMLInputElement>('input[name="nonce"]');
      if (nonce) nonce.value = outcome.nonce;
      element.submit();
    };
    element.addEventListener('submit', onSubmit);
    return () => element.removeEventListener('submit', onSubmit);
  }, [formId, gatewayUrl]);

  return (
    <div className="addon-card">
      <CardFields legend="New card" disabled={form.status === 'tokenising'} />
    </div>
  );
}
