/**
 * The promotion code field in the order summary (decision 021). Apply sends the code as the checkout's
 * promoCode parameter; the server answers spec 3's promoCode (applicable, message), shown under the
 * field in an aria-live region. Enter applies the code (it never submits the payment).
 */
import { useState } from 'react';
import type { CheckoutView } from '@/contracts/checkout';
import { applyPromoCode, removePromoCode } from '@/stores/checkout';

type Props = {
  promo: CheckoutView['promoCode'];
  disabled: boolean;
};

export default function PromoCode({ promo, disabled }: Props) {
  const [typed, setTyped] = useState(promo.code ?? '');
  const applied = promo.applicable && promo.code !== null;

  function apply() {
    if (typed.trim() === '') return;
    void applyPromoCode(typed);
  }

  return (
    <div className="promo-code">
      {applied ? (
        <p className="promo-code__applied">
          <span>
            Promo code <strong>{promo.code}</strong>
          </span>
          <button
            type="button"
            className="link-button"
            disabled={disabled}
            onClick={() => {
              setTyped('');
              void removePromoCode();
            }}
          >
            Remove
          </button>
        </p>
      ) : (
        <>
          <label htmlFor="checkout-promo-code">Promo code</label>
          <div className="promo-code__row">
            <input
              id="checkout-promo-code"
              name="promoCode"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={typed}
              aria-invalid={(promo.code !== null && !promo.applicable) || undefined}
              aria-describedby="checkout-promo-message"
              onChange={(event) => setTyped(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  apply();
                }
              }}
            />
            <button type="button" className="button" disabled={disabled || typed.trim() === ''} onClick={apply}>
              Apply
            </button>
          </div>
        </>
      )}
      <p
        id="checkout-promo-message"
        className={applied ? 'promo-code__message' : 'promo-code__message promo-code__message--refused'}
        role="status"
        aria-live="polite"
      >
        {promo.message ?? ''}
      </p>
    </div>
  );
}
