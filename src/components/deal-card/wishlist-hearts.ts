/**
 * The hearts' one script (issue 21.1): shows every heart on the page, keeps aria-pressed in step with
 * $wishlist, and toggles a deal on click. Event delegation and a MutationObserver cover hearts added
 * later (Show more, personal rails). Runs once however many cards the page has.
 */
import { $wishlist, $wishlistMessage, loadWishlist, toggleWishlist } from '@/stores/wishlist';

const SELECTOR = 'button[data-wishlist-heart]';

function paint(root: ParentNode = document): void {
  const ids = new Set($wishlist.get().ids);
  for (const heart of root.querySelectorAll<HTMLButtonElement>(SELECTOR)) {
    heart.hidden = false;
    heart.setAttribute('aria-pressed', String(ids.has(Number(heart.dataset.wishlistHeart))));
  }
}

/** One polite live region for what a heart did ("… is on your wish list."). */
function liveRegion(): HTMLElement {
  let region = document.getElementById('wishlist-status');
  if (region === null) {
    region = document.createElement('p');
    region.id = 'wishlist-status';
    region.className = 'visually-hidden';
    region.setAttribute('role', 'status');
    document.body.append(region);
  }
  return region;
}

let started = false;

export function initWishlistHearts(): void {
  if (started) return;
  started = true;
  paint();
  $wishlist.listen(() => paint());
  $wishlistMessage.listen((message) => {
    liveRegion().textContent = message;
  });
  document.addEventListener('click', (event) => {
    const heart = (event.target as Element | null)?.closest<HTMLButtonElement>(SELECTOR);
    if (!heart) return;
    event.preventDefault();
    const dealId = Number(heart.dataset.wishlistHeart);
    if (!Number.isSafeInteger(dealId) || heart.getAttribute('aria-busy') === 'true') return;
    heart.setAttribute('aria-busy', 'true');
    void toggleWishlist(dealId, heart.dataset.headline).finally(() => heart.removeAttribute('aria-busy'));
  });
  new MutationObserver((records) => {
    if (records.some((record) => record.addedNodes.length > 0)) paint();
  }).observe(document.body, { childList: true, subtree: true });
  const load = () => void loadWishlist();
  if ('requestIdleCallback' in window) window.requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1);
}
