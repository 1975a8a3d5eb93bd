/**
 * The checkout's basket lines: what is being bought, each with its quantity (bounded by spec 5)
 * and a Remove button. Changes go through the $checkout actions.
 */
import { useEffect, useState } from 'react';
import type { PricedLine } from '@/contracts/basket';
import { describeArrival, type ShippingMethod } from '@/domain/delivery';
import { formatMoney } from '@/domain/money';
import { changeQuantity, chooseShippingMethod, removeLine } from '@/stores/checkout';

type Props = {
  lines: PricedLine[];
  disabled: boolean;
  /** spec 3 checkout query gifting (default true): whether lines offer gift options. */
  gifting?: boolean;
};

/** The quantities a line may be set to: its bounds, at most 20 choices (a select stays usable). */
function quantityChoices(line: PricedLine): number[] {
  const max = Math.min(line.bounds.max ?? line.bounds.min + 19, line.bounds.min + 19);
  const choices: number[] = [];
  for (let q = line.bounds.min; q <= Math.max(max, line.quantity); q += 1) choices.push(q);
  return choices;
}

/** Whether a line can be sent as a gift at all (an e-gift, a pack or wrap). */
function giftingOffered(line: PricedLine): boolean {
  return line.gifting.offered.giftWrap || line.gifting.offered.deliveryOptions.some((option) => option !== 'none');
}

/**
 * A posted line's delivery options (docs/decisions/051): "Standard delivery £4.99 — Arrives Thu 3 Dec
 * – Tue 8 Dec", each price per item, "Free" at 0. A change is saved on the basket line and priced
 * again by the server. Without JavaScript the checkout form posts the choice with "Update delivery".
 */
function ShippingOptions({ line, disabled, hydrated }: { line: PricedLine; disabled: boolean; hydrated: boolean }) {
  const shipping = line.shipping;
  if (shipping === null) return null;
  const each = line.quantity > 1 ? ' each' : '';
  return (
    // Before hydration (and without JavaScript) the checkout reads as busy; the choice stays usable.
    <fieldset className="checkout-line__shipping" disabled={(hydrated && disabled) || !line.isAvailable}>
      <legend>
        Delivery<span className="visually-hidden"> for {line.headline}</span>
      </legend>
      {shipping.options.map((option) => (
        <label key={option.method} className="checkout-line__shipping-option">
          <input
            type="radio"
            name={`shipping-${line.id}`}
            value={option.method}
            checked={shipping.method === option.method}
            onChange={() => void chooseShippingMethod(line.id, option.method as ShippingMethod)}
          />
          <span>
            {option.label}{' '}
            <strong>
              {option.priceMinor === 0
                ? 'Free'
                : `${formatMoney({ amountMinor: option.priceMinor, currency: line.unitPrice.currency })}${each}`}
            </strong>{' '}
            — {describeArrival(option)}
          </span>
        </label>
      ))}
      {!hydrated && (
        <button type="submit" name="intent" value="shipping" formNoValidate className="button button--secondary">
          Update delivery
        </button>
      )}
    </fieldset>
  );
}

export default function BasketLines({ lines, disabled, gifting = true }: Props) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <ul className="checkout-lines">
      {lines.map((line) => {
        const label = line.pricePerPerson ? 'People' : 'Quantity';
        const id = `qty-${line.id}`;
        return (
          <li key={line.id} className="checkout-line" data-unavailable={!line.isAvailable || undefined}>
            {line.imageUrl && (
              <img className="checkout-line__image" src={line.imageUrl} alt="" width={96} height={64} />
            )}
            <div className="checkout-line__body">
              <a className="checkout-line__title" href={line.dealUrl}>
                {line.headline}
              </a>
              <p className="checkout-line__option">{line.productTitle}</p>
              <p className="checkout-line__merchant">{line.merchantName}</p>
              {line.unavailableReason && (
                <p className="checkout-line__problem" role="status">
                  {line.unavailableReason}
                </p>
              )}
              {line.gifting.type !== 'none' && (
                <p className="checkout-line__gift">
                  <strong>{line.gifting.label}</strong>
                  {line.gifting.summary && <span> · {line.gifting.summary}</span>}
                </p>
              )}
              {line.gifting.extras.length > 0 && (
                <ul className="checkout-line__extras" aria-label={`Gift extras for ${line.headline}`}>
                  {line.gifting.extras.map((extra) => (
                    <li key={extra.kind}>
                      {extra.label} × {extra.quantity}: {formatMoney(extra.amount)}
                    </li>
                  ))}
                </ul>
              )}
              <ShippingOptions line={line} disabled={disabled} hydrated={hydrated} />
              <div className="checkout-line__controls">
                <label htmlFor={id}>{label}</label>
                <select
                  id={id}
                  value={line.quantity}
                  disabled={disabled || !line.isAvailable}
                  onChange={(event) => void changeQuantity(line.id, Number(event.currentTarget.value))}
                >
                  {quantityChoices(line).map((q) => (
                    <option key={q} value={q}>
                      {q}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="link-button"
                  disabled={disabled}
                  onClick={() => void removeLine(line.id)}
                  aria-label={`Remove ${line.headline}`}
                >
                  Remove
                </button>
                {gifting && giftingOffered(line) && (
                  <a className="link-button" href={`/checkout/gifting?line=${line.id}`}>
                    {line.gifting.type === 'none' ? 'Send as a gift' : 'Change gift options'}
                    <span className="visually-hidden"> for {line.headline}</span>
                  </a>
                )}
              </div>
            </div>
            <p className="checkout-line__price">
              <span className="visually-hidden">Line total </span>
              {formatMoney(line.lineTotal)}
              {line.postage.amountMinor > 0 && (
                <span className="checkout-line__postage">incl. {formatMoney(line.postage)} delivery</span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
