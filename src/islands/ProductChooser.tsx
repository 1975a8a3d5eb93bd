/**
 * The deal page's product chooser: option (a radio group), nights for travel deals, quantity
 * within spec 5's purchase cap (at least 2 people on per-person deals) and "Buy now".
 * The choice lives in $bcor so the basket can read it. The server renders the same markup
 * from the default choice, and that markup is a working form by itself (decision 071): the option
 * radios are the form's `productId` fields and the quantity its `quantity` field (a number input
 * bounded by spec 5's caps), joined to the form by their `form` attribute, so what the shopper
 * chooses before React has arrived (the island hydrates on first touch, `client:interact`) or with
 * JavaScript off is what "Buy now" posts. On mount the island takes up the radio and quantity the
 * shopper already set, as SearchBox takes up typed text (decision 068). The − and + buttons work
 * only with React, so they are unseen until it has started. A signed-in shopper with a saved
 * default also gets Express Buy (decision 016), which only the browser shows.
 * Below lg a bar fixed to the bottom of the screen keeps the choice's price and a second
 * "Buy now" (a submit button of the same form) in view whenever the form's own button is not fully
 * on screen; a plain script shows and hides it (../components/deal/buy-bar.ts), so it does so
 * before hydration too, and without JavaScript it is always shown.
 * "Only N left" (decision 048) is filled into each option's placeholder by the live-stock script
 * (../components/deal-card/live-stock.ts), which needs no React either.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
 * An option's "Only N left" placeholder: the live-stock script fills it (decision 048) whether or not
 * React has started. Its content is not React's (one constant object, so React never writes it again).
 */
const FILLED_BY_SCRIPT = { __html: '' };

/** The quantity the shopper typed before hydration, if it reads as a whole number. */
function typedQuantity(input: HTMLInputElement | null): number | null {
  const value = input?.value.trim() ?? '';
  return /^\d+$/.test(value) ? Number(value) : null;
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
  const optionsRef = useRef<HTMLFieldSetElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  // A layout effect: it runs as hydration commits, before the browser hands the page another event.
  useLayoutEffect(() => {
    // Read what the shopper set before hydration (React leaves a field's checked and value alone
    // while hydrating) before the store's first render writes the starting choice back.
    const checked = optionsRef.current?.querySelector<HTMLInputElement>('input[name="productId"]:checked');
    const quantity = typedQuantity(quantityRef.current);
    initBcor(init);
    const picked = checked ? Number(checked.value) : null;
    if (picked !== null && picked !== $bcor.get().selection) selectProduct(picked);
    if (quantity !== null && quantity !== $bcor.get().quantity) setQuantity(quantity);
  }, [init]);
  // The − and + buttons do something only once React runs; until then they are unseen (decision 071).
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);

  const id = useId();
  const formId = props.formId ?? `${id}-buy`;
  const [payDeposit, setPayDeposit] = useState(false);
  const chosen = selectedProduct(state);
  const bounds = boundsFor(state);
  const shown = state.filteredProducts;
  const extra = new Map(products.map((p) => [p.id, p]));
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

      <fieldset className="chooser__options" ref={optionsRef}>
        <legend className="visually-hidden">Options</legend>
        {shown.map((product) => {
          const view = optionPriceView(
            extra.get(product.id) ?? { ...product, originalPrice: product.price, discountPercentage: 0, postage: null },
            priceDisplayMode,
          );
          const unavailable = product.vipExclusive || !boundsFor(state, product).canBuy;
          const deposit = extra.get(product.id)?.depositPrice ?? null;
          return (
            <label
              key={product.id}
              className="chooser__option"
              data-checked={product.id === state.selection || undefined}
            >
              <input
                type="radio"
                name="productId"
                form={formId}
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
                {!product.isSoldOut && (
                  <span
                    className="chooser__few"
                    data-live-left={dealId}
                    data-live-left-product={product.id}
                    aria-hidden="true"
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: always empty; the live-stock script writes its text, React never does.
                    dangerouslySetInnerHTML={FILLED_BY_SCRIPT}
                  />
                )}
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
        <div className="chooser__stepper" data-started={started || undefined}>
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
            ref={quantityRef}
            id={`${id}-quantity`}
            type="number"
            name="quantity"
            form={formId}
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
        <button type="submit" className="button chooser__submit" disabled={!bounds.canBuy}>
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

      <section className="buy-bar" aria-label="Your choice">
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
