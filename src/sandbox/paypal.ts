/**
 * The sandbox's PayPal (PAYMENTS.md "PayPal, Apple Pay, Google Pay"), as Braintree's PayPal
 * checkout behaves: the shop creates a payment for an amount, the shopper logs in as a sandbox
 * buyer on PayPal's approval page and approves (a one-time nonce comes back on the return URL) or
 * cancels (nothing is charged). The nonce is bound to the approved amount and used once
 * (./transactions.ts). Sessions live 3 hours, as PayPal's approval tokens do.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { type SandboxSessionRow, sandboxNonces, sandboxSessions } from './schema';

/** How long a payment waits for approval, and how long its nonce stays usable. */
export const PAYPAL_SESSION_MS = 3 * 60 * 60 * 1000;

/** The sandbox buyer the approval page offers; any email and password log in. */
export const SANDBOX_BUYER_EMAIL = 'sb-buyer@personal.example.com';

export interface PayPalPaymentRequest {
  amountMinor: number;
  currency: 'GBP' | 'EUR';
  /** PayPal Credit: the same flow, with the credit offer. */
  credit: boolean;
  /** checkout: pay once; vault: pay and keep the account (a billing agreement). */
  flow: 'checkout' | 'vault';
  /** Where the approval page sends the shopper back to: a path on the shop's own origin. */
  returnUrl: string;
}

/** What a session remembers beyond its amount. */
export interface PayPalDetails {
  credit: boolean;
  flow: 'checkout' | 'vault';
  returnUrl: string;
  /** The sandbox buyer who approved it. */
  email?: string;
}

export interface PayPalPayment {
  id: string;
  amountMinor: number;
  currency: string;
  status: string;
  details: PayPalDetails;
  expiresAt: Date;
}

function toPayment(row: SandboxSessionRow): PayPalPayment {
  const { id, amountMinor, currency, status, expiresAt } = row;
  return { id, amountMinor, currency, status, expiresAt, details: row.details as unknown as PayPalDetails };
}

/** PayPal's fingerprint of a buyer account: the same account is the same fingerprint every time. */
export function paypalFingerprint(email: string): string {
  return `paypal:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

/** Creates a payment awaiting the shopper's approval (Braintree: a PayPal payment resource). */
export async function createPayPalPayment(
  db: Db,
  request: PayPalPaymentRequest,
  now: Date = new Date(),
): Promise<PayPalPayment> {
  const id = `PAYID-${randomBytes(12).toString('hex').toUpperCase()}`;
  const details: PayPalDetails = { credit: request.credit, flow: request.flow, returnUrl: request.returnUrl };
  const [row] = await db
    .insert(sandboxSessions)
    .values({
      id,
      provider: 'paypal',
      amountMinor: request.amountMinor,
      currency: request.currency,
      details: { ...details },
      expiresAt: new Date(now.getTime() + PAYPAL_SESSION_MS),
    })
    .returning();
  if (!row) throw new Error('sandbox_sessions insert returned nothing');
  return toPayment(row);
}

/** A PayPal payment that can still be approved or cancelled; null when unknown or expired. */
export async function findPayPalPayment(db: Db, id: string, now: Date = new Date()): Promise<PayPalPayment | null> {
  const [row] = await db
    .select()
    .from(sandboxSessions)
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.provider, 'paypal'), gt(sandboxSessions.expiresAt, now)));
  return row ? toPayment(row) : null;
}

/** The return URL with PayPal's answer on it (the checkout reads pm_status and pm_token). */
export function returnWith(returnUrl: string, answer: { status: 'approved' | 'cancelled'; token?: string }): string {
  const url = new URL(returnUrl, 'http://return.invalid');
  url.searchParams.set('pm_status', answer.status);
  if (answer.token) url.searchParams.set('pm_token', answer.token);
  return `${url.pathname}${url.search}${url.hash}`;
}

export type PayPalDecision =
  | { ok: true; redirectTo: string }
  /** unknown or expired: nothing to go back to; used: approved and already paid with, or cancelled. */
  | { ok: false; problem: 'unknown' | 'used' };

/**
 * The buyer approves: a one-time nonce (kind paypal) is minted, bound to the session, and the
 * shopper goes back with it. Approving twice (a double click) answers the same nonce.
 */
export async function approvePayPalPayment(
  db: Db,
  input: { id: string; email: string },
  now: Date = new Date(),
): Promise<PayPalDecision> {
  const email = input.email.trim();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxSessions)
      .where(
        and(
          eq(sandboxSessions.id, input.id),
          eq(sandboxSessions.provider, 'paypal'),
          gt(sandboxSessions.expiresAt, now),
        ),
      )
      .for('update');
    if (!row) return { ok: false, problem: 'unknown' };
    const payment = toPayment(row);
    if (row.status === 'approved' && row.authToken) {
      return {
        ok: true,
        redirectTo: returnWith(payment.details.returnUrl, { status: 'approved', token: row.authToken }),
      };
    }
    if (row.status !== 'created') return { ok: false, problem: 'used' };
    const nonce = `tokenpp_${randomBytes(16).toString('hex')}`;
    await tx.insert(sandboxNonces).values({
      nonce,
      kind: 'paypal',
      cardType: 'PayPal',
      fingerprint: paypalFingerprint(email),
    });
    await tx
      .update(sandboxSessions)
      .set({ status: 'approved', authToken: nonce, details: { ...payment.details, email } })
      .where(eq(sandboxSessions.id, row.id));
    return { ok: true, redirectTo: returnWith(payment.details.returnUrl, { status: 'approved', token: nonce }) };
  });
}

/** The buyer cancels: nothing is charged and the shopper goes back to choose again. */
export async function cancelPayPalPayment(db: Db, id: string, now: Date = new Date()): Promise<PayPalDecision> {
  const [row] = await db
    .update(sandboxSessions)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(sandboxSessions.id, id),
        eq(sandboxSessions.provider, 'paypal'),
        eq(sandboxSessions.status, 'created'),
        gt(sandboxSessions.expiresAt, now),
      ),
    )
    .returning();
  if (row) return { ok: true, redirectTo: returnWith(toPayment(row).details.returnUrl, { status: 'cancelled' }) };
  const known = await findPayPalPayment(db, id, now);
  if (known === null) return { ok: false, problem: 'unknown' };
  // Cancelled already (a double click) goes back the same way; an approved one is no longer the buyer's to cancel.
  if (known.status === 'cancelled') {
    return { ok: true, redirectTo: returnWith(known.details.returnUrl, { status: 'cancelled' }) };
  }
  return { ok: false, problem: 'used' };
}

/**
 * The session a PayPal nonce was approved in, for the sale: its amount binds the sale, its buyer's
 * email goes on the answer. Null for a nonce no session minted (the fixed test nonces).
 */
export async function paypalSessionOfNonce(
  db: Pick<Db, 'select'>,
  nonce: string,
): Promise<{ id: string; amountMinor: number; currency: string; email: string | null; expiresAt: Date } | null> {
  const [row] = await db
    .select()
    .from(sandboxSessions)
    .where(and(eq(sandboxSessions.authToken, nonce), eq(sandboxSessions.provider, 'paypal')));
  if (!row) return null;
  const details = row.details as unknown as PayPalDetails;
  return {
    id: row.id,
    amountMinor: row.amountMinor,
    currency: row.currency,
    email: details.email ?? null,
    expiresAt: row.expiresAt,
  };
}
