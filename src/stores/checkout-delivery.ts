/**
 * $delivery: where the checkout's posted products go (docs/decisions/051), with its actions beside
 * it. A signed-in shopper picks one of their saved addresses (the default preselected) or types a
 * new one; a guest types one, finds it by postcode ("Find address", then pick) or takes a
 * suggestion as they type. The address is checked before paying by the domain's rules
 * (src/domain/delivery-address.ts, the ones the server's DeliveryAddressSchema applies, without
 * shipping zod to the browser), each field with its own ADDRESS_MESSAGES message; the server's 400
 * lands under the field it names.
 */
import { map } from 'nanostores';
import type { Address } from '@/contracts/address';
import type { CheckoutView } from '@/contracts/checkout';
import type { DeliveryAddress, SavedAddress } from '@/contracts/delivery';
import { ADDRESS_MESSAGES, checkDeliveryAddress } from '@/domain/delivery-address';
import { fetchWithTimeout, requestFailureMessage } from './request';

export const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'town', 'postcode', 'phone'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressFields = Record<AddressField, string>;

export interface DeliveryState {
  /** A line ships: the section shows and the pay call carries the address. */
  required: boolean;
  saved: SavedAddress[];
  /** The saved address picked, or null when the shopper types one. */
  savedId: number | null;
  fields: AddressFields;
  errors: Partial<Record<AddressField, string>>;
  /** A refusal that names no field (the server's "Enter the delivery address ..."). */
  message: string | null;
  /** "Save this address to my account" (signed-in shoppers typing a new one). */
  save: boolean;
  lookup: { phase: 'idle' | 'finding' | 'found' | 'failed'; found: Address[]; message: string | null };
  suggestions: Address[];
}

const EMPTY: AddressFields = { name: '', line1: '', line2: '', town: '', postcode: '', phone: '' };

export const $delivery = map<DeliveryState>({
  required: false,
  saved: [],
  savedId: null,
  fields: { ...EMPTY },
  errors: {},
  message: null,
  save: false,
  lookup: { phase: 'idle', found: [], message: null },
  suggestions: [],
});

/** What the lookup and suggestions say when the address service cannot help. */
export const DELIVERY_COPY = {
  noneFound: 'We could not find addresses for that postcode. Enter the address below.',
  lookupFailed: 'We could not look up that postcode just now. Enter the address below.',
} as const;

const RETURN_KEY = 'tuppence.pendingDelivery';

/**
 * Before leaving for PayPal, Klarna or Clearpay's page (decision 016), the address is kept in this
 * tab's sessionStorage (never sent anywhere else, gone with the tab), so the checkout the provider
 * returns to pays with it.
 */
export function keepDeliveryForReturn(): void {
  const { required, savedId, fields, save } = $delivery.get();
  if (!required) return;
  try {
    window.sessionStorage.setItem(RETURN_KEY, JSON.stringify({ savedId, fields, save }));
  } catch {
    // Storage refused (private mode): the shopper types the address again on return.
  }
}

export function forgetDeliveryForReturn(): void {
  try {
    window.sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Nothing was kept.
  }
}

function kept(): Pick<DeliveryState, 'savedId' | 'fields' | 'save'> | null {
  try {
    const raw = typeof window === 'undefined' ? null : window.sessionStorage.getItem(RETURN_KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as Partial<DeliveryState>;
    return {
      savedId: typeof value.savedId === 'number' ? value.savedId : null,
      fields: { ...EMPTY, ...value.fields },
      save: value.save === true,
    };
  } catch {
    return null;
  }
}

/** Starts (or, on a fresh checkout view, keeps) the delivery section for this view. */
export function initDelivery(view: CheckoutView, typed: Partial<AddressFields> = {}): void {
  const back = kept();
  if (back !== null) {
    $delivery.set({ ...$delivery.get(), ...back });
    forgetDeliveryForReturn();
  }
  const current = $delivery.get();
  const saved = view.delivery.savedAddresses;
  const stillSaved = current.savedId !== null && saved.some((address) => address.id === current.savedId);
  const hasTyped = back !== null || Object.values(typed).some((value) => value);
  $delivery.set({
    ...current,
    required: view.delivery.required,
    saved,
    savedId: stillSaved ? current.savedId : hasTyped ? null : (saved[0]?.id ?? null),
    fields: { ...current.fields, ...typed },
  });
}

/** Picks a saved address, or null to type a new one. */
export function chooseSavedAddress(id: number | null): void {
  $delivery.set({ ...$delivery.get(), savedId: id, errors: {}, message: null });
}

export function setAddressField(field: AddressField, value: string): void {
  const state = $delivery.get();
  const { [field]: _cleared, ...errors } = state.errors;
  $delivery.set({ ...state, fields: { ...state.fields, [field]: value }, errors, message: null });
}

export function setSaveAddress(save: boolean): void {
  $delivery.setKey('save', save);
}

/** Fills the address lines from a found or suggested address (the name and phone stay as typed). */
export function takeFoundAddress(address: Address): void {
  const state = $delivery.get();
  $delivery.set({
    ...state,
    savedId: null,
    fields: {
      ...state.fields,
      line1: address.line1,
      line2: address.line2,
      town: address.town,
      postcode: address.postcode,
    },
    errors: {},
    message: null,
    suggestions: [],
    lookup: { ...state.lookup, phase: 'idle', found: [] },
  });
}

/** "Find address": the addresses at the typed postcode (spec 7 lookup by postcode). */
export async function findAddresses(postcode: string): Promise<void> {
  const trimmed = postcode.trim();
  $delivery.setKey('lookup', { phase: 'finding', found: [], message: null });
  try {
    const response = await fetchWithTimeout(`/api/v1/address/lookup?${new URLSearchParams({ postcode: trimmed })}`, {
      headers: { Accept: 'application/json' },
    });
    const payload = (await response.json().catch(() => null)) as { addresses?: Address[]; message?: string } | null;
    if (!response.ok) {
      // A bad postcode (400) and the address service's time-out (504, spec 8 "Connection timeout") say why.
      const worded = response.status === 400 || response.status === 504;
      const message = worded && payload?.message ? payload.message : DELIVERY_COPY.lookupFailed;
      $delivery.setKey('lookup', { phase: 'failed', found: [], message });
      return;
    }
    const found = Array.isArray(payload?.addresses) ? payload.addresses : [];
    $delivery.setKey(
      'lookup',
      found.length === 0
        ? { phase: 'failed', found, message: DELIVERY_COPY.noneFound }
        : { phase: 'found', found, message: null },
    );
  } catch (error) {
    const message = requestFailureMessage(error, DELIVERY_COPY.lookupFailed);
    $delivery.setKey('lookup', { phase: 'failed', found: [], message });
  }
}

let pendingSuggestions: AbortController | undefined;

/** spec 7 autocomplete: suggestions for what was typed into the first line (3 characters or more). */
export async function suggestAddresses(text: string): Promise<void> {
  pendingSuggestions?.abort();
  const query = text.trim();
  if (query.length < 3) {
    $delivery.setKey('suggestions', []);
    return;
  }
  const controller = new AbortController();
  pendingSuggestions = controller;
  try {
    const response = await fetch(`/api/v1/address/autocomplete?${new URLSearchParams({ q: query })}`, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    });
    const payload = (await response.json().catch(() => null)) as { suggestions?: Address[] } | null;
    if (!controller.signal.aborted) {
      $delivery.setKey('suggestions', response.ok && Array.isArray(payload?.suggestions) ? payload.suggestions : []);
    }
  } catch {
    // An aborted or failed request leaves the fields as they are.
  }
}

export function closeSuggestions(): void {
  pendingSuggestions?.abort();
  $delivery.setKey('suggestions', []);
}

/** The address the pay call sends, as typed or picked. */
function addressOf(state: DeliveryState): Record<AddressField, string> {
  const picked = state.saved.find((address) => address.id === state.savedId);
  if (picked === undefined) return state.fields;
  const { id: _id, isDefault: _isDefault, ...address } = picked;
  return address;
}

/**
 * What the pay call carries: nothing when no line ships; the checked address (and whether to save
 * it) when one does; null when a field is wrong, with each field's message shown beside it.
 */
export async function deliveryForPay(): Promise<{ delivery?: DeliveryAddress; saveDeliveryAddress?: boolean } | null> {
  const state = $delivery.get();
  if (!state.required) return {};
  const checked = checkDeliveryAddress(addressOf(state));
  if (!checked.ok) {
    // A saved address the rules refuse (edited elsewhere since) is typed again.
    $delivery.set({ ...state, savedId: null, fields: addressOf(state), errors: checked.errors, message: null });
    return null;
  }
  return { delivery: checked.address, saveDeliveryAddress: state.savedId === null && state.save };
}

/**
 * The server refused the address (400 with a field's message, or "Enter the delivery address ..."):
 * the message goes under the field it is about, else at the top of the section. True when it was
 * about the address.
 */
export async function showDeliveryRefusal(message: string): Promise<boolean> {
  const state = $delivery.get();
  if (!state.required) return false;
  const field = (Object.keys(ADDRESS_MESSAGES) as AddressField[]).find(
    (name) => ADDRESS_MESSAGES[name as keyof typeof ADDRESS_MESSAGES] === message,
  );
  if (field !== undefined) {
    $delivery.set({ ...state, savedId: null, fields: addressOf(state), errors: { [field]: message }, message: null });
    return true;
  }
  return false;
}

/** The server says the order needs an address it did not get. */
export function showDeliveryMessage(message: string): void {
  $delivery.setKey('message', message);
}

/** A fresh checkout view (a line changed, the timer ran out): whether a line still ships. */
export function syncDelivery(view: CheckoutView): void {
  const state = $delivery.get();
  if (state.required === view.delivery.required && state.saved === view.delivery.savedAddresses) return;
  $delivery.set({ ...state, required: view.delivery.required, saved: view.delivery.savedAddresses });
}
