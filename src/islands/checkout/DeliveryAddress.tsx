/**
 * The checkout's "Delivery address" section (docs/decisions/051), shown when a basket line ships:
 * a signed-in shopper's saved addresses (the default picked), or the address typed, found by
 * postcode ("Find address", then pick one) or suggested as the first line is typed (spec 7
 * autocomplete). The fields are always there to type into. Each field shows its ADDRESS_MESSAGES
 * message. Without JavaScript the section is part of the checkout form, which posts to /checkout:
 * "Find address" and picking a found address come back with the fields filled.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { Address } from '@/contracts/address';
import type { CheckoutView } from '@/contracts/checkout';
import {
  $delivery,
  type AddressField,
  chooseSavedAddress,
  closeSuggestions,
  findAddresses,
  setAddressField,
  setSaveAddress,
  suggestAddresses,
  takeFoundAddress,
} from '@/stores/checkout-delivery';

/** What the page found or kept when the form was posted without JavaScript. */
export type DeliveryPrefill = {
  fields: Partial<Record<AddressField, string>>;
  lookupPostcode: string;
  found: Address[];
  lookupMessage: string | null;
};

type Props = {
  view: CheckoutView;
  disabled: boolean;
  prefill?: DeliveryPrefill;
};

const FIELDS: ReadonlyArray<{
  field: AddressField;
  label: string;
  autoComplete: string;
  optional?: string;
  max: number;
}> = [
  { field: 'name', label: "Recipient's name", autoComplete: 'shipping name', max: 100 },
  { field: 'line1', label: 'Address line 1', autoComplete: 'shipping address-line1', max: 120 },
  { field: 'line2', label: 'Address line 2', autoComplete: 'shipping address-line2', optional: '(optional)', max: 120 },
  { field: 'town', label: 'Town or city', autoComplete: 'shipping address-level2', max: 80 },
  { field: 'postcode', label: 'Postcode', autoComplete: 'shipping postal-code', max: 10 },
  {
    field: 'phone',
    label: 'Phone number',
    autoComplete: 'shipping tel',
    optional: '(optional, for the courier)',
    max: 20,
  },
];

const oneLine = (address: Pick<Address, 'line1' | 'line2' | 'town' | 'postcode'>) =>
  [address.line1, address.line2, address.town, address.postcode].filter(Boolean).join(', ');

export default function DeliveryAddress({ view, disabled: busy, prefill }: Props) {
  const stored = useStore($delivery);
  const [hydrated, setHydrated] = useState(false);
  // Before hydration (and without JavaScript) the checkout reads as busy; the address stays usable.
  const disabled = hydrated && busy;
  const [lookupPostcode, setLookupPostcode] = useState(prefill?.lookupPostcode ?? '');
  const [active, setActive] = useState(-1);
  const line1 = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setHydrated(true), []);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Before the store starts (the server's render and hydration) the view says what shows.
  const started = stored.required;
  const saved = view.delivery.savedAddresses;
  const savedId = started ? stored.savedId : (saved[0]?.id ?? null);
  const fields = started
    ? stored.fields
    : { name: '', line1: '', line2: '', town: '', postcode: '', phone: '', ...prefill?.fields };
  const lookup = started
    ? stored.lookup
    : { phase: 'idle', found: prefill?.found ?? [], message: prefill?.lookupMessage ?? null };
  const typing = savedId === null;
  const suggestions = stored.suggestions;
  const listId = 'delivery-line1-suggestions';

  function onLine1(value: string) {
    setAddressField('line1', value);
    setActive(-1);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void suggestAddresses(value), 200);
  }

  function onLine1Key(event: React.KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && count > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active < 0 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count);
    } else if (event.key === 'Enter' && count > 0 && active >= 0) {
      // Enter chooses the highlighted suggestion instead of paying.
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen) takeFoundAddress(chosen);
      setActive(-1);
    } else if (event.key === 'Escape' && count > 0) {
      event.preventDefault();
      closeSuggestions();
    }
  }

  return (
    <section className="checkout-panel delivery" aria-labelledby="checkout-delivery-heading">
      <h2 id="checkout-delivery-heading">Delivery address</h2>
      <p className="checkout__hint">Where we post the items that come by post.</p>
      {stored.message && (
        <p className="checkout__field-error" role="alert">
          {stored.message}
        </p>
      )}

      {saved.length > 0 && (
        <fieldset className="delivery__saved" disabled={disabled}>
          <legend>Deliver to</legend>
          {saved.map((address) => (
            <label key={address.id} className="delivery__choice">
              <input
                type="radio"
                name="savedAddressId"
                value={address.id}
                checked={savedId === address.id}
                onChange={() => chooseSavedAddress(address.id)}
              />
              <span>
                <strong>{address.name}</strong>, {oneLine(address)}
                {address.isDefault && <span className="delivery__default"> (default)</span>}
              </span>
            </label>
          ))}
          <label className="delivery__choice">
            <input
              type="radio"
              name="savedAddressId"
              value="new"
              checked={typing}
              onChange={() => chooseSavedAddress(null)}
            />
            <span>A new address</span>
          </label>
        </fieldset>
      )}

      {typing && (
        <div className="delivery__new">
          <div className="delivery__lookup">
            <label htmlFor="delivery-lookup">Find the address by postcode</label>
            <div className="delivery__row">
              <input
                id="delivery-lookup"
                type="text"
                name="lookupPostcode"
                autoComplete="shipping postal-code"
                maxLength={12}
                value={lookupPostcode}
                disabled={disabled}
                aria-describedby="delivery-lookup-message"
                aria-invalid={lookup.phase === 'failed' || undefined}
                onChange={(event) => setLookupPostcode(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void findAddresses(lookupPostcode);
                  }
                }}
              />
              <button
                type="submit"
                name="intent"
                value="find"
                formNoValidate
                className="button button--secondary"
                disabled={disabled || lookup.phase === 'finding'}
                onClick={(event) => {
                  event.preventDefault();
                  void findAddresses(lookupPostcode);
                }}
              >
                Find address
              </button>
            </div>
            <p id="delivery-lookup-message" className="checkout__field-error" role="status" aria-live="polite">
              {lookup.message ?? ''}
            </p>
            {lookup.found.length > 0 && (
              <ul className="delivery__found" aria-label="Addresses found">
                {lookup.found.map((address) => (
                  <li key={address.key}>
                    <button
                      type="submit"
                      name="pickAddress"
                      value={address.key}
                      formNoValidate
                      className="link-button"
                      disabled={disabled}
                      onClick={(event) => {
                        event.preventDefault();
                        takeFoundAddress(address);
                        line1.current?.focus();
                      }}
                    >
                      {oneLine(address)}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <button type="button" className="link-button delivery__manual" onClick={() => line1.current?.focus()}>
              Enter the address manually
            </button>
          </div>

          {FIELDS.map(({ field, label, autoComplete, optional, max }) => {
            const id = `delivery-${field}`;
            const error = stored.errors[field];
            const isLine1 = field === 'line1';
            const open = isLine1 && hydrated && suggestions.length > 0;
            return (
              <div key={field} className="delivery__field">
                <label htmlFor={id}>
                  {label} {optional && <span className="checkout__optional">{optional}</span>}
                </label>
                <input
                  ref={isLine1 ? line1 : undefined}
                  id={id}
                  name={`delivery-${field}`}
                  type={field === 'phone' ? 'tel' : 'text'}
                  autoComplete={isLine1 && hydrated ? 'off' : autoComplete}
                  maxLength={max}
                  required={!optional}
                  disabled={disabled}
                  value={fields[field]}
                  aria-invalid={error !== undefined || undefined}
                  aria-describedby={error !== undefined ? `${id}-error` : undefined}
                  onChange={(event) =>
                    isLine1 ? onLine1(event.currentTarget.value) : setAddressField(field, event.currentTarget.value)
                  }
                  {...(isLine1 && hydrated
                    ? {
                        role: 'combobox',
                        'aria-autocomplete': 'list' as const,
                        'aria-expanded': open,
                        'aria-controls': listId,
                        'aria-activedescendant': open && active >= 0 ? `${listId}-${active}` : undefined,
                        onKeyDown: onLine1Key,
                        onBlur: () => closeSuggestions(),
                      }
                    : {})}
                />
                {isLine1 && hydrated && (
                  <div
                    id={listId}
                    className="address-suggestions"
                    role="listbox"
                    aria-label="Address suggestions"
                    hidden={!open}
                  >
                    {suggestions.map((address, index) => (
                      // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox input (aria-activedescendant)
                      // biome-ignore lint/a11y/useKeyWithClickEvents: the input's onKeyDown handles Enter on the active option
                      <div
                        key={address.key}
                        id={`${listId}-${index}`}
                        role="option"
                        aria-selected={index === active}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => takeFoundAddress(address)}
                      >
                        {oneLine(address)}
                      </div>
                    ))}
                  </div>
                )}
                {error !== undefined && (
                  <p id={`${id}-error`} className="checkout__field-error" role="alert">
                    {error}
                  </p>
                )}
              </div>
            );
          })}

          {!view.userInfo.isGuest && (
            <label className="checkout__toggle">
              <input
                type="checkbox"
                name="saveDeliveryAddress"
                checked={stored.save}
                disabled={disabled}
                onChange={(event) => setSaveAddress(event.currentTarget.checked)}
              />
              Save this address to my account
            </label>
          )}
        </div>
      )}
    </section>
  );
}
