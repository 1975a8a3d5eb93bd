/**
 * The sandbox gateway's vault (PAYMENTS.md; Braintree's payment method vault): a sale with
 * `storeInVault` that authorises keeps the instrument under a payment method token, and a later sale
 * pays with that token instead of a nonce. The vault holds what the nonce held (brand, last four,
 * expiry, the PayPal email, the test behaviours at the sale and at 3-D Secure, the fingerprint) and
 * the saving sale's network reference, never a number or CVV. A one-time nonce can be minted from a
 * saved card (Braintree's paymentMethodNonce.create), so the card can be authenticated again by 3-D
 * Secure when its issuer asks (./three-d-secure.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BRAND_NAMES, type CardBrand, isExpired } from '@/domain/card-details';
import type { PaymentMethodAnswer, VaultAnswer } from './answers';
import type { SandboxDb, SandboxTx } from './db/client';
import { nonces, vault } from './db/schema';
import type { InstrumentKind, SandboxInstrument, ThreeDSecureScenario } from './test-data';

const BRAND_BY_NAME = new Map(Object.entries(BRAND_NAMES).map(([brand, name]) => [name, brand as CardBrand]));

/** The kinds a vault keeps (the shop saves cards and PayPal accounts). */
export function isVaultable(kind: InstrumentKind): kind is 'card' | 'paypal' {
  return kind === 'card' || kind === 'paypal';
}

/** Braintree-style payment method tokens: `vault_` and 24 random url-safe characters. */
function newVaultToken(): string {
  return `vault_${randomBytes(18).toString('base64url')}`;
}

/**
 * Saves an authorised instrument with the network reference of the sale that saved it (a renewal
 * quotes it: PAYMENTS.md "3-D Secure 2"); answers the token to pay with next time and its fingerprint.
 */
export async function vaultInstrument(
  tx: SandboxTx,
  instrument: SandboxInstrument,
  fallbackFingerprint: string,
  networkTransactionId: string | null = null,
) {
  const fingerprint = instrument.fingerprint ?? fallbackFingerprint;
  const token = newVaultToken();
  await tx.insert(vault).values({
    token,
    kind: instrument.kind,
    cardType: instrument.cardType,
    lastFour: instrument.lastFour,
    expiryMonth: instrument.expiryMonth,
    expiryYear: instrument.expiryYear,
    email: instrument.email ?? null,
    behaviour: instrument.behaviour,
    fingerprint,
    networkTransactionId,
    threeDSecure: instrument.threeDSecure ?? 'frictionless',
  });
  const answer: VaultAnswer = { paymentMethodToken: token, fingerprint };
  return answer;
}

/**
 * The instrument behind a live payment method token, or null (unknown or deleted). A card whose
 * expiry has passed since it was saved now behaves as expired, as the bank would treat it.
 */
export async function vaultedInstrument(tx: SandboxTx, token: string, now: Date): Promise<SandboxInstrument | null> {
  const [row] = await tx
    .select()
    .from(vault)
    .where(and(eq(vault.token, token), isNull(vault.deletedAt)));
  if (row === undefined) return null;
  const month = Number(row.expiryMonth);
  const year = Number(row.expiryYear);
  const expired = row.expiryMonth !== null && row.expiryYear !== null && isExpired({ month, year }, now);
  return {
    kind: row.kind as InstrumentKind,
    brand: BRAND_BY_NAME.get(row.cardType ?? '') ?? null,
    cardType: row.cardType ?? BRAND_NAMES.unknown,
    lastFour: row.lastFour,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    behaviour: expired ? 'expired' : (row.behaviour as SandboxInstrument['behaviour']),
    fingerprint: row.fingerprint,
    email: row.email,
    networkTransactionId: row.networkTransactionId,
    threeDSecure: row.threeDSecure as ThreeDSecureScenario,
  };
}

/** Deletes a payment method from the vault (Braintree's paymentMethod.delete); deleting twice is harmless. */
export async function deleteVaulted(db: SandboxDb, token: string): Promise<{ deleted: boolean }> {
  const rows = await db
    .update(vault)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(vault.token, token), isNull(vault.deletedAt)))
    .returning({ token: vault.token });
  return { deleted: rows.length > 0 };
}

/** Braintree's paymentMethod.find: the live instrument behind a token, as an answer (never a number or CVV). */
export async function findVaulted(db: SandboxDb, token: string, now: Date = new Date()): Promise<PaymentMethodAnswer> {
  const instrument = await vaultedInstrument(db as unknown as SandboxTx, token, now);
  if (instrument === null) return { found: false };
  const { kind, cardType, lastFour, expiryMonth, expiryYear, email } = instrument;
  return {
    found: true,
    paymentMethodToken: token,
    instrument: { kind, cardType, lastFour, expiryMonth, expiryYear, ...(email ? { email } : {}) },
    fingerprint: instrument.fingerprint ?? '',
  };
}

/**
 * A one-time nonce that stands for a saved card (Braintree's paymentMethodNonce.create, server to
 * server): it carries what the vault keeps and the token it came from, so it can be authenticated by
 * 3-D Secure (POST 3ds/authenticate) for a sale on that token. Null for an unknown or deleted token.
 */
export async function mintVaultedNonce(db: SandboxDb, token: string, now: Date = new Date()): Promise<string | null> {
  const [row] = await db
    .select()
    .from(vault)
    .where(and(eq(vault.token, token), isNull(vault.deletedAt)));
  if (row === undefined) return null;
  const nonce = `tokenvc_${randomUUID().replaceAll('-', '_')}`;
  await db.insert(nonces).values({
    nonce,
    kind: row.kind,
    cardType: row.cardType,
    lastFour: row.lastFour,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    fingerprint: row.fingerprint,
    behaviour: row.behaviour,
    threeDSecure: row.threeDSecure,
    paymentMethodToken: token,
    createdAt: now,
  });
  return nonce;
}
