/**
 * $expressBuy: the deal page's Express Buy (spec 4, spec 7 express-buy-token; decision 016), with
 * its actions beside it. The deal page is cached and shared, so nothing personal is rendered there:
 * once the profile says a shopper is signed in, the browser asks for an express-buy token; the
 * answer names their default saved instrument for the button. Buying sends one Idempotency-Key per
 * attempt: a retry after a lost answer replays the first (one order, one charge); after an answer,
 * trying again is a new attempt. When the saved card's issuer asks to authenticate the purchase, it
 * is authenticated for the amount the answer names, and bought again once under a new key
 * (decision 043).
 */

import { atom } from 'nanostores';
import type { DeliveryAddressInput, SavedAddress } from '@/contracts/delivery';
import { getErrorMessage } from '@/domain/error-message';
import { MESSAGES } from '@/domain/messages';
import type { SavedCardAuthentication } from './checkout';
import { $user, loadProfile } from './user';

export type ExpressBuyState =
  | { phase: 'hidden' }
  | { phase: 'offered'; token: string; label: string }
  | { phase: 'buying'; token: string; label: string }
  | { phase: 'succeeded'; token: string; label: string }
  | { phase: 'refused'; token: string; label: string; message: string; reason: string | null };

export const $expressBuy = atom<ExpressBuyState>({ phase: 'hidden' });

/** What one Express Buy asks for. */
export interface ExpressBuyChoice {
  dealId: number;
  productId: number;
  quantity: number;
  /** The option comes by post (docs/decisions/051): the purchase carries the delivery address. */
  ships?: boolean;
}

/**
 * Authenticates the token's saved card with its issuer for an amount (the island's 3-D Secure flow
 * and challenge dialog; decision 043).
 */
export type AuthenticateExpressBuy = (request: {
  token: string;
  amountMinor: number;
  currency: string;
}) => Promise<SavedCardAuthentication>;

/**
 * A posted option's delivery address (docs/decisions/051): the signed-in shopper's default saved
 * address, shown to confirm, or (when they have none) the one they type beside the button.
 */
export type ExpressBuyAddress =
  | { phase: 'unknown' }
  | { phase: 'saved'; address: SavedAddress }
  | { phase: 'typing'; fields: Record<'name' | 'line1' | 'line2' | 'town' | 'postcode', string> };

export const $expressBuyAddress = atom<ExpressBuyAddress>({ phase: 'unknown' });

/** Reads the shopper's default saved address once (GET /api/v1/user/addresses); none means typing one. */
export async function loadExpressBuyAddress(): Promise<void> {
  if ($expressBuyAddress.get().phase !== 'unknown') return;
  let address: SavedAddress | undefined;
  try {
    const response = await fetch('/api/v1/user/addresses', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    const body = response.ok ? await readJson(response) : {};
    const list = Array.isArray(body.addresses) ? (body.addresses as SavedAddress[]) : [];
    address = list.find((saved) => saved.isDefault) ?? list[0];
  } catch {
    // No saved address to offer: the shopper types one.
  }
  $expressBuyAddress.set(
    address === undefined
      ? { phase: 'typing', fields: { name: '', line1: '', line2: '', town: '', postcode: '' } }
      : { phase: 'saved', address },
  );
}

export function typeExpressBuyAddress(field: 'name' | 'line1' | 'line2' | 'town' | 'postcode', value: string): void {
  const state = $expressBuyAddress.get();
  if (state.phase === 'typing') $expressBuyAddress.set({ ...state, fields: { ...state.fields, [field]: value } });
}

/** The address a posted option's purchase sends (the server checks it and names a wrong field). */
function deliveryOf(state: ExpressBuyAddress): DeliveryAddressInput | undefined {
  if (state.phase === 'saved') {
    const { id: _id, isDefault: _isDefault, ...address } = state.address;
    return address;
  }
  return state.phase === 'typing' ? state.fields : undefined;
}

/** The attempt in progress: its key stays while the choice is the same. */
let attempt: { key: string; choice: string } | null = null;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const body: unknown = await response.json().catch(() => null);
  return isRecord(body) ? body : {};
}

/**
 * Offers Express Buy when the shopper is signed in and has a default saved instrument; stays hidden
 * otherwise (a guest never asks the server).
 */
export async function offerExpressBuy(): Promise<void> {
  await loadProfile();
  const { isAuthenticated, userprofile } = $user.get();
  if (!isAuthenticated || !userprofile?.email) return;
  try {
    const response = await fetch('/api/v1/express-buy-token', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ expressBuyTokenRequest: { email: userprofile.email } }),
    });
    if (response.status !== 201) return;
    const body = await readJson(response);
    const instrument = isRecord(body.instrument) ? body.instrument : {};
    if (typeof body.token === 'string' && typeof instrument.label === 'string') {
      $expressBuy.set({ phase: 'offered', token: body.token, label: instrument.label });
    }
  } catch (error) {
    // No Express Buy this time: Buy now works as ever.
    console.warn('[express-buy] token unavailable:', getErrorMessage(error));
  }
}

/** One purchase call under `key`: its status and body, or null when no answer came. */
async function sendPurchase(
  body: Record<string, unknown>,
  key: string,
): Promise<{ status: number; body: Record<string, unknown> } | null> {
  try {
    const response = await fetch('/api/v1/express-buy', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await readJson(response) };
  } catch {
    return null;
  }
}

/** The amount an `authenticationRequired` answer names for the issuer to authenticate, or null. */
function amountToAuthenticate(body: Record<string, unknown>): { amountMinor: number; currency: string } | null {
  const amount = isRecord(body.amount) ? body.amount : null;
  if (body.code !== 'authenticationRequired' || amount === null) return null;
  const { amountMinor, currency } = amount;
  return typeof amountMinor === 'number' && typeof currency === 'string' ? { amountMinor, currency } : null;
}

/**
 * Buys the choice with the offered instrument. Returns where the order confirmation is on success;
 * on a refusal the state carries spec 8's message, and the standard checkout stays on the page.
 * `authenticate` is how the saved card is authenticated when its issuer asks (decision 043).
 */
export async function buyWithExpressBuy(
  choice: ExpressBuyChoice,
  authenticate?: AuthenticateExpressBuy,
): Promise<string | null> {
  const state = $expressBuy.get();
  if (state.phase === 'hidden' || state.phase === 'buying' || state.phase === 'succeeded') return null;
  const { token, label } = state;
  const described = JSON.stringify(choice);
  if (attempt === null || attempt.choice !== described) attempt = { key: crypto.randomUUID(), choice: described };
  $expressBuy.set({ phase: 'buying', token, label });
  const { ships, ...chosen } = choice;
  const purchase = { token, ...chosen, ...(ships ? { delivery: deliveryOf($expressBuyAddress.get()) } : {}) };
  let answer = await sendPurchase(purchase, attempt.key);
  const amount = answer === null ? null : amountToAuthenticate(answer.body);
  // decision 043: nothing was charged, and that answer is kept under its key: authenticate the card
  // for the amount, then buy again once under a new key.
  if (amount !== null && authenticate !== undefined) {
    const authenticated = await authenticate({ token, ...amount });
    if (!authenticated.ok) {
      attempt = null;
      $expressBuy.set({ phase: 'refused', token, label, message: authenticated.message, reason: authenticated.reason });
      return null;
    }
    attempt = { key: crypto.randomUUID(), choice: described };
    answer = await sendPurchase(
      { ...purchase, threeDSecureAuthenticationId: authenticated.authenticationId },
      attempt.key,
    );
  }
  if (answer === null) {
    // No answer: the key stays, so trying again replays whatever the server did.
    $expressBuy.set({
      phase: 'refused',
      token,
      label,
      message: MESSAGES.paymentFailed,
      reason: MESSAGES.requestProblemContinue,
    });
    return null;
  }
  const { body } = answer;
  if (answer.status === 201 && typeof body.redirect === 'string') {
    $expressBuy.set({ phase: 'succeeded', token, label });
    return body.redirect;
  }
  // An answer came back: trying again is a new attempt (as at checkout), unless the first is still running.
  if (body.code !== 'inFlight') attempt = null;
  const message = typeof body.message === 'string' ? body.message : MESSAGES.expressBuyRefused;
  const reason = typeof body.reason === 'string' ? body.reason : null;
  $expressBuy.set({ phase: 'refused', token, label, message, reason });
  return null;
}
