/**
 * "Express Buy with Visa ending 1111" beside Buy now (decision 016), for a signed-in shopper with
 * a default saved instrument. Not an island itself: ProductChooser renders it inside its Buy now
 * form, so after a refusal "Continue to checkout" is that form's own submit (the standard checkout).
 * State and requests live in $expressBuy. When the saved card's issuer asks to authenticate the
 * purchase, the card is authenticated by the checkout's 3-D Secure flow, the bank's challenge in its
 * dialog (decision 043; ../checkout/three-d-secure.ts), and bought again. A posted option
 * (docs/decisions/051) shows the shopper's default saved address to confirm, or asks for one.
 */

const ADDRESS_FIELDS = [
  ['name', "Recipient's name", 'shipping name'],
  ['line1', 'Address line 1', 'shipping address-line1'],
  ['line2', 'Address line 2 (optional)', 'shipping address-line2'],
  ['town', 'Town or city', 'shipping address-level2'],
  ['postcode', 'Postcode', 'shipping postal-code'],
] as const;

import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@/domain/messages';
import {
  $expressBuy,
  $expressBuyAddress,
  type AuthenticateExpressBuy,
  buyWithExpressBuy,
  type ExpressBuyChoice,
  loadExpressBuyAddress,
  offerExpressBuy,
  typeExpressBuyAddress,
} from '@/stores/express-buy';

/**
 * The 3-D Secure flow (decision 043) is loaded only when a purchase asks to authenticate: most
 * shoppers never meet it, and every deal page would otherwise carry it (decision 041's JavaScript
 * budget). The dialog mounts once the flow starts and opens when the bank asks for a challenge.
 */
const ChallengeDialog = lazy(() => import('../checkout/ChallengeDialog'));
const loadThreeDSecure = () => import('../checkout/three-d-secure');

type Props = {
  /** The chooser's current choice; null while no option can be bought. */
  choice: ExpressBuyChoice | null;
  /** The payment gateway's browser URL, where the saved card is authenticated when its issuer asks. */
  gatewayUrl?: string;
};

export default function ExpressBuy({ choice, gatewayUrl }: Props) {
  const state = useStore($expressBuy);
  const address = useStore($expressBuyAddress);
  const ships = choice?.ships === true;
  const continueRef = useRef<HTMLButtonElement>(null);
  const buyRef = useRef<HTMLButtonElement>(null);
  const [authenticating, setAuthenticating] = useState(false);

  useEffect(() => {
    void offerExpressBuy();
  }, []);
  useEffect(() => {
    if (ships && state.phase !== 'hidden') void loadExpressBuyAddress();
  }, [ships, state.phase]);
  useEffect(() => {
    // After a refusal the way on is the standard checkout: focus it.
    if (state.phase === 'refused') continueRef.current?.focus();
  }, [state.phase]);

  if (state.phase === 'hidden') return null;

  // decision 043: the token's saved card, authenticated for the amount the purchase's answer names.
  const authenticate: AuthenticateExpressBuy | undefined =
    gatewayUrl === undefined
      ? undefined
      : async ({ token, amountMinor, currency }) => {
          setAuthenticating(true);
          const { authenticateSavedCard } = await loadThreeDSecure();
          return authenticateSavedCard(gatewayUrl, {
            nonceUrl: '/api/v1/express-buy/authentication-nonce',
            nonceRequest: { token },
            amountMinor,
            currency,
            billing: {},
          });
        };

  async function buy() {
    if (choice === null) return;
    const redirect = await buyWithExpressBuy(choice, authenticate);
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
        ref={buyRef}
        type="button"
        className="button button--secondary chooser__express-button"
        disabled={
          choice === null ||
          state.phase === 'buying' ||
          state.phase === 'succeeded' ||
          (ships && address.phase === 'unknown')
        }
        aria-busy={state.phase === 'buying'}
        onClick={() => void buy()}
      >
        {label}
      </button>
      {ships && address.phase === 'saved' && (
        <p className="chooser__express-address">
          Delivers to <strong>{address.address.name}</strong>,{' '}
          {[address.address.line1, address.address.line2, address.address.town, address.address.postcode]
            .filter(Boolean)
            .join(', ')}
          . To send it elsewhere, use Buy now.
        </p>
      )}
      {ships && address.phase === 'typing' && (
        <fieldset className="chooser__express-address">
          <legend>Delivery address for Express Buy</legend>
          {ADDRESS_FIELDS.map(([field, label, autoComplete]) => (
            <label key={field}>
              {label}
              <input
                type="text"
                name={`express-${field}`}
                autoComplete={autoComplete}
                maxLength={120}
                value={address.fields[field]}
                onChange={(event) => typeExpressBuyAddress(field, event.currentTarget.value)}
              />
            </label>
          ))}
        </fieldset>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {state.phase === 'succeeded' ? MESSAGES.purchaseSuccessful : ''}
      </p>
      {authenticating && (
        <Suspense fallback={null}>
          <ChallengeDialog returnFocusTo={() => buyRef.current} />
        </Suspense>
      )}
      {state.phase === 'refused' && (
        <div className="chooser__express-alert" role="alert">
          <p>{state.message}</p>
          {state.reason && <p>{state.reason}</p>}
          {/* spec 4: after a refusal the standard checkout is offered, in spec 8's words. */}
          <p>{MESSAGES.tryCheckoutInstead}</p>
          <button ref={continueRef} type="submit" className="button">
            Continue to checkout
          </button>
        </div>
      )}
    </div>
  );
}
