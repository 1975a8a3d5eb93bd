/**
 * The checkout's basket lines: what is being bought, each with its quantity (bounded by spec 5)
 * and a Remove button. Changes go through the $checkout actions.
 */
import type { PricedLine } from '@/contracts/basket';
import { formatMoney } from '@/domain/money';
import { changeQuantity, removeLine } from '@/stores/checkout';

type Props = {
  lines: PricedLine[];
  disabled: boolean;
};

/** The quantities a line may be set to: its bounds, at most 20 choices (a select stays usable). */
function quantityChoices(line: PricedLine): number[] {
  const max = Math.min(line.bounds.max ?? line.bounds.min + 19, line.bounds.min + 19);
  const choices: number[] = [];
  for (let q = line.bounds.min; q <= Math.max(max, line.quantity); q += 1) choices.push(q);
  return choices;
}

export default function BasketLines({ lines, disabled }: Props) {
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
              </div>
            </div>
            <p className="checkout-line__price">
              <span className="visually-hidden">Line total </span>
              {formatMoney(line.lineTotal)}
              {line.postage.amountMinor > 0 && (
                <span className="checkout-line__postage">incl. {formatMoney(line.postage)} postage</span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
