/**
 * Saved payment instruments (issue 8 part 3; spec 3 "Payment instrument"): a card (the gateway's
 * vault token with brand, last four and expiry) or a PayPal account a signed-in shopper kept, with
 * one default. Written only inside the order transaction that vaulted it.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { type PaymentInstrumentRow, paymentInstruments } from '../db/schema';
import type { Tx } from '../orders/lines';
import type { InstrumentDetails, VaultedInstrument } from '../payments/provider';

/** A saved instrument as the checkout and the account pages show it: never the vault token. */
export interface SavedInstrument {
  id: number;
  type: 'card' | 'paypal';
  gateway: string;
  cardType: string | null;
  lastFour: string | null;
  expiryMonth: string | null;
  expiryYear: string | null;
  email: string | null;
  isDefault: boolean;
}

function toSaved(row: PaymentInstrumentRow): SavedInstrument {
  const { id, type, gateway, cardType, lastFour, expiryMonth, expiryYear, email, isDefault } = row;
  return { id, type, gateway, cardType, lastFour, expiryMonth, expiryYear, email, isDefault };
}

/**
 * Keeps an instrument the gateway just vaulted. The same card or account saved again (same
 * fingerprint) updates the one row with the new token and expiry. The first one is the default.
 */
export async function rememberInstrument(
  tx: Tx,
  input: { userId: number; vaulted: VaultedInstrument; details: InstrumentDetails; now: Date },
): Promise<number> {
  const { userId, vaulted, details, now } = input;
  const [hasDefault] = await tx
    .select({ id: paymentInstruments.id })
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, userId), eq(paymentInstruments.isDefault, true)));
  const values = {
    token: vaulted.token,
    cardType: details.cardType,
    lastFour: details.lastFour,
    expiryMonth: details.expiryMonth,
    expiryYear: details.expiryYear,
    email: details.email ?? null,
    lastUsedAt: now,
  };
  const [row] = await tx
    .insert(paymentInstruments)
    .values({
      userId,
      type: vaulted.type,
      gateway: 'BRAINTREE',
      fingerprint: vaulted.fingerprint,
      isDefault: hasDefault === undefined,
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({ target: [paymentInstruments.userId, paymentInstruments.fingerprint], set: values })
    .returning({ id: paymentInstruments.id });
  if (row === undefined) throw new Error('payment_instruments upsert returned nothing');
  return row.id;
}

/** Notes that a saved instrument paid an order. */
export async function touchInstrument(tx: Tx, id: number, now: Date): Promise<void> {
  await tx.update(paymentInstruments).set({ lastUsedAt: now }).where(eq(paymentInstruments.id, id));
}

/** The shopper's saved instruments, default first, then the most recently used. */
export async function listInstruments(db: Db | Tx, userId: number): Promise<SavedInstrument[]> {
  const rows = await db
    .select()
    .from(paymentInstruments)
    .where(eq(paymentInstruments.userId, userId))
    .orderBy(
      desc(paymentInstruments.isDefault),
      sql`${paymentInstruments.lastUsedAt} desc nulls last`,
      asc(paymentInstruments.id),
    );
  return rows.map(toSaved);
}

/** One of the shopper's own instruments with its vault token, or null (someone else's is null too). */
export async function findOwnInstrument(
  db: Db | Tx,
  userId: number,
  id: number,
): Promise<(SavedInstrument & { token: string }) | null> {
  const [row] = await db
    .select()
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.id, id), eq(paymentInstruments.userId, userId)));
  return row === undefined ? null : { ...toSaved(row), token: row.token };
}
