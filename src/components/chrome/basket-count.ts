/**
 * The header's basket count in the browser (spec 4: empty text when zero; spec 5 visible quantity;
 * decision 067: no React for it). Header.astro renders the link as "Basket, 0 items" with an empty
 * count, since shared pages are cached for everyone; this reads the readable basket_qty cookie into
 * $basketCount (decision 014: no request) and keeps every basket link in step with the store, which
 * the checkout island also sets after a change it made.
 * Runs in the browser only; no server imports.
 */
import { basketCountLabel, basketCountText } from '@/domain/basket';
import { $basketCount, refreshFromCookie } from '@/stores/basket';

/** Writes a count into a basket link: its accessible name and its badge. */
export function paintBasketLink(link: ParentNode, count: number): void {
  const label = link.querySelector('[data-basket-label]');
  if (label) label.textContent = basketCountLabel(count);
  const badge = link.querySelector('[data-basket-count]');
  if (badge) badge.textContent = basketCountText(count);
}

/** Wires the page's basket links (none when a layout fills the header's `basket` slot instead). */
export function startBasketCount(doc: Document = document): void {
  const links = [...doc.querySelectorAll<HTMLElement>('[data-basket-link]')];
  if (links.length === 0) return;
  refreshFromCookie();
  $basketCount.subscribe((count) => {
    for (const link of links) paintBasketLink(link, count);
  });
  // Back and forward navigation can show a page from the browser's cache: read the cookie again.
  window.addEventListener('pageshow', () => refreshFromCookie());
}
