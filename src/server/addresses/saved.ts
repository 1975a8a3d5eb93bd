/**
 * Saved delivery addresses (docs/decisions/051): a signed-in shopper keeps up to 20 in My Account and
 * picks one at checkout. The first becomes the default; removing the default makes the newest one
 * left the default. Every change is one transaction holding the shopper's address lock, so two
 * devices adding at once still stop at the limit and never leave two defaults (or none).
 * Personal data: read only by its shopper, never logged, and removed when the account is deleted.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { fieldErrorsOf } from '@/contracts/account';
import {
  type DeliveryAddress,
  type DeliveryAddressInput,
  DeliveryAddressSchema,
  type SavedAddress,
} from '@/contracts/delivery';
import { Conflict, Invalid, NotFound } from '@/domain/errors';
import type { Db, DbOrTx } from '@/server/db';
import { savedAddresses } from './schema';

/** decision 051: how many addresses one shopper may keep. */
export const MAX_SAVED_ADDRESSES = 20;

/** What a shopper reads when a saved-address change is refused or done. */
export const SAVED_ADDRESS_COPY = {
  notFound: 'That address is not in your account.',
  tooMany: `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Remove one you no longer use to add another.`,
  added: 'The address has been added.',
  updated: 'The address has been updated.',
  removed: 'The address has been removed.',
  madeDefault: 'Your default address has been changed.',
} as const;

/** The advisory lock's first key: one shopper's saved addresses (the second is the user id). */
const SAVED_ADDRESS_LOCK = 5101;

type SavedAddressRow = typeof savedAddresses.$inferSelect;

function toSavedAddress(row: SavedAddressRow): SavedAddress {
  return {
    id: row.id,
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    town: row.town,
    postcode: row.postcode,
    phone: row.phone,
    isDefault: row.isDefault,
  };
}

/** The address checked by DeliveryAddressSchema; a bad one is refused with its first field's message. */
function validAddress(input: DeliveryAddressInput): DeliveryAddress {
  const parsed = DeliveryAddressSchema.safeParse(input);
  if (!parsed.success) {
    throw new Invalid(Object.values(fieldErrorsOf(parsed.error))[0] ?? SAVED_ADDRESS_COPY.notFound);
  }
  return parsed.data;
}

async function lockShopper(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SAVED_ADDRESS_LOCK}, ${userId})`);
}

const ownedBy = (userId: number, id: number) => and(eq(savedAddresses.userId, userId), eq(savedAddresses.id, id));

/** The shopper's addresses: the default first, then the newest first. */
export async function listSavedAddresses(db: DbOrTx, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.isDefault), desc(savedAddresses.createdAt), desc(savedAddresses.id));
  return rows.map(toSavedAddress);
}

/** One of the shopper's addresses, or null when there is none with that id or it is someone else's. */
export async function retrieveSavedAddress(db: DbOrTx, userId: number, id: number): Promise<SavedAddress | null> {
  const [row] = await db.select().from(savedAddresses).where(ownedBy(userId, id)).limit(1);
  return row === undefined ? null : toSavedAddress(row);
}

/** spec 3 user flag hasAddress: whether the shopper has a saved address. */
export async function hasSavedAddress(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: savedAddresses.id })
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Adds an address (the default when it is the shopper's first); refused past MAX_SAVED_ADDRESSES. */
export async function addSavedAddress(db: Db, userId: number, input: DeliveryAddressInput): Promise<SavedAddress> {
  const address = validAddress(input);
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [held] = await tx.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
    const n = Number(held?.n ?? 0);
    if (n >= MAX_SAVED_ADDRESSES) throw new Conflict(SAVED_ADDRESS_COPY.tooMany, { code: 'tooManyAddresses' });
    const [row] = await tx
      .insert(savedAddresses)
      .values({ userId, ...address, isDefault: n === 0 })
      .returning();
    if (row === undefined) throw new Error('saved_addresses insert returned nothing');
    return toSavedAddress(row);
  });
}

/** Changes an address of the shopper's (NotFound for anyone else's); its default mark stays as it was. */
export async function updateSavedAddress(
  db: Db,
  userId: number,
  id: number,
  input: DeliveryAddressInput,
): Promise<SavedAddress> {
  const address = validAddress(input);
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [row] = await tx
      .update(savedAddresses)
      .set({ ...address, updatedAt: sql`now()` })
      .where(ownedBy(userId, id))
      .returning();
    if (row === undefined) throw new NotFound(SAVED_ADDRESS_COPY.notFound);
    return toSavedAddress(row);
  });
}

/** Removes an address of the shopper's; when it was the default, the newest one left becomes the default. */
export async function removeSavedAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [removed] = await tx.delete(savedAddresses).where(ownedBy(userId, id)).returning();
    if (removed === undefined) throw new NotFound(SAVED_ADDRESS_COPY.notFound);
    if (!removed.isDefault) return;
    const [newest] = await tx
      .select({ id: savedAddresses.id })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(desc(savedAddresses.createdAt), desc(savedAddresses.id))
      .limit(1);
    if (newest !== undefined) {
      await tx
        .update(savedAddresses)
        .set({ isDefault: true, updatedAt: sql`now()` })
        .where(eq(savedAddresses.id, newest.id));
    }
  });
}

/** Makes one of the shopper's addresses the default (the one before it no longer is). */
export async function setDefaultAddress(db: Db, userId: number, id: number): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [target] = await tx.select().from(savedAddresses).where(ownedBy(userId, id)).limit(1);
    if (target === undefined) throw new NotFound(SAVED_ADDRESS_COPY.notFound);
    if (target.isDefault) return toSavedAddress(target);
    // One default per shopper (a unique index): the old mark goes before the new one is set.
    await tx
      .update(savedAddresses)
      .set({ isDefault: false, updatedAt: sql`now()` })
      .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)));
    const [row] = await tx
      .update(savedAddresses)
      .set({ isDefault: true, updatedAt: sql`now()` })
      .where(eq(savedAddresses.id, target.id))
      .returning();
    if (row === undefined) throw new NotFound(SAVED_ADDRESS_COPY.notFound);
    return toSavedAddress(row);
  });
}

/** decision 051 and UK GDPR: a deleted account's saved addresses go with it. */
export async function forgetSavedAddresses(db: Db, userId: number): Promise<number> {
  const removed = await db
    .delete(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .returning({ id: savedAddresses.id });
  return removed.length;
}
