/**
 * $cardForm: the card fields of checkout, their inline errors and where tokenising is.
 * The card goes to the payment gateway's tokenise endpoint and nowhere else (PAYMENTS.md ground
 * rules); what comes back, a one-time nonce, is what the order submit sends to our server.
 * The gateway's URL is passed in (the Checkout island reads PAYMENTS_GATEWAY_URL), so this file
 * needs no Astro and tests call it with a fake fetch.
 */
import { map } from 'nanostores';
import type { TokenizeResponse } from '@/contracts/card-tokenize';
import {
  CARD_FIELD_MESSAGES,
  type CardFormField,
  type CardFormFields,
  cardDigits,
  cardFieldError,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from '@/domain/card-details';
import { MESSAGES } from '@/domain/messages';

export type { CardFormField, CardFormFields };

export interface CardFormState {
  fields: CardFormFields;
  /** Inline messages, by field; absent when the field is fine or not checked yet. */
  errors: Partial<Record<CardFormField, string>>;
  /** editing, tokenising (waiting for the gateway), tokenised (a nonce came back), failed. */
  status: 'editing' | 'tokenising' | 'tokenised' | 'failed';
  /** The form-level message for an aria-live region, or null. */
  message: string | null;
}

export type TokeniseOutcome =
  | { ok: true; nonce: string; details: TokenizeResponse['details'] }
  | { ok: false; message: string };

const FIELDS: readonly CardFormField[] = ['number', 'expiry', 'cvv', 'postcode'];

function initialState(): CardFormState {
  return { fields: { number: '', expiry: '', cvv: '', postcode: '' }, errors: {}, status: 'editing', message: null };
}

export const $cardForm = map<CardFormState>(initialState());

/** Back to an empty form (after an order, or when the shopper picks another method). */
export function resetCardForm(): void {
  $cardForm.set(initialState());
}

/** How each field is tidied as it is typed: number groups, MM/YY, digits only. */
function tidy(field: CardFormField, value: string): string {
  if (field === 'number') return formatCardNumber(value);
  if (field === 'expiry') return formatExpiry(value);
  if (field === 'cvv') return value.replace(/\D/g, '').slice(0, 4);
  return value.toUpperCase().slice(0, 8);
}

/** Stores what was typed (tidied); a field already showing an error is checked again as it changes. */
export function setCardField(field: CardFormField, value: string, now: Date = new Date()): void {
  const state = $cardForm.get();
  const fields = { ...state.fields, [field]: tidy(field, value) };
  const errors = { ...state.errors };
  if (errors[field]) {
    const error = cardFieldError(field, fields, now);
    if (error) errors[field] = error;
    else delete errors[field];
  }
  $cardForm.set({ ...state, fields, errors, status: 'editing', message: null });
}

/** Checks one field (when it loses focus); returns true when it is fine. */
export function validateCardField(field: CardFormField, now: Date = new Date()): boolean {
  const state = $cardForm.get();
  const error = cardFieldError(field, state.fields, now);
  const errors = { ...state.errors };
  if (error) errors[field] = error;
  else delete errors[field];
  $cardForm.setKey('errors', errors);
  return error === null;
}

/** Checks every field and shows every error; returns true when the card can be tokenised. */
export function validateCardForm(now: Date = new Date()): boolean {
  const state = $cardForm.get();
  const errors: CardFormState['errors'] = {};
  for (const field of FIELDS) {
    const error = cardFieldError(field, state.fields, now);
    if (error) errors[field] = error;
  }
  const isValid = Object.keys(errors).length === 0;
  $cardForm.set({ ...state, errors, message: isValid ? null : CARD_FIELD_MESSAGES.checkDetails });
  return isValid;
}

function isTokenizeResponse(body: unknown): body is TokenizeResponse {
  if (typeof body !== 'object' || body === null) return false;
  const { nonce, details } = body as Record<string, unknown>;
  return typeof nonce === 'string' && typeof details === 'object' && details !== null;
}

function fail(message: string): TokeniseOutcome {
  $cardForm.set({ ...$cardForm.get(), status: 'failed', message });
  return { ok: false, message };
}

/**
 * The card was tokenised but cannot pay (its issuer did not authenticate it, PAYMENTS.md "3-D Secure
 * 2"): the form says why in its live region, where the add-on page shows card refusals.
 */
export function refuseCard(message: string): void {
  fail(message);
}

let inFlight: Promise<TokeniseOutcome> | null = null;

async function postCard(gatewayUrl: string, fetchImpl: typeof fetch, now: Date): Promise<TokeniseOutcome> {
  if (!validateCardForm(now)) return { ok: false, message: CARD_FIELD_MESSAGES.checkDetails };
  const { fields } = $cardForm.get();
  const expiry = parseExpiry(fields.expiry);
  $cardForm.set({ ...$cardForm.get(), status: 'tokenising', message: null });
  let response: Response;
  try {
    // Only to the gateway; no cookies: it is the provider's endpoint, not ours.
    response = await fetchImpl(`${gatewayUrl.replace(/\/+$/, '')}/bt/tokenize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({
        number: cardDigits(fields.number),
        expiryMonth: expiry?.month,
        expiryYear: expiry?.year,
        cvv: fields.cvv,
        postcode: fields.postcode.trim(),
      }),
    });
  } catch {
    // The request never got an answer: the gateway is down or the shopper is offline.
    return fail(MESSAGES.providerUnreachable);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isTokenizeResponse(body)) {
    $cardForm.set({ ...$cardForm.get(), status: 'tokenised', message: null });
    return { ok: true, nonce: body.nonce, details: body.details };
  }
  if (response.status === 503) return fail(MESSAGES.providerUnreachable);
  const said = (body as { message?: unknown } | null)?.message;
  return fail(response.status < 500 && typeof said === 'string' ? said : MESSAGES.paymentFailed);
}

/**
 * Checks the form, then posts the card to `${gatewayUrl}/bt/tokenize` and returns the nonce, or
 * the message to show. A second call while one is on its way gets the same answer (a double click
 * tokenises once).
 */
export function tokeniseCard(
  gatewayUrl: string,
  fetchImpl: typeof fetch = fetch,
  now: Date = new Date(),
): Promise<TokeniseOutcome> {
  inFlight ??= postCard(gatewayUrl, fetchImpl, now).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
