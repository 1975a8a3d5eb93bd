/**
 * Saved payment instruments (docs/decisions/016; spec 3 "Payment instrument"): a card (the
 * gateway's vault token with brand, last four and expiry) or a PayPal account a signed-in shopper
 * kept, with one default. Written by the order transaction that vaulted it; the shopper makes one
 * the default or removes it (the account page, spec 7 /customer), and removing one deletes it from
 * the vault too. When a saved card's issuer asks to authenticate a payment on it, the shopper's
 * browser gets a one-time nonce of the card to authenticate (decision 043).
 */

import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CustomerInstrument } from '@/contracts/customer';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { AppError } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { instrumentLabel, isInstrumentExpired } from '@/domain/saved-instruments';
import type { Db, Tx } from '@/server/db';
import { logError } from '@/server/log';
import type { InstrumentDetails, VaultedInstrument } from '@/server/payments';
import { PaymentProviderError, type PaymentProviders, paymentProviders } from '@/server/payments';
import { type PaymentInstrumentRow, paymentInstruments } from './schema';

/** Why a change to a saved instrument was refused: not the shopper's (or gone), or an expired card. */
export class InstrumentError extends AppError {
  declare readonly code: 'notFound' | 'expired';
  constructor(code: 'notFound' | 'expired') {
    super(
      code === 'notFound' ? 'notFound' : 'conflict',
      code === 'notFound' ? CHECKOUT_COPY.instrumentNotFound : CHECKOUT_COPY.instrumentExpired,
      { code },
    );
    this.name = 'InstrumentError';
  }
}

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
 * fingerprint) updates the one row with the new token and expiry. The first one is the default,
 * and so is a new one when the default is a card that has expired.
 */
export async function rememberInstrument(
  tx: Tx,
  input: { userId: number; vaulted: VaultedInstrument; details: InstrumentDetails; now: Date },
): Promise<number> {
  const { userId, vaulted, details, now } = input;
  const [current] = await tx
    .select()
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, userId), eq(paymentInstruments.isDefault, true)));
  const takesDefault =
    current === undefined || (isInstrumentExpired(current, now) && current.fingerprint !== vaulted.fingerprint);
  if (current !== undefined && takesDefault) {
    await tx.update(paymentInstruments).set({ isDefault: false }).where(eq(paymentInstruments.id, current.id));
  }
  const values = {
    token: vaulted.token,
    cardType: details.cardType,
    lastFour: details.lastFour,
    expiryMonth: details.expiryMonth,
    expiryYear: details.expiryYear,
    email: details.email ?? null,
    // A renewal on this card quotes the network reference of the payment that saved it (decision 043).
    networkTransactionId: vaulted.networkTransactionId,
    lastUsedAt: now,
  };
  const [row] = await tx
    .insert(paymentInstruments)
    .values({
      userId,
      type: vaulted.type,
      gateway: 'BRAINTREE',
      fingerprint: vaulted.fingerprint,
      isDefault: takesDefault,
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({
      target: [paymentInstruments.userId, paymentInstruments.fingerprint],
      set: takesDefault ? { ...values, isDefault: true } : values,
    })
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

/**
 * The shopper's default saved instrument with its vault token and the network reference of the
 * payment that saved it (what a merchant-initiated charge quotes), or null.
 */
export async function findDefaultInstrument(
  db: Db,
  userId: number,
): Promise<(SavedInstrument & { token: string; networkTransactionId: string | null }) | null> {
  const [row] = await db
    .select()
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.userId, userId), eq(paymentInstruments.isDefault, true)));
  return row === undefined
    ? null
    : { ...toSaved(row), token: row.token, networkTransactionId: row.networkTransactionId };
}

/**
 * A one-time nonce of one of the shopper's saved cards, for their browser to authenticate by 3-D
 * Secure when the card's issuer asks to authenticate a payment on it (PAYMENTS.md "3-D Secure 2";
 * decision 043). Not theirs, not a card, or gone from the provider's vault: notFound. A provider
 * that does not answer is `unavailable` or `timedOut`, in spec 8's words.
 */
export async function createAuthenticationNonce(
  db: Db,
  userId: number,
  instrumentId: number,
  providers: PaymentProviders = paymentProviders(),
): Promise<string> {
  const saved = await findOwnInstrument(db, userId, instrumentId);
  if (saved === null || saved.type !== 'card') throw new InstrumentError('notFound');
  const provider = providers.all().find((candidate) => candidate.type === saved.gateway);
  if (provider?.createAuthenticationNonce === undefined) throw new InstrumentError('notFound');
  let nonce: string | null;
  try {
    nonce = await provider.createAuthenticationNonce(saved.token);
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || !error.isRetryable) throw error;
    throw error.code === 'unreachable'
      ? new AppError('unavailable', MESSAGES.providerUnreachable)
      : new AppError('timedOut', MESSAGES.connectionTimeout);
  }
  if (nonce === null) throw new InstrumentError('notFound');
  return nonce;
}

/** Makes one of the shopper's instruments their default (an expired card cannot be). */
export async function makeDefaultInstrument(db: Db, userId: number, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentInstruments)
      .where(and(eq(paymentInstruments.id, id), eq(paymentInstruments.userId, userId)))
      .for('update');
    if (row === undefined) throw new InstrumentError('notFound');
    if (row.isDefault) return;
    if (isInstrumentExpired(row, now)) throw new InstrumentError('expired');
    // One default per shopper (a partial unique index): clear the old one first.
    await tx
      .update(paymentInstruments)
      .set({ isDefault: false })
      .where(and(eq(paymentInstruments.userId, userId), eq(paymentInstruments.isDefault, true)));
    await tx.update(paymentInstruments).set({ isDefault: true }).where(eq(paymentInstruments.id, id));
  });
}

/** Deletes saved instruments at the gateway; a gateway that cannot be reached is logged, not fatal. */
async function deleteFromVault(
  given: PaymentProviders | undefined,
  rows: { gateway: string; token: string }[],
): Promise<void> {
  for (const row of rows) {
    try {
      const providers = given ?? paymentProviders();
      const provider = providers.all().find((candidate) => candidate.type === row.gateway);
      await provider?.deletePaymentMethod?.(row.token);
    } catch (error) {
      logError('instruments', 'vault delete failed', error);
    }
  }
}

/**
 * Removes one of the shopper's instruments, its Express Buy tokens and its vault entry. When it was
 * the default, the most recently used card that has not expired (or PayPal account) takes over.
 */
export async function removeInstrument(
  db: Db,
  userId: number,
  id: number,
  options: { now: Date; providers?: PaymentProviders },
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(paymentInstruments)
      .where(and(eq(paymentInstruments.id, id), eq(paymentInstruments.userId, userId)))
      .returning();
    if (row === undefined) throw new InstrumentError('notFound');
    if (row.isDefault) {
      const rest = await listInstruments(tx, userId);
      const next = rest.find((instrument) => !isInstrumentExpired(instrument, options.now));
      if (next !== undefined) {
        await tx.update(paymentInstruments).set({ isDefault: true }).where(eq(paymentInstruments.id, next.id));
      }
    }
    return row;
  });
  // The row is gone first, so the token can never pay again from here, whatever the gateway says.
  await deleteFromVault(options.providers, [removed]);
}

/**
 * Account deletion (spec 7 /user/anonymize, through the `account.deleted` subscriber): removes every
 * instrument of the shopper (their Express Buy tokens go with them, by the tokens' foreign key) and
 * then deletes them from the gateway's vault. Safe to run again: a second run finds nothing.
 */
export async function forgetInstruments(db: Db, userId: number, providers?: PaymentProviders): Promise<void> {
  const forgotten = await db
    .delete(paymentInstruments)
    .where(eq(paymentInstruments.userId, userId))
    .returning({ gateway: paymentInstruments.gateway, token: paymentInstruments.token });
  await deleteFromVault(providers, forgotten);
}

/** spec 7 /customer: the shopper's saved instruments as the account page and the API show them. */
export async function listCustomerInstruments(db: Db, userId: number, now: Date): Promise<CustomerInstrument[]> {
  const saved = await listInstruments(db, userId);
  return saved.map((instrument) => ({
    id: instrument.id,
    type: instrument.type,
    gateway: instrument.gateway === 'BRAINTREE' ? 'BRAINTREE' : instrument.gateway === 'KLARNA' ? 'KLARNA' : 'CLEARPAY',
    default: instrument.isDefault,
    mode: 'EXISTING',
    cardType: instrument.cardType,
    lastFour: instrument.lastFour,
    expiryMonth: instrument.expiryMonth,
    expiryYear: instrument.expiryYear,
    email: instrument.email,
    label: instrumentLabel(instrument),
    expired: isInstrumentExpired(instrument, now),
  }));
}
