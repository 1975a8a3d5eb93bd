/**
 * The deal page's product chooser: option (a radio group), nights for travel deals, quantity
 * within spec 5's purchase cap (at least 2 people on per-person deals) and "Buy now".
 * The choice lives in $bcor so the basket can read it. The server renders the same markup
 * from the default choice, so "Buy now" works before (and without) JavaScript. A signed-in shopper
 * with a saved default also gets Express Buy (decision 016), which only the browser shows.
 * Below lg a bar fixed to the bottom of the screen keeps the choice's price and a second
 * "Buy now" (a submit button of the same form) in view whenever the form's own button is not fully
 * on screen; the server renders it shown, so it works without JavaScript too.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { optionPriceView } from '@/components/deal/option-price';
import type { Money, PriceDisplayMode } from '@/contracts/deal';
import { MESSAGES } from '@/domain/messages';
import { formatMoney } from '@/domain/money';
import { deliveryNote } from '@/domain/shown-price';
import {
  $bcor,
  type BcorProduct,
  bcorStateFor,
  boundsFor,
  initBcor,
  selectedProduct,
  selectNights,
  selectProduct,
  setQuantity,
} from '@/stores/bcor';
import ExpressBuy from './deal/ExpressBuy';

export type ChooserProduct = BcorProduct & {
  originalPrice: Money;
  discountPercentage: number;
  /** Units left when stock is limited, else null. */
  remaining: number | null;
  /** Pay this now and the rest later, when the option takes a deposit. */
  depositPrice: Money | null;
  /** A posted option's standard postage per unit, within every price shown (DMCC Act 2024; decision 051), else null. */
  postage: Money | null;
};

/**
 * docs/decisions/048: "Only N left" comes from the live stock, asked when the chooser starts (the
 * page's HTML is cached and carries no count); the answer only names counts at or under spec 9's 50.
 */
function useLiveLeft(dealId: number): Map<number, number> {
  const [left, setLeft] = useState<Map<number, number>>(() => new Map());
  useEffect(() => {
    let live = true;
    fetch(`/api/v1/deal/stock?ids=${dealId}`, { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((answer: { deals?: { products: { productId: number; left: number | null }[] }[] } | null) => {
        const products = answer?.deals?.[0]?.products ?? [];
        if (live) setLeft(new Map(products.flatMap((p) => (p.left === null ? [] : [[p.productId, p.left] as const]))));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dealId]);
  return left;
}

type Props = {
  dealId: number;
  products: ChooserProduct[];
  priceDisplayMode: PriceDisplayMode;
  pricePerPerson: boolean;
  dealPurchaseCap: number | null;
  selectedProductId?: number;
  /** Why the last "Buy now" was refused (sold out, over the cap, ...), shown above the button. */
  basketNotice?: string | null;
  /** The buy form's id, for fields other islands add to it (the travel chooser's check-in date, airport). */
  formId?: string;
  /** A hotel deep link's guests (spec 2; per-person deals). */
  initialQuantity?: number;
  /** The travel chooser (dates, airports), a nested island placed after the options. */
  children?: ReactNode;
  /**
   * "Buy now" adds to the basket, then goes to checkout. A plain form POST to the deal
   * page's addToBasket action (decision 030; its `?_action=` address, given by the page so this island
   * carries no actions client), so it works without JavaScript; a refusal comes back with basketNotice.
   */
  buyNowAction: string;
  /** The payment gateway's browser URL, for Express Buy's 3-D Secure when a saved card's issuer asks (decision 043). */
  gatewayUrl?: string;
};

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const nightsText = (n: number) => (n === 1 ? '1 night' : `${n} nights`);

export default function ProductChooser(props: Props) {
  const {
    dealId,
    products,
    priceDisplayMode,
    pricePerPerson,
    dealPurchaseCap,
    selectedProductId,
    basketNotice,
    initialQuantity,
    buyNowAction,
    gatewayUrl,
  } = props;
  const init = useMemo(
    () => ({ dealId, products, pricePerPerson, dealPurchaseCap, selectedProductId, initialQuantity }),
    [dealId, products, pricePerPerson, dealPurchaseCap, selectedProductId, initialQuantity],
  );
  const stored = useStore($bcor);
  // On the server (and before hydration) render from the starting state; never write the shared store there.
  const initial = useMemo(() => bcorStateFor(init), [init]);
  const state = stored.currentDealId === dealId ? stored : initial;
  useEffect(() => initBcor(init), [init]);

  const id = useId();
  const formId = props.formId ?? `${id}-buy`;
  const [payDeposit, setPayDeposit] = useState(false);
  // The sticky bar shows while the form's own Buy now is not wholly on screen (and always without JavaScript).
  const buyRef = useRef<HTMLButtonElement>(null);
  const [buyOnScreen, setBuyOnScreen] = useState(false);
  useEffect(() => {
    const button = buyRef.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries.at(-1);
        if (entry) setBuyOnScreen(entry.isIntersecting && entry.intersectionRatio >= 0.99);
      },
      { threshold: [0, 0.99, 1] },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, []);
  const chosen = selectedProduct(state);
  const bounds = boundsFor(state);
  const shown = state.filteredProducts;
  const extra = new Map(products.map((p) => [p.id, p]));
  const liveLeft = useLiveLeft(dealId);
  const quantityLabel = pricePerPerson ? 'People' : 'Quantity';
  const atMax = bounds.max !== null && state.quantity >= bounds.max;
  // What checkout charges for the choice with standard delivery (a posted option's postage per unit).
  const chosenPostage = chosen ? (extra.get(chosen.id)?.postage ?? null) : null;
  const totalPostage =
    chosenPostage === null ? null : { ...chosenPostage, amountMinor: chosenPostage.amountMinor * state.quantity };
  const total =
    chosen && priceDisplayMode !== 'hidden'
      ? {
          ...chosen.price,
          amountMinor:
            (chosen.price.amountMinor + state.stayExtraMinor + (chosenPostage?.amountMinor ?? 0)) * state.quantity,
        }
      : null;
  const chosenDeposit = chosen ? (extra.get(chosen.id)?.depositPrice ?? null) : null;
  const dueToday =
    chosenDeposit && payDeposit ? { ...chosenDeposit, amountMinor: chosenDeposit.amountMinor * state.quantity } : null;

  return (
    <div className="chooser">
      {state.nightOptions.length > 1 && (
        <p className="chooser__nights">
          <label htmlFor={`${id}-nights`}>Nights</label>
          <select
            id={`${id}-nights`}
            value={state.selectedNights ?? undefined}
            onChange={(event) => selectNights(Number(event.currentTarget.value))}
          >
            {state.nightOptions.map((n) => (
              <option key={n} value={n}>
                {nightsText(n)}
              </option>
            ))}
          </select>
        </p>
      )}

      <fieldset className="chooser__options">
        <legend className="visually-hidden">Options</legend>
        {shown.map((product) => {
          const view = optionPriceView(
            extra.get(product.id) ?? { ...product, originalPrice: product.price, discountPercentage: 0, postage: null },
            priceDisplayMode,
          );
          const unavailable = product.vipExclusive || !boundsFor(state, product).canBuy;
          const left = liveLeft.get(product.id) ?? null;
          const deposit = extra.get(product.id)?.depositPrice ?? null;
          const fewLeft = !product.isSoldOut && left !== null && left > 0;
          return (
            <label
              key={product.id}
              className="chooser__option"
              data-checked={product.id === state.selection || undefined}
            >
              <input
                type="radio"
                name={`${id}-option`}
                value={product.id}
                checked={product.id === state.selection}
                disabled={unavailable}
                onChange={() => selectProduct(product.id)}
              />
              <span className="chooser__title">
                {product.title}
                {product.vipExclusive && <span className="chooser__vip">VIP exclusive</span>}
                {product.numberOfNights !== null && (
                  <span className="chooser__meta">
                    {nightsText(product.numberOfNights)}
                    {product.checkInDate && product.checkOutDate
                      ? ` · ${dateFormat.format(new Date(product.checkInDate))} to ${dateFormat.format(new Date(product.checkOutDate))}`
                      : ''}
                  </span>
                )}
                {deposit && <span className="chooser__meta">Secure it with a {formatMoney(deposit)} deposit</span>}
              </span>
              <span className="chooser__price">
                {product.isSoldOut ? (
                  <strong>{MESSAGES.soldOut}</strong>
                ) : view.kind === 'hidden' ? (
                  <span className="chooser__meta">Price on booking</span>
                ) : (
                  <>
                    {view.isVip && <span className="chooser__meta">VIP price</span>}
                    <strong>
                      {view.prefix && <span className="chooser__meta">{view.prefix} </span>}
                      {view.price}
                    </strong>
                    {pricePerPerson && <span className="chooser__meta">per person</span>}
                    {view.delivery && <span className="chooser__meta">{view.delivery}</span>}
                    {view.was && (
                      <s>
                        <span className="visually-hidden">was </span>
                        {view.was}
                      </s>
                    )}
                    {view.saving && <span className="chooser__save">{view.saving}</span>}
                  </>
                )}
                {fewLeft && <span className="chooser__few">Only {left} left</span>}
              </span>
            </label>
          );
        })}
      </fieldset>

      {props.children}

      {chosen?.checkInDate && chosen.checkOutDate && (
        <p className="chooser__dates">
          Check in <strong>{dateFormat.format(new Date(chosen.checkInDate))}</strong>, check out{' '}
          <strong>{dateFormat.format(new Date(chosen.checkOutDate))}</strong>
        </p>
      )}

      <div className="chooser__quantity">
        <label htmlFor={`${id}-quantity`}>{quantityLabel}</label>
        <div className="chooser__stepper">
          <button
            type="button"
            aria-label={pricePerPerson ? 'Fewer people' : 'Decrease quantity'}
            aria-controls={`${id}-quantity`}
            disabled={!bounds.canBuy || state.quantity <= bounds.min}
            onClick={() => setQuantity(state.quantity - 1)}
          >
            −
          </button>
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={bounds.min}
            max={bounds.max ?? undefined}
            value={state.quantity}
            disabled={!bounds.canBuy}
            aria-describedby={`${id}-quantity-note`}
            onChange={(event) => setQuantity(Number(event.currentTarget.value))}
          />
          <button
            type="button"
            aria-label={pricePerPerson ? 'More people' : 'Increase quantity'}
            aria-controls={`${id}-quantity`}
            disabled={!bounds.canBuy || atMax}
            onClick={() => setQuantity(state.quantity + 1)}
          >
            +
          </button>
        </div>
        <p id={`${id}-quantity-note`} className="chooser__note" aria-live="polite">
          {!bounds.canBuy
            ? 'This option cannot be bought right now.'
            : bounds.max !== null && (state.hasError || atMax)
              ? `You can buy up to ${bounds.max} of this option.`
              : pricePerPerson
                ? 'Priced per person, for at least 2 people.'
                : ''}
        </p>
      </div>

      <form method="post" action={buyNowAction} className="chooser__buy" id={formId} data-add-to-cart>
        <input type="hidden" name="dealId" value={dealId} />
        <input type="hidden" name="productId" value={state.selection ?? ''} />
        <input type="hidden" name="quantity" value={state.quantity} />
        {state.selectedNights !== null && <input type="hidden" name="nights" value={state.selectedNights} />}
        {chosenDeposit && (
          <label className="chooser__deposit">
            <input
              type="checkbox"
              name="payDeposit"
              checked={payDeposit}
              onChange={(event) => setPayDeposit(event.currentTarget.checked)}
            />{' '}
            Pay a {formatMoney(chosenDeposit)} deposit now and the rest later
          </label>
        )}
        <p className="chooser__notice" role="status" aria-live="polite">
          {basketNotice ?? ''}
        </p>
        {total && (
          <p className="chooser__total">
            Total <strong>{formatMoney(total)}</strong>
            {totalPostage && <> {deliveryNote(totalPostage)}</>}
            {dueToday && (
              <>
                {' '}
                · due today <strong>{formatMoney(dueToday)}</strong>
              </>
            )}
          </p>
        )}
        <button type="submit" className="button chooser__submit" disabled={!bounds.canBuy} ref={buyRef}>
          Buy now
        </button>
        <ExpressBuy
          gatewayUrl={gatewayUrl}
          choice={
            bounds.canBuy && state.selection !== null
              ? { dealId, productId: state.selection, quantity: state.quantity, ships: chosenPostage !== null }
              : null
          }
        />
      </form>

      <section className="buy-bar" aria-label="Your choice" data-hidden={buyOnScreen || undefined}>
        <p className="buy-bar__summary">
          {chosen && <span className="buy-bar__option">{chosen.title}</span>}
          {total && <strong className="buy-bar__price">{formatMoney(total)}</strong>}
        </p>
        <button type="submit" form={formId} className="button buy-bar__submit" disabled={!bounds.canBuy}>
          Buy now
        </button>
      </section>
    </div>
  );
}
