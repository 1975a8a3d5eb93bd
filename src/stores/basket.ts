/**
 * $basketCount: the basket's visible quantity (spec 5) for the header. It comes from the readable
 * basket_qty cookie the server sets on every basket change, so no page asks the server for it;
 * the checkout island calls setBasketCount after a change it made.
 */
import { atom } from 'nanostores';
import { basketCountFromCookies } from '@/domain/basket';

export const $basketCount = atom<number>(0);

/** Reads the count from the cookie (the browser's own, unless a cookie string is given). */
export function refreshFromCookie(cookieString?: string): void {
  const cookies = cookieString ?? (typeof document === 'undefined' ? '' : document.cookie);
  $basketCount.set(basketCountFromCookies(cookies));
}

/** Sets the count after a basket change this page made (whole numbers, never below 0). */
export function setBasketCount(n: number): void {
  $basketCount.set(Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
}
