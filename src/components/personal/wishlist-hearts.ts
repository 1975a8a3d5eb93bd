/**
 * The hearts' one script (decision 022): shows every heart on the page, keeps aria-pressed in step with
 * $wishlist, and toggles a deal on click. Event delegation and a MutationObserver cover hearts added
 * later (Show more, personal rails). The wish list page's "Remove all" button goes through the same
 * click handler (spec 4: the store resets after the call succeeds); the page then hears
 * "wishlist:cleared" and shows its empty state. Runs once however many cards the page has.
 */
import { $wishlist, $wishlistMessage, clearWishlist, loadWishlist, toggleWishlist } from '@/stores/wishlist';

const SELECTOR = 'button[data-wishlist-heart]';
/** A listing card (DealCard.astro) and the corner its heart goes in. */
const CARD_SELECTOR = 'article.deal-card[data-deal-id]';
const CARD_CORNER_CLASS = 'deal-card__action';
const busy = new WeakSet<HTMLButtonElement>();

/** The deal's headline: the heart's own (the deal page), else its card's headline link. */
function headlineOf(heart: HTMLButtonElement): string | undefined {
  return heart.dataset.headline ?? heart.closest('article')?.querySelector('h2 a, h3 a, h4 a')?.textContent?.trim();
}

/** The card's corner over its picture: the card's own (when it has another control there), else made here. */
function cornerOf(card: HTMLElement): Element | null {
  const corner = card.querySelector(`.${CARD_CORNER_CLASS}`);
  if (corner !== null) return corner;
  const media = card.querySelector('.deal-card__media');
  if (media === null) return null;
  const made = document.createElement('div');
  made.className = CARD_CORNER_CLASS;
  media.append(made);
  return made;
}

/**
 * Decision 064: a card's heart is not in the shared HTML (hidden there, it was 120 bytes a card); it is
 * made here, in its card's corner, from the card's deal id (decision 069: the empty corner is made here
 * too). The deal page's heart is in its HTML.
 */
function addCardHearts(): void {
  for (const card of document.querySelectorAll<HTMLElement>(CARD_SELECTOR)) {
    if (card.querySelector(SELECTOR) !== null) continue;
    const corner = cornerOf(card);
    if (corner === null) continue;
    const heart = document.createElement('button');
    heart.type = 'button';
    heart.className = 'wishlist-heart wishlist-heart--card';
    heart.dataset.wishlistHeart = card.dataset.dealId;
    heart.ariaPressed = 'false';
    corner.prepend(heart);
  }
}

function paint(): void {
  addCardHearts();
  const ids = $wishlist.get().ids;
  for (const heart of document.querySelectorAll<HTMLButtonElement>(SELECTOR)) {
    if (!heart.hasAttribute('aria-label')) heart.ariaLabel = `Save to wish list: ${headlineOf(heart) ?? 'this deal'}`;
    heart.hidden = false;
    heart.ariaPressed = String(ids.includes(Number(heart.dataset.wishlistHeart)));
  }
}

async function press(button: HTMLButtonElement): Promise<void> {
  if (button.dataset.wishlistHeart) {
    await toggleWishlist(Number(button.dataset.wishlistHeart), headlineOf(button));
  } else if (window.confirm('Remove every deal from your wish list?') && (await clearWishlist())) {
    document.dispatchEvent(new Event('wishlist:cleared'));
  }
}

export function initWishlistHearts(): void {
  const region = document.createElement('p');
  region.className = 'visually-hidden';
  region.setAttribute('role', 'status');
  document.body.append(region);
  paint();
  $wishlist.listen(paint);
  $wishlistMessage.listen((message) => {
    region.textContent = message;
  });
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>(`${SELECTOR},[data-wishlist-clear]`);
    // Busy, not disabled: a disabled button would drop a keyboard user's focus.
    if (!button || busy.has(button)) return;
    event.preventDefault();
    busy.add(button);
    void press(button).finally(() => busy.delete(button));
  });
  // Cards added later (Show more, personal rails): one paint per frame, however many nodes arrive.
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      paint();
    });
  }).observe(document.body, { childList: true, subtree: true });
  (window.requestIdleCallback ?? setTimeout)(() => void loadWishlist());
}
