import { describe, expect, it } from 'vitest';
import { isWishlistId, shareIdFromUrl, WISHLIST_COOKIE_SECONDS, wishlistQuantityText } from './wishlist';

describe('wishlist rules', () => {
  it('spec 9: the wishlist cookie lives 604800 s (7 days)', () => {
    expect(WISHLIST_COOKIE_SECONDS).toBe(604_800);
  });

  it('spec 3 and 4: the quantity is text, empty when zero', () => {
    expect(wishlistQuantityText(0)).toBe('');
    expect(wishlistQuantityText(3)).toBe('3');
  });

  it('spec 7: a shared link names its share id; anything else names none', () => {
    const id = 'a'.repeat(32);
    expect(shareIdFromUrl(`https://tuppence.co.uk/wishlist/shared/${id}`)).toBe(id);
    expect(shareIdFromUrl(`/wishlist/shared/${id}?utm_source=x`)).toBe(id);
    expect(shareIdFromUrl('https://tuppence.co.uk/deal/123')).toBeNull();
    expect(shareIdFromUrl('/wishlist/shared/short')).toBeNull();
    expect(isWishlistId('x'.repeat(23))).toBe(false);
    expect(isWishlistId('x'.repeat(24))).toBe(true);
  });
});
