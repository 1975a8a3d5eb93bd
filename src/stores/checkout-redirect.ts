/**
 * Payments that leave the page (decision 016): PayPal, Klarna and Clearpay send the shopper to the
 * provider's approval page and back. Before leaving, the attempt (its Idempotency-Key, the guest's
 * email, the method) is kept in sessionStorage; the provider returns to
 *   /checkout?pm={method}&pm_status={approved|cancelled|denied|declined|failed}&pm_token={token}
 * and the checkout picks the attempt up again with the token the approval produced. The query is
 * removed at once, so a reload or the back button never pays twice (the key would replay anyway).
 */
import type { PaymentMethod } from '@/domain/payment-methods';

const STORAGE_KEY = 'tuppence.pendingPayment';
/** An approval older than this is not resumed (the provider's session has expired by then). */
const PENDING_FOR_MS = 30 * 60 * 1000;

export type ReturnStatus = 'approved' | 'cancelled' | 'denied' | 'declined' | 'failed';
const RETURN_STATUSES: readonly ReturnStatus[] = ['approved', 'cancelled', 'denied', 'declined', 'failed'];

/** The attempt that left for a provider's page. */
export interface PendingPayment {
  method: PaymentMethod;
  paypalCredit: boolean;
  /** The Idempotency-Key of the attempt: the pay call on return uses it. */
  key: string;
  /** The guest's email ('' when signed in). */
  email: string;
  /** Keep the PayPal account for next time (signed-in shoppers). */
  saveInstrument: boolean;
  startedAt: number;
}

export interface ReturnedPayment {
  pending: PendingPayment;
  status: ReturnStatus;
  /** What the approval produced: PayPal nonce, Klarna authorization token, Clearpay order token. */
  token: string | null;
}

/** Where a provider sends the shopper back to: this checkout, naming the method. */
export function returnUrl(method: PaymentMethod, origin: string = window.location.origin): string {
  // An applied promotion code comes back too, so the order is priced as the shopper saw it.
  const promoCode =
    typeof window === 'undefined' ? null : new URLSearchParams(window.location?.search ?? '').get('promoCode');
  const promo = promoCode ? `&promoCode=${encodeURIComponent(promoCode)}` : '';
  return `${origin}/checkout?pm=${encodeURIComponent(method)}${promo}`;
}

/** Remembers the attempt just before the browser goes to the provider. */
export function rememberPendingPayment(pending: Omit<PendingPayment, 'startedAt'>, now = Date.now()): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...pending, startedAt: now }));
  } catch {
    // Storage refused (private mode): the return still works, under a new key.
  }
}

function readPending(now: number): PendingPayment | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    window.sessionStorage.removeItem(STORAGE_KEY);
    if (raw === null) return null;
    const pending = JSON.parse(raw) as PendingPayment;
    if (typeof pending.key !== 'string' || now - pending.startedAt > PENDING_FOR_MS) return null;
    return pending;
  } catch {
    return null;
  }
}

/**
 * The attempt that left for a provider, without taking it: a shopper who pressed Back on the
 * provider's page finds the email they typed still there.
 */
export function peekPendingPayment(now = Date.now()): PendingPayment | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    const pending = JSON.parse(raw) as PendingPayment;
    return typeof pending.key === 'string' && now - pending.startedAt <= PENDING_FOR_MS ? pending : null;
  } catch {
    return null;
  }
}

/**
 * The provider's answer, when this page load is a return from one; null otherwise. Reading it
 * clears both the query and the stored attempt.
 */
export function takeReturnedPayment(
  location: URL = new URL(window.location.href),
  now = Date.now(),
): ReturnedPayment | null {
  const method = location.searchParams.get('pm');
  const status = location.searchParams.get('pm_status');
  const token = location.searchParams.get('pm_token');
  if (method === null || status === null) return null;
  for (const name of ['pm', 'pm_status', 'pm_token']) location.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}${location.hash}`);
  if (!(RETURN_STATUSES as readonly string[]).includes(status)) return null;
  const stored = readPending(now);
  const pending: PendingPayment =
    stored !== null && stored.method === method
      ? stored
      : {
          method: method as PaymentMethod,
          paypalCredit: false,
          key: crypto.randomUUID(),
          email: '',
          saveInstrument: false,
          startedAt: now,
        };
  return { pending, status: status as ReturnStatus, token };
}
