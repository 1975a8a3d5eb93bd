/**
 * Wishlists on embedded PGlite (decision 022; spec 3 Wishlist, spec 4 delete-all, spec 5 wishlist
 * arguments, spec 7 wishlist calls and PATCH op merge).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import {
  addToWishlist,
  clearWishlist,
  mergeGuestWishlist,
  removeFromWishlist,
  replaceWishlistDeals,
  retrieveSharedWishlist,
  retrieveWishlist,
} from '../../src/server/wishlist';
import { embedded } from './databases';

describe.each(embedded)('wishlists on $name', (engine) => {
  let database: Database;
  let dealIds: number[] = [];

  beforeAll(async () => {
    clearCatalogueCaches();
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 120, seed: 21 });
    const rows = await database.db.execute<{ id: number }>(sql`select id from deals order by id limit 6`);
    dealIds = rows.rows.map((row) => Number(row.id));
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await database?.close();
  });

  it('a guest hearts two deals: one list, newest first, found again by its id', async () => {
    const [a, b] = dealIds as [number, number];
    const first = await addToWishlist(database.db, { wishlistId: null }, [a]);
    const second = await addToWishlist(database.db, { wishlistId: first.id }, [b]);
    expect(second.id).toBe(first.id);
    expect(second.dealIds).toEqual([b, a]);
    expect((await retrieveWishlist(database.db, { wishlistId: first.id }))?.dealIds).toEqual([b, a]);
    // Hearting a deal twice keeps one entry.
    expect((await addToWishlist(database.db, { wishlistId: first.id }, [a])).dealIds).toEqual([b, a]);
  });

  it('spec 5: adding no deals is "Deals missing"; an unknown deal is refused', async () => {
    await expect(addToWishlist(database.db, { wishlistId: null }, [])).rejects.toThrow('Deals missing');
    await expect(addToWishlist(database.db, { wishlistId: null }, [987654321])).rejects.toMatchObject({
      kind: 'notFound',
    });
  });

  it('spec 8: removing from a list that does not exist is "No Wish List ID"', async () => {
    await expect(removeFromWishlist(database.db, { wishlistId: null }, dealIds[0] ?? 0)).rejects.toThrow(
      'No Wish List ID',
    );
    await expect(clearWishlist(database.db, { customerToken: 'nobody-has-this-token' })).rejects.toMatchObject({
      kind: 'notFound',
    });
  });

  it('at login the guest list merges into the account list, and the guest id then reads nothing', async () => {
    const [a, b, c] = dealIds as [number, number, number];
    const customerToken = 'customer-merge-0001';
    await addToWishlist(database.db, { customerToken }, [c]);
    const guest = await addToWishlist(database.db, { wishlistId: null }, [a, b]);
    const merged = await mergeGuestWishlist(database.db, guest.id, customerToken);
    expect(new Set(merged?.dealIds)).toEqual(new Set([a, b, c]));
    expect((await retrieveWishlist(database.db, { customerToken }))?.dealIds.length).toBe(3);
    expect(await retrieveWishlist(database.db, { wishlistId: guest.id })).toBeNull();
  });

  it('a customer with no list of their own takes the guest list over', async () => {
    const [a] = dealIds as [number];
    const guest = await addToWishlist(database.db, { wishlistId: null }, [a]);
    const merged = await mergeGuestWishlist(database.db, guest.id, 'customer-merge-0002');
    expect(merged?.id).toBe(guest.id);
    expect(merged?.customerToken).toBe('customer-merge-0002');
    expect(await retrieveWishlist(database.db, { wishlistId: guest.id })).toBeNull();
  });

  it('remove one, remove all, replace, and the shared link reads the list', async () => {
    const [a, b, c, d] = dealIds as [number, number, number, number];
    const owner = { customerToken: 'customer-edit-0003' };
    const list = await addToWishlist(database.db, owner, [a, b, c]);
    expect((await removeFromWishlist(database.db, owner, b)).dealIds).toEqual([a, c]);
    expect((await retrieveSharedWishlist(database.db, list.shareId))?.dealIds).toEqual([a, c]);
    expect((await replaceWishlistDeals(database.db, owner, [d])).dealIds).toEqual([d]);
    expect((await clearWishlist(database.db, owner)).dealIds).toEqual([]);
    expect(await retrieveSharedWishlist(database.db, 'x'.repeat(32))).toBeNull();
  });
});
