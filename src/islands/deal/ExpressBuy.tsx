/**
 * "Express Buy with Visa ending 1111" beside Buy now (decision 016), for a signed-in shopper with
 * a default saved instrument. Not an island itself: ProductChooser renders it inside its Buy now
 * form, so after a refusal "Continue to checkout" is that form's own submit (the standard checkout).
 * State and requests live in $expressBuy.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { MESSAGES } from '@/domain/messages';
import { $expressBuy, buyWithExpressBuy, type ExpressBuyChoice, offerExpressBuy } from '@/stores/express-buy';

type Props = {
  /** The chooser's current choice; null while no option can be bought. */
  choice: ExpressBuyChoice | null;
};

export default function ExpressBuy({ choice }: Props) {
  const state = useStore($expressBuy);
  const continueRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void offerExpressBuy();
  }, []);
  useEffect(() => {
    // After a refusal the way on is the standard checkout: focus it.
    if (state.phase === 'refused') continueRef.current?.focus();
  }, [state.phase]);

  if (state.phase === 'hidden') return null;

  async function buy() {
    if (choice === null) return;
    const redirect = await buyWithExpressBuy(choice);
    if (redirect !== null) window.location.assign(redirect);
  }

  const label =
    state.phase === 'buying'
      ? MESSAGES.makingPayment
      : state.phase === 'succeeded'
        ? MESSAGES.purchaseSuccessful
        : `Express Buy with ${state.label}`;
  return (
    <div className="chooser__express">
      <button
        type="button"
        className="button button--secondary chooser__express-button"
        disabled={choice === null || state.phase === 'buying' || state.phase === 'succeeded'}
        aria-busy={state.phase === 'buying'}
        onClick={() => void buy()}
      >
        {label}
      </button>
      <p className="visually-hidden" role="status" aria-live="polite">
        {state.phase === 'succeeded' ? MESSAGES.purchaseSuccessful : ''}
      </p>
      {state.phase === 'refused' && (
        <div className="chooser__express-alert" role="alert">
          <p>{state.message}</p>
          {state.reason && <p>{state.reason}</p>}
          <button ref={continueRef} type="submit" className="button">
            Continue to checkout
          </button>
        </div>
      )}
    </div>
  );
}
