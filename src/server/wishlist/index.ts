/**
 * The wishlist service (docs/decisions/022; spec 3 Wishlist, spec 4 "the wishlist is reset after
 * the delete-all call succeeds", spec 5 wishlist arguments, spec 7 wishlist calls). A wishlist
 * belongs to a signed-in customer (by customer token) or to a guest browser (by the id in its
 * cookie); at login the guest's list merges into the customer's (PATCH op merge). Every change is
 * one transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Conflict, Invalid, NotFound } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { WISHLIST_MAX_DEALS } from '@/domain/wishlist';
import { deals } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { type WishlistRow, wishlistDeals, wishlists } from './schema';
import type { WishlistOwner, WishlistView } from './types';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Handle = Db | Tx;

function newId(): string {
  return randomBytes(24).toString('base64url');
}

async function findRow(db: Handle, owner: WishlistOwner): Promise<WishlistRow | null> {
  if ('customerToken' in owner) {
    const [row] = await db.select().from(wishlists).where(eq(wishlists.customerToken, owner.customerToken)).limit(1);
    return row ?? null;
  }
  if (owner.wishlistId === null) return null;
  // A guest id names only a guest list: once merged into a customer's, the id reads nothing.
  const [row] = await db.select().from(wishlists).where(eq(wishlists.id, owner.wishlistId)).limit(1);
  return row !== undefined && row.customerToken === null ? row : null;
}

async function viewOf(db: Handle, row: WishlistRow): Promise<WishlistView> {
  const rows = await db
    .select({ dealId: wishlistDeals.dealId })
    .from(wishlistDeals)
    .where(eq(wishlistDeals.wishlistId, row.id))
    .orderBy(desc(wishlistDeals.addedAt), desc(wishlistDeals.dealId));
  return { id: row.id, shareId: row.shareId, customerToken: row.customerToken, dealIds: rows.map((r) => r.dealId) };
}

/** The owner's wishlist, or null when they have none. */
export async function retrieveWishlist(db: Db, owner: WishlistOwner): Promise<WishlistView | null> {
  const row = await findRow(db, owner);
  return row === null ? null : viewOf(db, row);
}

/** A wishlist by its shared link's id (read only), or null. */
export async function retrieveSharedWishlist(db: Db, shareId: string): Promise<WishlistView | null> {
  const [row] = await db.select().from(wishlists).where(eq(wishlists.shareId, shareId)).limit(1);
  return row === undefined ? null : viewOf(db, row);
}

async function findOrCreate(tx: Tx, owner: WishlistOwner, now: Date): Promise<WishlistRow> {
  const found = await findRow(tx, owner);
  if (found !== null) return found;
  const customerToken = 'customerToken' in owner ? owner.customerToken : null;
  const [created] = await tx
    .insert(wishlists)
    .values({ id: newId(), shareId: newId(), customerToken, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (created !== undefined) return created;
  // Another request created the customer's list at the same moment: use it.
  const again = await findRow(tx, owner);
  if (again === null) throw new Error('wishlist could not be created');
  return again;
}

/** Adds deals the catalogue has; unknown ids are refused so a typo never fills a list silently. */
async function insertDeals(tx: Tx, wishlistId: string, dealIds: readonly number[], now: Date): Promise<void> {
  const unique = [...new Set(dealIds)];
  const known = await tx.select({ id: deals.id }).from(deals).where(inArray(deals.id, unique));
  const knownIds = new Set(known.map((row) => row.id));
  const unknown = unique.filter((id) => !knownIds.has(id));
  if (unknown.length > 0) throw new NotFound(`No deal has the id ${unknown.join(', ')}.`);
  // Newest first: the first id given is the newest, so later ones are stamped a moment earlier.
  await tx
    .insert(wishlistDeals)
    .values(unique.map((dealId, index) => ({ wishlistId, dealId, addedAt: new Date(now.getTime() - index) })))
    .onConflictDoNothing();
  await checkSize(tx, wishlistId);
  await tx.update(wishlists).set({ updatedAt: now }).where(eq(wishlists.id, wishlistId));
}

async function checkSize(tx: Tx, wishlistId: string): Promise<void> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(wishlistDeals)
    .where(eq(wishlistDeals.wishlistId, wishlistId));
  if ((row?.count ?? 0) > WISHLIST_MAX_DEALS) {
    throw new Conflict(`A wish list holds up to ${WISHLIST_MAX_DEALS} deals. Remove one to add another.`);
  }
}

/**
 * spec 7 "POST a deal (creates and stores the id)": adds deals to the owner's wishlist, creating
 * it when there is none. spec 5: no deals is "Deals missing".
 */
export async function addToWishlist(
  db: Db,
  owner: WishlistOwner,
  dealIds: readonly number[],
  now = new Date(),
): Promise<WishlistView> {
  if (dealIds.length === 0) throw new Invalid(MESSAGES.dealsMissing);
  return db.transaction(async (tx) => {
    const row = await findOrCreate(tx, owner, now);
    await insertDeals(tx, row.id, dealIds, now);
    return viewOf(tx, row);
  });
}

/** The owner's list or spec 8's "No Wish List ID" (a 404) when they have none. */
async function requireRow(tx: Handle, owner: WishlistOwner): Promise<WishlistRow> {
  const row = await findRow(tx, owner);
  if (row === null) throw new NotFound(MESSAGES.noWishListId);
  return row;
}

/** spec 7 "DELETE a deal": removes one deal (absent already is fine). */
export async function removeFromWishlist(db: Db, owner: WishlistOwner, dealId: number): Promise<WishlistView> {
  return db.transaction(async (tx) => {
    const row = await requireRow(tx, owner);
    await tx.delete(wishlistDeals).where(and(eq(wishlistDeals.wishlistId, row.id), eq(wishlistDeals.dealId, dealId)));
    await tx.update(wishlists).set({ updatedAt: new Date() }).where(eq(wishlists.id, row.id));
    return viewOf(tx, row);
  });
}

/** spec 7 "DELETE all deals" (spec 4: the island's store resets once this succeeds). */
export async function clearWishlist(db: Db, owner: WishlistOwner): Promise<WishlistView> {
  return db.transaction(async (tx) => {
    const row = await requireRow(tx, owner);
    await tx.delete(wishlistDeals).where(eq(wishlistDeals.wishlistId, row.id));
    await tx.update(wishlists).set({ updatedAt: new Date() }).where(eq(wishlists.id, row.id));
    return viewOf(tx, row);
  });
}

/** spec 7 PATCH "generic operations": replace the deals with these (newest first). */
export async function replaceWishlistDeals(
  db: Db,
  owner: WishlistOwner,
  dealIds: readonly number[],
  now = new Date(),
): Promise<WishlistView> {
  return db.transaction(async (tx) => {
    const row = await findOrCreate(tx, owner, now);
    await tx.delete(wishlistDeals).where(eq(wishlistDeals.wishlistId, row.id));
    if (dealIds.length > 0) await insertDeals(tx, row.id, dealIds, now);
    return viewOf(tx, row);
  });
}

/**
 * spec 7 PATCH op merge (path /customerToken): a guest's wishlist joins the customer's at login.
 * The guest's deals are added to the customer's list (kept where both hold a deal); with no list
 * of their own the guest list simply becomes theirs. The guest id reads nothing afterwards.
 * Null when the guest has no list.
 */
export async function mergeGuestWishlist(
  db: Db,
  guestWishlistId: string,
  customerToken: string,
  now = new Date(),
): Promise<WishlistView | null> {
  return db.transaction(async (tx) => {
    const guest = await findRow(tx, { wishlistId: guestWishlistId });
    if (guest === null) return retrieveWishlistIn(tx, { customerToken });
    const own = await findRow(tx, { customerToken });
    if (own === null) {
      const [claimed] = await tx
        .update(wishlists)
        .set({ customerToken, updatedAt: now })
        .where(eq(wishlists.id, guest.id))
        .returning();
      return claimed === undefined ? null : viewOf(tx, claimed);
    }
    await tx.execute(sql`
      insert into wishlist_deals (wishlist_id, deal_id, added_at)
      select ${own.id}, deal_id, added_at from wishlist_deals where wishlist_id = ${guest.id}
      on conflict do nothing
    `);
    await tx.delete(wishlists).where(eq(wishlists.id, guest.id));
    await tx.update(wishlists).set({ updatedAt: now }).where(eq(wishlists.id, own.id));
    // Over the cap after a merge: the oldest go (a login must never fail on a wishlist).
    await tx.execute(sql`
      delete from wishlist_deals where wishlist_id = ${own.id} and deal_id not in (
        select deal_id from wishlist_deals where wishlist_id = ${own.id}
        order by added_at desc, deal_id desc limit ${WISHLIST_MAX_DEALS}
      )
    `);
    return viewOf(tx, own);
  });
}

async function retrieveWishlistIn(tx: Tx, owner: WishlistOwner): Promise<WishlistView | null> {
  const row = await findRow(tx, owner);
  return row === null ? null : viewOf(tx, row);
}

export { toWishlistResponse } from './response';
export type { WishlistOwner, WishlistView } from './types';
