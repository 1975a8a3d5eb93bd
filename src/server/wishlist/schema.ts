/**
 * Wishlists (docs/decisions/022; spec 3 Wishlist, spec 7 wishlist calls). A guest's wishlist is
 * found by its id in the wishlist cookie (7 days, spec 9); a signed-in shopper's by their customer
 * token. The share id is a second, read-only key for the shared link, so sharing never hands out
 * the id that can change the list.
 */
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { deals } from '../catalog/schema';

export const wishlists = pgTable(
  'wishlists',
  {
    /** spec 3 Wishlist id: a random token (the guest's cookie holds it). */
    id: text('id').primaryKey(),
    /** spec 3: set once the list belongs to a signed-in customer (one list per customer). */
    customerToken: text('customer_token'),
    /** The read-only key of the shared link (/wishlist/shared/{shareId}). */
    shareId: text('share_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wishlists_customer_token_key').on(t.customerToken),
    uniqueIndex('wishlists_share_id_key').on(t.shareId),
  ],
);

/** The deals on a wishlist, newest first by addedAt. */
export const wishlistDeals = pgTable(
  'wishlist_deals',
  {
    wishlistId: text('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.wishlistId, t.dealId] }),
    index('wishlist_deals_added_idx').on(t.wishlistId, t.addedAt),
  ],
);

export type WishlistRow = typeof wishlists.$inferSelect;
